/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.outbox.DispatcherSettings;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.store.ClaimStrategy;

/**
 * Drains a loaded backlog with one or more library instances, each with its own dispatcher and
 * connection pool, and measures until every message is SENT in the database, or until the timeout
 * passes: then the result says how many were SENT by then.
 */
final class LibraryDrain {

    private static final int POOL_SIZE = 2;

    private final BenchmarkDatabase database;

    private final Duration timeout;

    private final int batchSize;

    private final int threads;

    private final Duration lockedSendWindow;

    /**
     * @param options the run's timeout, and each dispatcher's batch size, threads and locked send window
     */
    LibraryDrain(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.timeout = options.timeout();
        this.batchSize = options.batchSize();
        this.threads = options.threads();
        this.lockedSendWindow = options.lockedSendWindow();
    }

    /**
     * @param instanceCount how many instances drain at once
     * @param strategy how they claim
     * @param expected how many due messages the table holds
     * @param sender the broker they send to
     * @return what the drain took
     */
    DrainResult run(int instanceCount, ClaimStrategy strategy, long expected, AckingSender sender) {
        ClaimTally claims = new ClaimTally();
        List<OutboxInstance> instances = new ArrayList<>();
        try {
            for (int i = 1; i <= instanceCount; i++) {
                DispatcherSettings settings = DispatcherSettings.builder().claimStrategy(strategy)
                        .batchSize(this.batchSize).threads(this.threads).lockedSendWindow(this.lockedSendWindow)
                        .build();
                instances.add(new OutboxInstance(this.database, "drain-" + i, POOL_SIZE + this.threads - 1, settings,
                        sender, claims, OutboxInstance.CommitNotification.HANDOFF, RetryPolicies.defaults(),
                        OutboxObservations.NONE));
            }
            long started = System.nanoTime();
            instances.forEach(OutboxInstance::start);
            boolean complete = Waiting.allSent(this.database, sender, expected, this.timeout);
            long elapsed = System.nanoTime() - started;
            long sent = complete ? expected : this.database.count(BenchmarkDatabase.OUTBOX_TABLE, "SENT");
            instances.forEach(OutboxInstance::stop);
            StatementCounter.Snapshot statements = instances.stream().map(instance -> instance.counter().snapshot())
                    .reduce(StatementCounter.Snapshot.ZERO, StatementCounter.Snapshot::plus);
            return new DrainResult(sent, elapsed, claims, statements, !complete);
        }
        finally {
            instances.forEach(OutboxInstance::close);
        }
    }
}
