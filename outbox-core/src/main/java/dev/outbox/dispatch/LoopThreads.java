/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads the dispatch loops run on, one per loop, made by a {@link ThreadFactory}: started together and,
 * once the loops were told to end, waited for until the shutdown deadline and interrupted if still running.
 */
final class LoopThreads {

    private static final Logger logger = LoggerFactory.getLogger(LoopThreads.class);

    private final ThreadFactory factory;

    private final List<Thread> threads = new ArrayList<>();

    LoopThreads(ThreadFactory factory) {
        this.factory = factory;
    }

    void start(List<? extends Runnable> loops) {
        for (Runnable loop : loops) {
            Thread thread = this.factory.newThread(loop);
            this.threads.add(thread);
            thread.start();
        }
    }

    /**
     * Waits for the loops, which must have been told to end, until the deadline; interrupts those that run
     * past it.
     */
    void join(ShutdownDeadline deadline) {
        for (Thread thread : this.threads) {
            try {
                thread.join(deadline.remainingMillis());
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive()) {
                logger.warn("Outbox dispatch thread {} did not finish within {}; interrupting it", thread.getName(),
                        deadline.timeout());
                thread.interrupt();
            }
        }
        this.threads.clear();
    }
}
