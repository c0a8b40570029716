/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.util.Set;
import java.util.stream.Stream;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.cleanup.CleanupSettings;
import dev.outbox.cleanup.OutboxCleaner;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.consumer.pull.MessagePuller;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.spi.PayloadSerializer;
import dev.outbox.spi.RetryDecision;
import dev.outbox.store.OutboxStore;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Builds the parts of one store from its settings and the application's shared beans: the same code for the
 * application's one store and for each of several, so that both are configured alike.
 */
final class StoreComponents {

    private final OutboxSettings settings;

    /**
     * @param settings the store's settings
     */
    StoreComponents(OutboxSettings settings) {
        this.settings = settings;
    }

    /**
     * @param name the name of one of several stores, which customizers cannot change since it names the store's
     * beans; null for the application's one store
     */
    OutboxStore store(DataSource dataSource, @Nullable String name, Stream<OutboxStoreCustomizer> customizers) {
        // Built within the settings, so that a refusal of the table names together names the property.
        return this.settings.build(source -> {
            OutboxStore.Builder store = OutboxStore.builder(dataSource).settings(source);
            customizers.forEach((customizer) -> customizer.customize(store));
            if (name != null) {
                store.name(name);
            }
            return store.build();
        });
    }

    /**
     * @param dispatcher the store's dispatcher, which takes the messages saved by this template at commit, or
     * null when this instance runs none
     */
    OutboxTemplate template(OutboxStore store, PayloadSerializer serializer, OutboxMetrics metrics,
            OutboxObservations observations, @Nullable Dispatcher dispatcher, Clock clock,
            Stream<OutboxTemplateCustomizer> customizers) {
        OutboxTemplate.Builder template = this.settings.build(OutboxTemplate.builder(store)::settings)
                .serializer(serializer)
                .metrics(metrics)
                .observations(observations)
                .clock(clock);
        if (dispatcher != null) {
            template.handoff(dispatcher);
        }
        customizers.forEach((customizer) -> customizer.customize(template));
        return template.build();
    }

    /**
     * @param handlerTransactions the transaction manager local handlers run in, so that their JPA and JDBC writes
     * join the outcome's transaction; null to run them in one of the store's DataSource
     * @param retryDecision the application's {@link RetryDecision} bean, or null for none
     */
    Dispatcher dispatcher(OutboxStore store, MessageRoutes routes, RetryPolicies retryPolicies,
            @Nullable RetryDecision retryDecision, OutboxMetrics metrics, OutboxObservations observations, Clock clock,
            @Nullable PlatformTransactionManager handlerTransactions, OutboxThreads threads,
            Stream<DispatcherCustomizer> customizers) {
        Dispatcher.Builder dispatcher = Dispatcher.builder(store, routes)
                .settings(this.settings.build(DispatcherSettings::from))
                .retryPolicies(retryPolicies)
                .metrics(metrics)
                .observations(observations)
                .clock(clock);
        threads.applyTo(dispatcher);
        if (retryDecision != null) {
            dispatcher.retryDecision(retryDecision);
        }
        if (handlerTransactions != null) {
            dispatcher.handlerTransactionManager(handlerTransactions);
        }
        customizers.forEach((customizer) -> customizer.customize(dispatcher));
        return dispatcher.build();
    }

    /**
     * @param topics the pulled topics ({@code outbox.pull.topics}); none for a puller that receives only the
     * message types an operator switched to pull consumers
     */
    MessagePuller puller(OutboxStore store, Set<String> topics, RetryPolicies retryPolicies, OutboxMetrics metrics,
            OutboxObservations observations, Clock clock) {
        MessagePuller.Builder puller = topics.isEmpty() ? MessagePuller.builder(store)
                : MessagePuller.builder(store, topics);
        return this.settings.build(puller::settings)
                .claimStrategy(this.settings.value(DispatcherSettings.CLAIM_STRATEGY))
                .retryPolicies(retryPolicies)
                .metrics(metrics)
                .observations(observations)
                .clock(clock)
                .build();
    }

    OutboxCleaner cleaner(OutboxStore store, boolean includeInbox) {
        OutboxCleaner.Builder cleaner = OutboxCleaner.builder(store)
                .settings(this.settings.build(CleanupSettings::from));
        if (includeInbox) {
            cleaner.includeInbox();
        }
        return cleaner.build();
    }

    static Inbox inbox(OutboxStore store, OutboxObservations observations, Clock clock) {
        return Inbox.builder(store).observations(observations).clock(clock).build();
    }

    static OutboxCleanupJob cleanupJob(OutboxCleaner cleaner, OutboxProperties.Cleanup cleanup, Clock clock) {
        return new OutboxCleanupJob(cleaner, clock, cleanup.getInitialDelay(), cleanup.getInterval());
    }

    /**
     * @param dispatcher the store's dispatcher, woken when an operator re-drives messages, or null
     * @param routes the dispatcher's routes, which tell what message types can be switched away from their broker,
     * or null when this instance runs no dispatcher (it then refuses switches)
     */
    static OutboxAdmin admin(OutboxStore store, @Nullable Dispatcher dispatcher, @Nullable MessageRoutes routes,
            Clock clock) {
        OutboxAdmin.Builder admin = OutboxAdmin.builder(store).clock(clock);
        if (dispatcher != null) {
            admin.onRedriven(dispatcher::wake);
        }
        if (routes != null) {
            admin.routes(routes);
        }
        return admin.build();
    }
}
