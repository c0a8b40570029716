/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Duration;

import dev.outbox.DispatcherSettings;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.ClaimStrategy;

/**
 * Drains a loaded backlog with one library instance that sends through a real broker, and measures until every
 * message is SENT in the database, or until the timeout passes: then the result says how many were SENT by then.
 * The instance is the one of D's drain, with the same settings; only its sender differs.
 */
final class BrokerDrain {

    private static final int POOL_SIZE = 2;

    private final BenchmarkDatabase database;

    private final Duration timeout;

    private final DispatcherSettings settings;

    /**
     * @param database the database under test
     * @param options the run's timeout, and the dispatcher's batch size and threads
     * @param strategy how the instance claims
     */
    BrokerDrain(BenchmarkDatabase database, BenchmarkOptions options, ClaimStrategy strategy) {
        this.database = database;
        this.timeout = options.timeout();
        this.settings = DispatcherSettings.builder().claimStrategy(strategy).batchSize(options.batchSize())
                .threads(options.threads()).lockedSendWindow(options.lockedSendWindow()).build();
    }

    /**
     * @param broker the broker, started, with a destination for the topic
     * @param sender its sender
     * @param topic the topic of the loaded messages
     * @param expected how many due messages the table holds
     * @return what the drain took, and what the broker holds after it
     */
    BrokerRun run(BrokerFixture broker, MessageSender sender, String topic, long expected) throws Exception {
        DeliveryTally tally = new DeliveryTally();
        try (OutboxInstance instance = new OutboxInstance(this.database, "broker-drain",
                POOL_SIZE + this.settings.threads() - 1, this.settings, sender, tally,
                OutboxInstance.CommitNotification.HANDOFF, RetryPolicies.defaults(), OutboxObservations.NONE)) {
            long started = System.nanoTime();
            instance.start();
            // The broker's confirmations are counted in memory; the table is read only once it confirmed them all.
            boolean complete = Waiting.within(() -> tally.sent() >= expected
                    && this.database.count(BenchmarkDatabase.OUTBOX_TABLE, "SENT") >= expected, this.timeout);
            long elapsed = System.nanoTime() - started;
            long sent = complete ? expected : this.database.count(BenchmarkDatabase.OUTBOX_TABLE, "SENT");
            instance.stop();
            DrainResult drain = new DrainResult(sent, elapsed, tally.claims(), instance.counter().snapshot(),
                    !complete);
            return new BrokerRun(drain, tally.failedAttempts(), tally.routePauses(), broker.messagesAt(topic));
        }
    }

    /**
     * One drain through a broker.
     *
     * @param drain what it took
     * @param failedAttempts the sends that failed
     * @param routePauses how often the dispatcher paused the route because the broker seemed unreachable
     * @param messagesAtBroker how many messages the broker's destination holds after the drain
     */
    record BrokerRun(DrainResult drain, long failedAttempts, long routePauses, long messagesAtBroker) {
    }
}
