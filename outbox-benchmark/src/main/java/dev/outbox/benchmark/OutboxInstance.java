/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.OutboxStore;
import dev.outbox.OutboxTemplate;
import dev.outbox.dispatch.ClaimStrategy;
import dev.outbox.dispatch.Dispatcher;
import dev.outbox.dispatch.DispatcherSettings;
import dev.outbox.dispatch.MessageRoutes;
import dev.outbox.internal.handoff.Handoffs;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.spi.MessageSender;
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
        OutboxStore store = OutboxStore.builder(this.pool).databaseType(database.dialect().type())
                .outboxTable(BenchmarkDatabase.OUTBOX_TABLE).build();
        this.dispatcher = Dispatcher.builder(store, MessageRoutes.to(sender))
                .settings(settings)
                .retryPolicies(retries)
                .metrics(metrics)
                .observations(observations)
                .build();
        this.template = notification.tellingOfCommits(OutboxTemplate.builder(store).observations(observations),
                this.dispatcher).build();
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
            OutboxTemplate.Builder tellingOfCommits(OutboxTemplate.Builder template, Dispatcher dispatcher) {
                return template.handoff(dispatcher);
            }
        },

        /** The usual alternative: a commit only wakes the dispatcher, which then claims from the table. */
        WAKEUP {
            @Override
            OutboxTemplate.Builder tellingOfCommits(OutboxTemplate.Builder template, Dispatcher dispatcher) {
                return Handoffs.handingOffTo(template, new WakeUpOnly(dispatcher));
            }
        };

        abstract OutboxTemplate.Builder tellingOfCommits(OutboxTemplate.Builder template, Dispatcher dispatcher);
    }
}
