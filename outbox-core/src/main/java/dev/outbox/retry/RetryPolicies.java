/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.retry;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.outbox.settings.Check;
import dev.outbox.settings.Setting;
import org.jspecify.annotations.Nullable;

/**
 * The retry policy of each message type, and the optional slow retry of FAILED messages.
 */
public final class RetryPolicies {

    /**
     * How often a FAILED message whose attempts were spent is tried again; without it FAILED messages are retried
     * only when an operator re-drives them. A message that failed for good (its broker rejected it, its type does
     * not retry the error, or the {@link dev.outbox.spi.RetryDecision} refused a retry) is never tried again by it.
     */
    public static final Setting<Duration> FAILED_RETRY_INTERVAL = Setting.optional("retry", "failed-retry-interval",
            Duration.class, Check.positive(), "How often FAILED messages whose attempts were spent are tried again "
                    + "(for example 6h); a message that failed for good (rejected by its broker, or an error its type "
                    + "does not retry) is left out. When not set, FAILED messages are never retried automatically, "
                    + "only when an operator re-drives them.");

    /** The settings of the policies beyond each {@link RetryPolicy#SETTINGS}. */
    public static final List<Setting<?>> SETTINGS = List.of(FAILED_RETRY_INTERVAL);

    private final RetryPolicy defaultPolicy;

    private final Map<String, RetryPolicy> byType;

    private final @Nullable Duration failedRetryInterval;

    /**
     * @param defaultPolicy the policy of every type without its own
     * @param byType policies per message type
     * @param failedRetryInterval how often a FAILED message is tried again, or null never to
     * @throws dev.outbox.settings.SettingException when the interval is not positive
     */
    public RetryPolicies(RetryPolicy defaultPolicy, Map<String, RetryPolicy> byType,
            @Nullable Duration failedRetryInterval) {
        FAILED_RETRY_INTERVAL.check(failedRetryInterval);
        this.defaultPolicy = defaultPolicy;
        this.byType = Map.copyOf(byType);
        this.failedRetryInterval = failedRetryInterval;
    }

    /**
     * @return the defaults for every type, with no slow retry
     */
    public static RetryPolicies defaults() {
        return new RetryPolicies(RetryPolicy.defaults(), Map.of(), null);
    }

    /**
     * @param messageType a message type
     * @return its policy
     */
    public RetryPolicy forType(String messageType) {
        return this.byType.getOrDefault(messageType, this.defaultPolicy);
    }

    /**
     * @return how often FAILED messages are retried, if they are
     */
    public Optional<Duration> failedRetryInterval() {
        return Optional.ofNullable(this.failedRetryInterval);
    }
}
