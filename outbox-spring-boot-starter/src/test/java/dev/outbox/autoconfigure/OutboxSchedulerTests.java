/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The one scheduler of the starter's periodic jobs: each job on a thread of its own, and nothing left running
 * once it stopped.
 */
class OutboxSchedulerTests {

    private final OutboxThreads platformThreads = OutboxThreads.of(new MockEnvironment());

    @Test
    void aJobRunsAgainWhileAnotherIsStillRunning() {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger quickRuns = new AtomicInteger();
        OutboxScheduler scheduler = new OutboxScheduler(List.of(job(() -> awaitQuietly(release)),
                job(quickRuns::incrementAndGet)), this.platformThreads);

        scheduler.start();
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> quickRuns.get() >= 3);
        }
        finally {
            release.countDown();
            scheduler.stop();
        }
    }

    @Test
    void stoppingInterruptsTheRunUnderWayAndEndsTheThreads() {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        CountDownLatch running = new CountDownLatch(1);
        AtomicInteger interrupted = new AtomicInteger();
        OutboxScheduler scheduler = new OutboxScheduler(List.of(job(() -> {
            threads.add(Thread.currentThread());
            running.countDown();
            try {
                new CountDownLatch(1).await();
            }
            catch (InterruptedException ex) {
                interrupted.incrementAndGet();
            }
        })), this.platformThreads);
        scheduler.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> running.getCount() == 0);

        scheduler.stop();

        assertThat(scheduler.isRunning()).isFalse();
        assertThat(interrupted).hasValue(1);
        assertThat(threads).singleElement().satisfies(thread -> {
            assertThat(thread.getName()).startsWith(OutboxScheduler.THREAD_NAME_PREFIX);
            assertThat(thread.isDaemon()).isTrue();
        });
        await().atMost(Duration.ofSeconds(5)).until(() -> threads.stream().noneMatch(Thread::isAlive));
    }

    @Test
    void withoutJobsItDoesNotRun() {
        OutboxScheduler scheduler = new OutboxScheduler(List.of(), this.platformThreads);

        scheduler.start();

        assertThat(scheduler.isRunning()).isFalse();
    }

    private static PeriodicJob job(Runnable run) {
        return new PeriodicJob() {

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
                run.run();
            }
        };
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }
}
