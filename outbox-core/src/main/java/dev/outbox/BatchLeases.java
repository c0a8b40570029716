/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.OutboxRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the rows of one batch leased while its sends run: every quarter of a lease spent waiting, the
 * leases of the rows whose outcome is not known yet are extended by a lease. So the lease can be short,
 * and the rows of an instance that died are soon due for the others, while a slow send of a live
 * instance keeps its rows. A handed-off row has at least half a lease left when its batch starts, so
 * the first renewal comes before any lease of the batch ends.
 */
final class BatchLeases {

    private static final Logger logger = LoggerFactory.getLogger(BatchLeases.class);

    private final OutboxRepository repository;

    private final Duration lease;

    private final Clock clock;

    private final List<ClaimedMessage> batch;

    private final List<CompletableFuture<Confirmation>> sends;

    private final long renewalIntervalNanos;

    private long nextRenewalNanos;

    /**
     * @param repository where the leases are
     * @param lease how long a renewal extends a lease
     * @param clock the source of the leases' times
     * @param batch the batch's rows
     * @param sends the batch's sends, by position in the batch; null for one not started yet
     */
    BatchLeases(OutboxRepository repository, Duration lease, Clock clock, List<ClaimedMessage> batch,
            List<CompletableFuture<Confirmation>> sends) {
        this.repository = repository;
        this.lease = lease;
        this.clock = clock;
        this.batch = batch;
        this.sends = sends;
        this.renewalIntervalNanos = lease.toNanos() / 4;
        this.nextRenewalNanos = System.nanoTime() + this.renewalIntervalNanos;
    }

    /**
     * Waits until every send of a wave finished or the deadline passed, renewing the leases on the way.
     *
     * @param wave sends started together
     * @param deadlineNanos the {@link System#nanoTime()} at which the batch stops waiting
     */
    void await(List<CompletableFuture<Confirmation>> wave, long deadlineNanos) {
        CompletableFuture<Void> all = CompletableFuture.allOf(wave.toArray(CompletableFuture[]::new));
        while (true) {
            long waitUntil = (this.nextRenewalNanos - deadlineNanos < 0) ? this.nextRenewalNanos : deadlineNanos;
            try {
                all.get(Math.max(0, waitUntil - System.nanoTime()), TimeUnit.NANOSECONDS);
                return;
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
            catch (ExecutionException ex) {
                // Each send's own result is read by the caller.
                return;
            }
            catch (TimeoutException ex) {
                if (System.nanoTime() - deadlineNanos >= 0) {
                    return;
                }
                renew();
            }
        }
    }

    private void renew() {
        this.nextRenewalNanos = System.nanoTime() + this.renewalIntervalNanos;
        List<ClaimedMessage> running = new ArrayList<>();
        for (int i = 0; i < this.batch.size(); i++) {
            CompletableFuture<Confirmation> send = this.sends.get(i);
            if (send == null || !send.isDone()) {
                running.add(this.batch.get(i));
            }
        }
        try {
            int renewed = this.repository.renewLeases(running, this.clock.instant().plus(this.lease));
            if (renewed < running.size()) {
                logger.info("{} of {} leases of a slow batch could not be renewed: they had run out and another "
                        + "claim took their rows", running.size() - renewed, running.size());
            }
        }
        catch (RuntimeException ex) {
            logger.warn("Could not renew the leases of {} outbox messages whose sends still run; another instance "
                    + "may claim them once their lease ends", running.size(), ex);
        }
    }
}
