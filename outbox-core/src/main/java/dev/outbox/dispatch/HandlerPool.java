/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.dispatch;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dispatcher's own pool for local handlers, used when no executor is handed in: at most the configured
 * number of threads from its {@link ThreadFactory}, so that handlers, each holding a database connection,
 * never take more connections than that. Idle threads end after a minute, so that an outbox without local
 * handlers costs none. The pool is made when a handler first runs and ended by {@link #shutDown}; a handler
 * that runs after that (the dispatcher started again, or {@link Dispatcher#dispatchOnce()}) makes a new one.
 */
final class HandlerPool implements Executor {

    private static final Logger logger = LoggerFactory.getLogger(HandlerPool.class);

    private static final long IDLE_SECONDS = 60;

    private final int threads;

    private final ThreadFactory factory;

    private @Nullable ThreadPoolExecutor pool;

    HandlerPool(int threads, ThreadFactory factory) {
        this.threads = threads;
        this.factory = factory;
    }

    @Override
    public synchronized void execute(Runnable task) {
        if (this.pool == null) {
            this.pool = new ThreadPoolExecutor(this.threads, this.threads, IDLE_SECONDS, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), this.factory);
            this.pool.allowCoreThreadTimeOut(true);
        }
        this.pool.execute(task);
    }

    /**
     * Lets the handlers that run finish until the deadline, interrupts those that run past it, and ends the
     * pool's threads.
     */
    void shutDown(ShutdownDeadline deadline) {
        ThreadPoolExecutor ending;
        synchronized (this) {
            ending = this.pool;
            this.pool = null;
        }
        if (ending == null) {
            return;
        }
        ending.shutdown();
        try {
            if (ending.awaitTermination(deadline.remainingMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        logger.warn("Outbox local handlers did not finish within {}; interrupting them", deadline.timeout());
        ending.shutdownNow();
    }
}
