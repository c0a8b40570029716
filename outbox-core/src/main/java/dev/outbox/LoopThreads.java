/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * The threads the dispatch loops run on, one per loop, made by a {@link ThreadFactory}: started together and,
 * once the loops were told to end, waited for until a deadline, interrupted if still running, and waited for
 * again ({@link Dispatcher#stop()}).
 */
final class LoopThreads {

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
     * Waits for the loops, which must have been told to end, until the deadline.
     *
     * @return whether every loop ended
     */
    boolean awaitEnd(ShutdownDeadline deadline) {
        for (Thread thread : this.threads) {
            try {
                thread.join(deadline.remainingMillis());
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return running().isEmpty();
    }

    /**
     * @return the names of the loops' threads that still run
     */
    List<String> running() {
        return this.threads.stream().filter(Thread::isAlive).map(Thread::getName).toList();
    }

    /** Interrupts the loops that still run: each hands back the sends it still waits for, and ends. */
    void interruptRunning() {
        this.threads.stream().filter(Thread::isAlive).forEach(Thread::interrupt);
    }

    /** Forgets the threads, which ended or were given up on. */
    void clear() {
        this.threads.clear();
    }
}
