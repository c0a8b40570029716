/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.outbox.DispatcherSettings;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;

/**
 * R: recovery from a broker outage, with the library's defaults. With the dispatcher running, writers
 * save one message per transaction at a steady rate while the broker cannot be reached (every send
 * fails with a refused connection); when the outage ends the writers stop and the broker acknowledges
 * again. Run without ordering keys and with 50 keys in turn. Measured: the backlog, the time from the
 * broker's return to its first acknowledgement (the route's probe) and until every row is SENT, the
 * drain rate after the first acknowledgement, messages FAILED, attempts the messages spent (the sum of
 * their retry counts), sends tried during the outage, order violations and duplicates. For comparison,
 * the same outage with a sender blind to it, as every sender was before routes were paused. Then an
 * instance is killed with SIGKILL while its messages are leased to it, per lease of
 * {@code --kill-lease-seconds}: the time until a surviving instance has sent them.
 *
 * <p>The broker returns half a probe interval after a whole number of them has passed since the pause, which
 * is the average wait for the next probe.
 *
 * <p>The target "SENT within 5 s of the return plus backlog ÷ drain rate" takes the drain rate after the
 * first acknowledgement, so it holds when the outbox notices the broker's return within 5 s and then
 * drains at its full rate, without retry timers that grew during the outage.
 */
final class RecoveryPhase {

    private static final double DETECTION_ALLOWANCE_SECONDS = 5;

    private static final int HELD_MESSAGES = 1000;

    private final BenchmarkDatabase database;

    private final BenchmarkOptions options;

    RecoveryPhase(BenchmarkDatabase database, BenchmarkOptions options) {
        this.database = database;
        this.options = options;
    }

    PhaseReport run() throws IOException, InterruptedException {
        int outageSeconds = this.options.outageSeconds();
        PhaseReport report = new PhaseReport("R", String.format("Broker unreachable for %d s while %d transactions/s "
                + "save messages, then the drain; library defaults (retries, probe interval %s)", outageSeconds,
                this.options.rate(), DispatcherSettings.OUTAGE_PROBE_INTERVAL.defaultValue()));
        for (OrderingKeys keys : List.of(OrderingKeys.NONE, OrderingKeys.STEADY_LOAD)) {
            measure(report, keys, outageSeconds, true);
        }
        measure(report, OrderingKeys.NONE, outageSeconds, false);
        for (int leaseSeconds : this.options.killLeaseSeconds()) {
            measureKill(report, Duration.ofSeconds(leaseSeconds));
        }
        return report;
    }

    /**
     * An instance that holds {@value #HELD_MESSAGES} messages, leased to it while they are sent or wait in its
     * memory, is killed with SIGKILL while a surviving instance takes the steady load. Measured: the time from
     * the kill until the killed instance's messages are SENT, and duplicates.
     */
    private void measureKill(PhaseReport report, Duration lease) throws IOException, InterruptedException {
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        AckingSender sender = AckingSender.tracking();
        try (OutboxInstance survivor = new OutboxInstance(this.database, "survivor", SteadyWrites.THREADS + 2,
                DispatcherSettings.defaults(), sender, OutboxMetrics.NONE, OutboxInstance.CommitNotification.HANDOFF,
                RetryPolicies.defaults(), OutboxObservations.NONE)) {
            survivor.start();
            SteadyWrites writes = SteadyWrites.start(this.options.rate(), new OrderTransaction(survivor, "survivor",
                    OrderingKeys.NONE));
            double recoverySeconds;
            boolean recovered;
            try (writes) {
                Process holder = ChildJvm.start(LeaseHolder.class, List.of(), List.of(this.options.url(),
                        this.options.user(), Integer.toString(HELD_MESSAGES), lease.toString()),
                        this.options.password());
                awaitReady(holder);
                long killed = System.nanoTime();
                holder.destroyForcibly().waitFor();
                recovered = Waiting.within(() -> this.database.countSentWithKeyPrefix(BenchmarkDatabase.OUTBOX_TABLE,
                        LeaseHolder.KEY_PREFIX + "-") >= HELD_MESSAGES, this.options.timeout());
                recoverySeconds = (System.nanoTime() - killed) / 1e9;
                writes.stop(this.options.timeout());
            }
            String defaults = lease.equals(DispatcherSettings.LEASE.defaultValue()) ? " (the default), renewed"
                    : "";
            report.add(new Measurement("instance killed with SIGKILL, lease " + lease.toSeconds() + " s" + defaults)
                    .put("leaseSeconds", lease.toSeconds())
                    .put("heldMessages", HELD_MESSAGES)
                    .put("recoverySeconds", recoverySeconds)
                    .put("timedOut", !recovered)
                    .put("duplicates", sender.duplicates())
                    .summary(String.format("the killed instance's %d messages SENT by the survivor %.1f s after the "
                            + "kill%s; %d duplicates", HELD_MESSAGES, recoverySeconds, recovered ? "" : " (timed out)",
                            sender.duplicates())));
            if (!defaults.isEmpty()) {
                report.target("R: SIGKILL, the killed instance's messages SENT", "<= 10 s",
                        String.format("%.1f s", recoverySeconds), recovered && recoverySeconds <= 10);
            }
        }
    }

    private void awaitReady(Process holder) throws IOException {
        BufferedReader output = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                StandardCharsets.UTF_8));
        CompletableFuture<Void> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (output) {
                for (String line = output.readLine(); line != null; line = output.readLine()) {
                    if (line.startsWith(LeaseHolder.READY)) {
                        ready.complete(null);
                    }
                }
                ready.completeExceptionally(new IllegalStateException("the lease holder ended without holding"));
            }
            catch (IOException ex) {
                ready.completeExceptionally(ex);
            }
        }, "lease-holder-output");
        reader.setDaemon(true);
        reader.start();
        try {
            ready.get(this.options.timeout().toSeconds(), TimeUnit.SECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            holder.destroyForcibly();
            throw new IllegalStateException("interrupted", ex);
        }
        catch (ExecutionException | TimeoutException ex) {
            holder.destroyForcibly();
            throw new IllegalStateException("the lease holder did not hold its messages", ex);
        }
    }

    /**
     * @param recognised whether the sender tells the outage apart from the messages' own failures; when not,
     * as before routes were paused, every failure spends an attempt (measured for comparison, without targets)
     */
    private void measure(PhaseReport report, OrderingKeys keys, int outageSeconds, boolean recognised) {
        this.database.truncate(BenchmarkDatabase.OUTBOX_TABLE);
        AckingSender sender = AckingSender.tracking();
        sender.unreachable(true);
        if (!recognised) {
            sender.blindToOutages();
        }
        try (OutboxInstance instance = new OutboxInstance(this.database, "recovery", SteadyWrites.THREADS + 2,
                DispatcherSettings.defaults(), sender, OutboxMetrics.NONE, OutboxInstance.CommitNotification.HANDOFF,
                RetryPolicies.defaults(), OutboxObservations.NONE)) {
            instance.start();
            SteadyWrites writes = SteadyWrites.start(this.options.rate(), new OrderTransaction(instance, "recovery",
                    keys));
            try (writes) {
                Waiting.sleep(outageSeconds * 1000L);
                writes.stop(this.options.timeout());
            }
            long saved = this.database.countAll(BenchmarkDatabase.OUTBOX_TABLE);
            long backlog = saved - this.database.count(BenchmarkDatabase.OUTBOX_TABLE, "SENT");
            // The probes run every probe interval from the pause, at the outage's start: returning a whole number
            // of intervals later would meet a probe at once. Half an interval later measures the average wait.
            Waiting.sleep(DispatcherSettings.OUTAGE_PROBE_INTERVAL.defaultValue().toMillis() / 2);
            long triedWhileUnreachable = sender.refused();
            long returned = System.nanoTime();
            sender.unreachable(false);
            boolean reached = Waiting.within(() -> sender.deliveries() > 0, this.options.timeout());
            double firstAckSeconds = (System.nanoTime() - returned) / 1e9;
            boolean drained = reached && Waiting.allSent(this.database, sender, saved, this.options.timeout());
            double sentSeconds = (System.nanoTime() - returned) / 1e9;
            long failed = this.database.count(BenchmarkDatabase.OUTBOX_TABLE, "FAILED");
            long attemptsSpent = this.database.sumRetryCounts(BenchmarkDatabase.OUTBOX_TABLE);
            double drainRate = backlog / Math.max(sentSeconds - firstAckSeconds, 1e-3);
            double allowedSeconds = DETECTION_ALLOWANCE_SECONDS + backlog / drainRate;
            String name = (keys.count() == 0 ? "no ordering keys" : "ordered, " + keys) + ", broker unreachable "
                    + outageSeconds + " s" + (recognised ? "" : ", outage not recognised (each failure spends an "
                            + "attempt, as before)");
            report.add(new Measurement(name)
                    .put("outageSeconds", outageSeconds)
                    .put("transactionsPerSecond", (double) writes.started() / outageSeconds)
                    .put("saved", saved)
                    .put("backlog", backlog)
                    .put("sendsTriedWhileUnreachable", triedWhileUnreachable)
                    .put("firstAcknowledgementSeconds", firstAckSeconds)
                    .put("allSentSeconds", sentSeconds)
                    .put("timedOut", !drained)
                    .put("drainMessagesPerSecond", drainRate)
                    .put("failed", failed)
                    .put("attemptsSpent", attemptsSpent)
                    .put("orderViolations", sender.orderViolations())
                    .put("duplicates", sender.duplicates())
                    .summary(String.format("backlog %d; first acknowledgement %.1f s after the return, all SENT after "
                            + "%.1f s (%.0f msg/s); %d FAILED, %d attempts spent, %d sends tried while unreachable; "
                            + "%d order violations, %d duplicates", backlog, firstAckSeconds, sentSeconds, drainRate,
                            failed, attemptsSpent, triedWhileUnreachable, sender.orderViolations(),
                            sender.duplicates())));
            if (!recognised) {
                return;
            }
            String variant = (keys.count() == 0) ? "" : " (" + keys + ")";
            report.target("R" + variant + ": backlog SENT after the return", String.format("<= %.1f s (5 s + "
                    + "backlog / drain rate)", allowedSeconds), drained ? String.format("%.1f s", sentSeconds)
                            : "not all SENT", drained && sentSeconds <= allowedSeconds);
            report.target("R" + variant + ": messages FAILED", "0", Long.toString(failed), failed == 0);
            report.target("R" + variant + ": duplicates and order violations", "0",
                    (sender.duplicates() + sender.orderViolations()) + "",
                    sender.duplicates() + sender.orderViolations() == 0);
        }
    }
}
