/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.outbox.message.MessageSummary;

/**
 * The broker checks of one reconciliation, each run on a thread of its own and waited for until the
 * reconciliation's deadline at most: a broker read that hangs (a broker away, each read waiting for its own
 * timeout) cannot hold the caller past it. A check still running at the deadline is interrupted and its batch
 * counts as not checked.
 */
final class DeadlineBoundChecks implements AutoCloseable {

    private final BrokerRecords records;

    /** The deadline, on {@link System#nanoTime()}'s scale: the deadline is elapsed time, whatever the admin's clock. */
    private final long deadline;

    private final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
        Thread checker = new Thread(task, "outbox-reconciliation");
        checker.setDaemon(true);
        return checker;
    });

    DeadlineBoundChecks(BrokerRecords records, Duration deadline) {
        this.records = records;
        this.deadline = System.nanoTime() + deadline.toNanos();
    }

    /**
     * @param batch SENT messages
     * @return the broker's checks of the batch, or empty when the deadline passed before they came
     */
    Optional<List<RecordCheck>> check(List<MessageSummary> batch) {
        Future<List<RecordCheck>> answer = this.thread.submit(() -> this.records.check(batch));
        try {
            return Optional.of(answer.get(Math.max(0, this.deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
        }
        catch (TimeoutException ex) {
            answer.cancel(true);
            return Optional.empty();
        }
        catch (InterruptedException ex) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        catch (ExecutionException ex) {
            if (ex.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException("The broker check failed", ex.getCause());
        }
    }

    /**
     * @return whether the deadline has passed
     */
    boolean passed() {
        return System.nanoTime() - this.deadline >= 0;
    }

    @Override
    public void close() {
        this.thread.shutdownNow();
    }
}
