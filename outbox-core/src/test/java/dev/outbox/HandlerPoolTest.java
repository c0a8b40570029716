/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class HandlerPoolTest {

    @Test
    void behindAHandlerThatNeverReturnsTheQueueHoldsNoMoreThanItsCapacityAndRefusesTheRest() throws Exception {
        HandlerPool pool = new HandlerPool(1, 3, new DaemonThreads("test-handler-"));
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch hung = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        try {
            pool.execute(() -> {
                hung.countDown();
                awaitQuietly(release);
            });
            assertThat(hung.await(10, TimeUnit.SECONDS)).isTrue();
            int refused = 0;
            for (int cycle = 0; cycle < 5; cycle++) {
                for (int i = 0; i < 10; i++) {
                    try {
                        pool.execute(ran::incrementAndGet);
                    }
                    catch (RejectedExecutionException ex) {
                        refused++;
                    }
                }
                assertThat(pool.queued()).as("cycle %d", cycle).isEqualTo(3);
            }
            assertThat(refused).isEqualTo(47);
        }
        finally {
            release.countDown();
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> ran.get() == 3);
        pool.shutDown();
        assertThat(pool.awaitEnd(ShutdownDeadline.after(Duration.ofSeconds(10)))).isTrue();
    }

    @Test
    void aHandlerThatIgnoresTheShutdownIsInterruptedAndWaitedFor() throws Exception {
        HandlerPool pool = new HandlerPool(1, 1, new DaemonThreads("test-handler-"));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        pool.execute(() -> {
            started.countDown();
            try {
                new CountDownLatch(1).await();
            }
            catch (InterruptedException ex) {
                interrupted.countDown();
            }
        });
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        pool.shutDown();
        assertThat(pool.awaitEnd(ShutdownDeadline.after(Duration.ofMillis(50)))).isFalse();
        pool.interruptRunning();

        assertThat(pool.awaitEnd(ShutdownDeadline.after(Duration.ofSeconds(10)))).isTrue();
        assertThat(interrupted.getCount()).isZero();
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
