/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class WakeSignalTest {

    private static final Duration GENEROUS = Duration.ofSeconds(5);

    /** Far longer than the test may take: a wait only ends early because of what the test does. */
    private static final Duration FOREVER = Duration.ofMinutes(10);

    private final SettableClock clock = new SettableClock(Instant.parse("2025-03-01T10:00:00Z"));

    private final WakeSignal signal = new WakeSignal(this.clock);

    private Thread waiter;

    @AfterEach
    void stopWaiter() throws InterruptedException {
        if (this.waiter != null) {
            this.signal.stop();
            this.waiter.join(GENEROUS.toMillis());
        }
    }

    @Test
    void aClaimIsDueAtFirstForExactlyOneCaller() {
        assertThat(this.signal.takeDueClaim()).isTrue();
        assertThat(this.signal.takeDueClaim()).isFalse();
        assertThat(this.signal.takeDueClaim()).isFalse();
    }

    @Test
    void aTakenClaimStaysUnscheduledEvenAsTimePasses() {
        this.signal.takeDueClaim();

        this.clock.advance(Duration.ofDays(365));

        assertThat(this.signal.takeDueClaim()).isFalse();
    }

    @Test
    void askingForAClaimInThePastMakesItDueOnceMore() {
        this.signal.takeDueClaim();

        this.signal.claimNoLaterThan(this.clock.instant().minusSeconds(1));

        assertThat(this.signal.takeDueClaim()).isTrue();
        assertThat(this.signal.takeDueClaim()).isFalse();
    }

    @Test
    void aClaimAskedForLaterBecomesDueWhenItsTimeComes() {
        this.signal.takeDueClaim();
        this.signal.claimNoLaterThan(this.clock.instant().plusSeconds(10));

        assertThat(this.signal.takeDueClaim()).isFalse();
        this.clock.advance(Duration.ofSeconds(10));
        assertThat(this.signal.takeDueClaim()).isTrue();
    }

    @Test
    void theEarliestRequestedClaimStands() {
        this.signal.takeDueClaim();
        this.signal.claimNoLaterThan(this.clock.instant().plusSeconds(10));
        this.signal.claimNoLaterThan(this.clock.instant().plusSeconds(60));

        this.clock.advance(Duration.ofSeconds(10));

        assertThat(this.signal.takeDueClaim()).isTrue();
    }

    @Test
    void aRetryStaysScheduledWhenAClaimIsTakenBeforeItIsDue() {
        this.signal.takeDueClaim();
        this.signal.retryNoLaterThan(this.clock.instant().plusSeconds(1));
        // A commit asks for a claim now; the loop takes it and schedules its next poll far away.
        this.signal.claimNoLaterThan(this.clock.instant());
        assertThat(this.signal.takeDueClaim()).isTrue();
        this.signal.claimNoLaterThan(this.clock.instant().plus(Duration.ofMinutes(10)));

        assertThat(this.signal.takeDueClaim()).isFalse();
        this.clock.advance(Duration.ofSeconds(1));
        assertThat(this.signal.takeDueClaim()).as("the retry is due").isTrue();
        assertThat(this.signal.takeDueClaim()).as("and covered by that claim").isFalse();
    }

    @Test
    void awaitDoesNotWaitWhileAClaimIsDue() {
        assertTimeoutPreemptively(GENEROUS, () -> this.signal.await(FOREVER));
        // Waiting does not take the claim.
        assertThat(this.signal.takeDueClaim()).isTrue();
    }

    @Test
    void awaitReturnsAfterItsMaximumWaitWhenNothingHappens() {
        this.signal.takeDueClaim();

        assertTimeoutPreemptively(GENEROUS, () -> this.signal.await(Duration.ofMillis(20)));
    }

    @Test
    void awaitReturnsWhenWorkIsHandedOffFromAnotherThread() throws InterruptedException {
        this.signal.takeDueClaim();
        CountDownLatch returned = startWaiter();

        this.signal.workHandedOff();

        assertThat(returned.await(GENEROUS.toSeconds(), TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void awaitReturnsWhenAnotherThreadAsksForAClaimNow() throws InterruptedException {
        this.signal.takeDueClaim();
        CountDownLatch returned = startWaiter();

        this.signal.claimNoLaterThan(Instant.MIN);

        assertThat(returned.await(GENEROUS.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(this.signal.takeDueClaim()).isTrue();
    }

    @Test
    void awaitReturnsWhenStopped() throws InterruptedException {
        this.signal.takeDueClaim();
        CountDownLatch returned = startWaiter();

        this.signal.stop();

        assertThat(returned.await(GENEROUS.toSeconds(), TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void workHandedOffBeforeAwaitIsNotLost() {
        this.signal.takeDueClaim();

        this.signal.workHandedOff();

        assertTimeoutPreemptively(GENEROUS, () -> this.signal.await(FOREVER));
    }

    /**
     * Starts a thread that waits on the signal, and returns once it is parked in the wait (or has
     * already returned), so that what the test does next happens while it waits.
     */
    private CountDownLatch startWaiter() {
        CountDownLatch returned = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        this.waiter = new Thread(() -> {
            try {
                this.signal.await(FOREVER);
            }
            catch (Throwable ex) {
                failure.set(ex);
            }
            returned.countDown();
        }, "wake-signal-waiter");
        this.waiter.setDaemon(true);
        this.waiter.start();
        await().atMost(GENEROUS).until(() -> this.waiter.getState() == Thread.State.TIMED_WAITING
                || returned.getCount() == 0);
        assertThat(returned.getCount()).as("the waiter returned before anything woke it").isEqualTo(1);
        assertThat(failure.get()).isNull();
        return returned;
    }

    private static final class SettableClock extends Clock {

        private volatile Instant now;

        SettableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration duration) {
            this.now = this.now.plus(duration);
        }

        @Override
        public Instant instant() {
            return this.now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }
}
