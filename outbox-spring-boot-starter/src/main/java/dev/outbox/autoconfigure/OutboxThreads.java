/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.concurrent.ThreadFactory;

import dev.outbox.Dispatcher;
import org.springframework.boot.thread.Threading;
import org.springframework.core.env.Environment;
import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * The kind of thread the starter runs the outbox on, decided the way Spring Boot decides it for its own
 * executors ({@link Threading#VIRTUAL}): virtual threads when {@code spring.threads.virtual.enabled} is true
 * on Java 21 or later, otherwise daemon platform threads. The dispatch loops, the local handlers and the
 * periodic jobs all follow it; their thread names keep their prefixes either way.
 */
final class OutboxThreads {

    private final boolean virtual;

    private OutboxThreads(boolean virtual) {
        this.virtual = virtual;
    }

    static OutboxThreads of(Environment environment) {
        return new OutboxThreads(Threading.VIRTUAL.isActive(environment));
    }

    /**
     * Gives the dispatcher's loops and handler pool virtual threads when they are on; otherwise the dispatcher
     * keeps the core's daemon platform threads.
     */
    Dispatcher.Builder applyTo(Dispatcher.Builder dispatcher) {
        if (this.virtual) {
            dispatcher.dispatchThreadFactory(virtualThreads("outbox-dispatcher-"))
                    .handlerThreadFactory(virtualThreads("outbox-handler-"));
        }
        return dispatcher;
    }

    /**
     * Makes the scheduler's threads virtual when they are on; otherwise daemon platform threads.
     */
    void applyTo(ThreadPoolTaskScheduler scheduler) {
        scheduler.setDaemon(true);
        scheduler.setVirtualThreads(this.virtual);
    }

    private static ThreadFactory virtualThreads(String namePrefix) {
        return new VirtualThreadTaskExecutor(namePrefix).getVirtualThreadFactory();
    }
}
