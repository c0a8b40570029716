/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * The dispatcher's own pool for local handlers, used when no executor is handed in: at most the configured
 * number of threads from its {@link ThreadFactory}, so that handlers, each holding a database connection,
 * never take more connections than that, and a queue of at most the configured capacity, so that handlers
 * that hang do not let it grow by a batch per cycle: a handler that finds it full is refused
 * ({@link RejectedExecutionException}), and its message is not attempted. Idle threads end after a minute, so
 * that an outbox without local handlers costs none. The pool is made when a handler first runs and ended by
 * {@link #shutDown}; a handler that runs after that (the dispatcher started again, or
 * {@link Dispatcher#dispatchOnce()}) makes a new one.
 */
final class HandlerPool implements Executor {

    private static final long IDLE_SECONDS = 60;

    private final int threads;

    private final int queueCapacity;

    private final ThreadFactory factory;

    private @Nullable ThreadPoolExecutor pool;

    /** The pool being shut down, until it ended or was given up on. */
    private @Nullable ThreadPoolExecutor ending;

    HandlerPool(int threads, int queueCapacity, ThreadFactory factory) {
        this.threads = threads;
        this.queueCapacity = queueCapacity;
        this.factory = factory;
    }

    /**
     * @throws RejectedExecutionException when the queue is full
     */
    @Override
    public synchronized void execute(Runnable task) {
        if (this.pool == null) {
            this.pool = new ThreadPoolExecutor(this.threads, this.threads, IDLE_SECONDS, TimeUnit.SECONDS,
                    new ArrayBlockingQueue<>(this.queueCapacity), this.factory);
            this.pool.allowCoreThreadTimeOut(true);
        }
        this.pool.execute(task);
    }

    /**
     * @return how many handlers wait for a thread
     */
    synchronized int queued() {
        return (this.pool != null) ? this.pool.getQueue().size() : 0;
    }

    /** Refuses new handlers from now on, and lets those queued and running go on. */
    synchronized void shutDown() {
        if (this.pool != null) {
            this.ending = this.pool;
            this.pool = null;
            this.ending.shutdown();
        }
    }

    /**
     * @return whether the pool shut down by {@link #shutDown} has ended by the deadline
     */
    boolean awaitEnd(ShutdownDeadline deadline) {
        ThreadPoolExecutor ending;
        synchronized (this) {
            ending = this.ending;
        }
        if (ending == null) {
            return true;
        }
        try {
            if (ending.awaitTermination(deadline.remainingMillis(), TimeUnit.MILLISECONDS)) {
                synchronized (this) {
                    this.ending = (this.ending == ending) ? null : this.ending;
                }
                return true;
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** Interrupts the handlers that still run, and drops those still queued. */
    synchronized void interruptRunning() {
        if (this.ending != null) {
            this.ending.shutdownNow();
        }
    }

    /** Stops waiting for the pool being shut down: its threads end when their handlers return. */
    synchronized void forget() {
        this.ending = null;
    }
}
