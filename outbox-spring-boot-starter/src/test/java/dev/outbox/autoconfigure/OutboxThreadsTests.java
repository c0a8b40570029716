/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.MessageSender;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The threads the starter runs the outbox on: the dispatch loops, the local handlers and the periodic jobs
 * run on daemon platform threads by default and on virtual threads with Spring Boot's
 * {@code spring.threads.virtual.enabled} on Java 21 and later; none of them is left once the context closed.
 */
class OutboxThreadsTests {

    private static final int VIRTUAL_THREADS_JAVA_VERSION = 21;

    private final Map<String, Set<Thread>> threadsByPrefix = Map.of("outbox-dispatcher-",
            ConcurrentHashMap.newKeySet(), "outbox-handler-", ConcurrentHashMap.newKeySet(),
            OutboxScheduler.THREAD_NAME_PREFIX, ConcurrentHashMap.newKeySet());

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withBean("sender", MessageSender.class, () -> message -> {
                record("outbox-dispatcher-");
                return CompletableFuture.completedFuture("sent-" + message.id());
            })
            .withBean("invoicer", MessageHandler.class, () -> message -> record("outbox-handler-"))
            .withBean("recordingJob", PeriodicJob.class, RecordingJob::new)
            .withPropertyValues("outbox.routes[invoice.requested].handler=invoicer");

    @Test
    void theOutboxRunsOnDaemonPlatformThreadsByDefault() {
        runUntilEveryKindOfThreadRan(this.runner);

        this.threadsByPrefix.forEach((prefix, threads) -> assertThat(threads).isNotEmpty().allSatisfy(thread -> {
            assertThat(thread.getName()).startsWith(prefix);
            assertThat(thread.isDaemon()).isTrue();
        }));
        if (Runtime.version().feature() >= VIRTUAL_THREADS_JAVA_VERSION) {
            assertThat(allThreads()).noneMatch(OutboxThreadsTests::isVirtual);
        }
    }

    @Test
    void theOutboxRunsOnVirtualThreadsWhenSpringBootsVirtualThreadsAreEnabled() {
        int java = Runtime.version().feature();
        if (java < VIRTUAL_THREADS_JAVA_VERSION) {
            String reason = "virtual threads need Java " + VIRTUAL_THREADS_JAVA_VERSION + " or later; this is Java "
                    + java;
            System.err.println("SKIPPED: " + reason);
            Assumptions.abort(reason);
        }

        runUntilEveryKindOfThreadRan(this.runner.withPropertyValues("spring.threads.virtual.enabled=true"));

        this.threadsByPrefix.forEach((prefix, threads) -> assertThat(threads).isNotEmpty().allSatisfy(thread -> {
            assertThat(thread.getName()).startsWith(prefix);
            assertThat(isVirtual(thread)).as("%s is virtual", thread).isTrue();
        }));
    }

    /**
     * Saves a message for the sender and one for the handler, waits until each kind of thread ran, closes the
     * context, and checks that every thread the outbox ran on has ended.
     */
    private void runUntilEveryKindOfThreadRan(ApplicationContextRunner runner) {
        runner.run(context -> {
            assertThat(context).hasNotFailed();
            OutboxContexts.save(context, "order.created", "o-1", "{}");
            OutboxContexts.save(context, "invoice.requested", "i-1", "{}");
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> this.threadsByPrefix.values().stream().noneMatch(Set::isEmpty));
            context.close();
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> allThreads().stream().noneMatch(Thread::isAlive));
    }

    private void record(String prefix) {
        this.threadsByPrefix.get(prefix).add(Thread.currentThread());
    }

    private List<Thread> allThreads() {
        return this.threadsByPrefix.values().stream().flatMap(Set::stream).toList();
    }

    /** {@code Thread.isVirtual()}, which the Java 17 compiler does not know. */
    private static boolean isVirtual(Thread thread) {
        try {
            MethodHandle isVirtual = MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual",
                    MethodType.methodType(boolean.class));
            return (boolean) isVirtual.invoke(thread);
        }
        catch (Throwable ex) {
            throw new AssertionError("Thread.isVirtual() cannot be called", ex);
        }
    }

    /** A periodic job that records the thread it runs on. */
    private final class RecordingJob implements PeriodicJob {

        @Override
        public Duration initialDelay() {
            return Duration.ZERO;
        }

        @Override
        public Duration interval() {
            return Duration.ofMillis(10);
        }

        @Override
        public void runOnce() {
            record(OutboxScheduler.THREAD_NAME_PREFIX);
        }
    }
}
