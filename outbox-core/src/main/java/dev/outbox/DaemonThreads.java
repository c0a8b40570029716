/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Makes the dispatcher's threads when none are handed in: daemon platform threads named after a prefix and a
 * count from 1, so that they never keep the JVM alive.
 */
final class DaemonThreads implements ThreadFactory {

    private final String namePrefix;

    private final AtomicInteger count = new AtomicInteger();

    DaemonThreads(String namePrefix) {
        this.namePrefix = namePrefix;
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = new Thread(task, this.namePrefix + this.count.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }
}
