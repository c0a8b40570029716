/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.store.OutboxStore;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One application instance as the starter would wire it: its own connection pool, template and
 * dispatcher, all with default settings except the claim strategy and, where a phase says so, the
 * retry policy.
 */
final class OutboxInstance implements AutoCloseable {

    private final HikariDataSource pool;

    private final StatementCounter counter = new StatementCounter();

    private final Dispatcher dispatcher;

    private final OutboxTemplate template;

    private final TransactionTemplate transactions;

    /**
     * @param database the database under test
     * @param name the instance's name
     * @param poolSize its pool's connections
     * @param strategy how its dispatcher claims
     * @param sender where its dispatcher sends
     * @param metrics what its dispatcher reports
     * @param notification how the template tells the dispatcher about commits
     */
    OutboxInstance(BenchmarkDatabase database, String name, int poolSize, ClaimStrategy strategy, MessageSender sender,
            OutboxMetrics metrics, CommitNotification notification) {
        this(database, name, poolSize, strategy, sender, metrics, notification, RetryPolicies.defaults());
    }

    /**
     * @param database the database under test
     * @param name the instance's name
     * @param poolSize its pool's connections
     * @param strategy how its dispatcher claims
     * @param sender where its dispatcher sends
     * @param metrics what its dispatcher reports
     * @param notification how the template tells the dispatcher about commits
     * @param retries when its dispatcher tries a failed send again
     */
    OutboxInstance(BenchmarkDatabase database, String name, int poolSize, ClaimStrategy strategy, MessageSender sender,
            OutboxMetrics metrics, CommitNotification notification, RetryPolicies retries) {
        this(database, name, poolSize, DispatcherSettings.builder().claimStrategy(strategy).build(), sender, metrics,
                notification, retries, OutboxObservations.NONE);
    }

    /**
     * @param database the database under test
     * @param name the instance's name
     * @param poolSize its pool's connections
     * @param settings its dispatcher's settings
     * @param sender where its dispatcher sends
     * @param metrics what its dispatcher reports
     * @param notification how the template tells the dispatcher about commits
     * @param retries when its dispatcher tries a failed send again
     * @param observations where its template and dispatcher are observed
     */
    OutboxInstance(BenchmarkDatabase database, String name, int poolSize, DispatcherSettings settings,
            MessageSender sender,
            OutboxMetrics metrics, CommitNotification notification, RetryPolicies retries,
            OutboxObservations observations) {
        this.pool = database.pool(name, poolSize, this.counter);
        OutboxStore store = OutboxStore.builder(this.pool).databaseType(database.dialect())
                .outboxTable(BenchmarkDatabase.OUTBOX_TABLE).build();
        this.dispatcher = Dispatcher.builder(store, MessageRoutes.to(sender))
                .settings(notification.applyTo(settings))
                .retryPolicies(retries)
                .metrics(metrics)
                .observations(observations)
                .build();
        this.template = OutboxTemplate.builder(store).observations(observations).handoff(this.dispatcher).build();
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(this.pool));
    }

    OutboxTemplate template() {
        return this.template;
    }

    TransactionTemplate transactions() {
        return this.transactions;
    }

    HikariDataSource pool() {
        return this.pool;
    }

    StatementCounter counter() {
        return this.counter;
    }

    void start() {
        this.dispatcher.start();
    }

    void stop() {
        this.dispatcher.stop();
    }

    @Override
    public void close() {
        this.dispatcher.stop();
        this.pool.close();
    }

    /**
     * How a commit reaches the dispatcher.
     */
    enum CommitNotification {

        /** The library's way: committed messages are handed to the dispatcher, leased, ready to send. */
        HANDOFF {
            @Override
            DispatcherSettings applyTo(DispatcherSettings settings) {
                return settings;
            }
        },

        /**
         * The usual alternative: a commit only wakes the dispatcher, which then claims from the table; a
         * hand-off capacity of 0 turns the hand-off off.
         */
        WAKEUP {
            @Override
            DispatcherSettings applyTo(DispatcherSettings s) {
                return new DispatcherSettings(s.pollInterval(), s.maxPollInterval(), s.batchSize(), s.lease(),
                        s.sendTimeout(), s.shutdownTimeout(), s.threads(), s.claimStrategy(), 0, s.handlerThreads(),
                        s.handlerQueueCapacity(), s.outageProbeInterval(), s.lockedSendWindow());
            }
        };

        abstract DispatcherSettings applyTo(DispatcherSettings settings);
    }
}
