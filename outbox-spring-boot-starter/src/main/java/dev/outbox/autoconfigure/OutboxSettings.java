/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import dev.outbox.OutboxStore;
import dev.outbox.cleanup.CleanupSettings;
import dev.outbox.dispatch.DispatcherSettings;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import org.jspecify.annotations.Nullable;

/**
 * Turns {@link OutboxProperties} into the core's validated settings. The core names an invalid
 * setting in kebab-case ("dispatcher send-timeout ..."); this rewrites that to the full property
 * ("outbox.dispatcher.send-timeout ...") so that the failed start says what to change.
 */
final class OutboxSettings {

    private static final Pattern PLAIN_MAP_KEY = Pattern.compile("[a-z0-9-]+");

    private OutboxSettings() {
    }

    /**
     * @return a builder of the store on the data source, with the tables of the properties
     */
    static OutboxStore.Builder store(DataSource dataSource, OutboxProperties properties) {
        OutboxStore.Builder store = OutboxStore.builder(dataSource);
        tableName("outbox.table-name", properties.getTableName(), store::outboxTable);
        tableName("outbox.inbox.table-name", properties.getInbox().getTableName(), store::inboxTable);
        tableName("outbox.cleanup.archive.table-name", properties.getCleanup().getArchive().getTableName(),
                store::archiveTable);
        return store;
    }

    private static void tableName(String property, String value, Consumer<String> setTable) {
        try {
            setTable.accept(value);
        }
        catch (IllegalArgumentException ex) {
            throw new IllegalStateException(property + " is invalid: " + ex.getMessage(), ex);
        }
    }

    /**
     * @return the payload limit in bytes, for the template, which checks its range when it is built
     * (see {@link #buildWithPayloadLimit})
     */
    static int maxPayloadBytes(OutboxProperties properties) {
        long bytes = properties.getMaxPayloadSize().toBytes();
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, bytes));
    }

    /**
     * Builds what checks the payload limit, naming {@code outbox.max-payload-size} if it is out of range.
     */
    static <T> T buildWithPayloadLimit(OutboxProperties properties, Supplier<T> build) {
        try {
            return build.get();
        }
        catch (IllegalArgumentException ex) {
            throw new IllegalStateException("outbox.max-payload-size (" + properties.getMaxPayloadSize()
                    + ") is invalid: " + ex.getMessage(), ex);
        }
    }

    static DispatcherSettings dispatcherSettings(OutboxProperties properties) {
        OutboxProperties.Dispatcher dispatcher = properties.getDispatcher();
        return withPropertyNames("dispatcher", "outbox.dispatcher", () -> DispatcherSettings.builder()
                .pollInterval(dispatcher.getPollInterval())
                .maxPollInterval(dispatcher.getMaxPollInterval())
                .batchSize(dispatcher.getBatchSize())
                .lease(dispatcher.getLease())
                .sendTimeout(dispatcher.getSendTimeout())
                .shutdownTimeout(dispatcher.getShutdownTimeout())
                .threads(dispatcher.getThreads())
                .claimStrategy(dispatcher.getClaimStrategy())
                .handoffCapacity(dispatcher.getHandoffCapacity())
                .handlerThreads(dispatcher.getHandlerThreads())
                .build());
    }

    static CleanupSettings cleanupSettings(OutboxProperties properties) {
        OutboxProperties.Cleanup cleanup = properties.getCleanup();
        try {
            return CleanupSettings.builder()
                    .retention(cleanup.getRetention())
                    .includeFailed(cleanup.isIncludeFailed())
                    .batchSize(cleanup.getBatchSize())
                    .maxRowsPerRun(cleanup.getMaxRowsPerRun())
                    .maxRunTime(cleanup.getMaxRunTime())
                    .archive(cleanup.getArchive().isEnabled())
                    .inboxRetention(properties.getInbox().getRetention())
                    .build();
        }
        catch (IllegalArgumentException ex) {
            // The inbox's retention is checked with the cleanup's settings but named under its own prefix.
            String message = ex.getMessage();
            boolean inbox = message != null && message.startsWith("inbox ");
            throw new IllegalStateException(inbox ? propertyMessage("inbox", "outbox.inbox", message)
                    : propertyMessage("cleanup", "outbox.cleanup", message), ex);
        }
    }

    static RetryPolicies retryPolicies(OutboxProperties properties) {
        OutboxProperties.Retry retry = properties.getRetry();
        RetryPolicy defaultPolicy = withPropertyNames("retry", "outbox.retry",
                () -> new RetryPolicy(retry.getInitialDelay(), retry.getMultiplier(), retry.getMaxDelay(),
                        retry.getJitter(), retry.getMaxAttempts()));
        Map<String, RetryPolicy> byType = new LinkedHashMap<>();
        retry.getTypes().forEach((type, overrides) -> byType.put(type,
                withPropertyNames("retry", "outbox.retry.types" + mapKey(type),
                        () -> policyOf(overrides, retry))));
        Duration failedRetryInterval = retry.getFailedRetryInterval();
        return withPropertyNames("retry", "outbox.retry",
                () -> new RetryPolicies(defaultPolicy, byType, failedRetryInterval));
    }

    private static RetryPolicy policyOf(OutboxProperties.RetryType type, OutboxProperties.Retry defaults) {
        return new RetryPolicy(or(type.getInitialDelay(), defaults.getInitialDelay()),
                or(type.getMultiplier(), defaults.getMultiplier()), or(type.getMaxDelay(), defaults.getMaxDelay()),
                or(type.getJitter(), defaults.getJitter()), or(type.getMaxAttempts(), defaults.getMaxAttempts()));
    }

    /**
     * @return how a map key appears in a property name: {@code .key}, or {@code [key]} when it has
     * characters that only the bracket form keeps
     */
    static String mapKey(String key) {
        return PLAIN_MAP_KEY.matcher(key).matches() ? "." + key : "[" + key + "]";
    }

    private static <T> T or(@Nullable T value, T fallback) {
        return (value != null) ? value : fallback;
    }

    static <T> T withPropertyNames(String coreGroup, String propertyPrefix, Supplier<T> build) {
        try {
            return build.get();
        }
        catch (IllegalArgumentException ex) {
            throw new IllegalStateException(propertyMessage(coreGroup, propertyPrefix, ex.getMessage()), ex);
        }
    }

    /**
     * @param coreGroup the word that starts the core's message: "dispatcher" or "retry"
     * @param propertyPrefix the property prefix of that group
     * @param message the core's message, for example "dispatcher lease must be positive, was PT0S"
     * @return the message with the full property name, for example
     * "outbox.dispatcher.lease must be positive, was PT0S"
     */
    static String propertyMessage(String coreGroup, String propertyPrefix, @Nullable String message) {
        String start = coreGroup + " ";
        if (message != null && message.startsWith(start)) {
            return propertyPrefix + "." + message.substring(start.length());
        }
        return "Invalid " + propertyPrefix + ".* setting: " + message;
    }
}
