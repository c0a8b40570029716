/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.retry;

import java.time.Duration;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RetryPolicyTest {

    /** 100 ms doubling, capped at one minute, no jitter. */
    private static final RetryPolicy DOUBLING = new RetryPolicy(Duration.ofMillis(100), 2.0, Duration.ofMinutes(1),
            0.0, 20);

    @ParameterizedTest(name = "delay({0}) = {1} ms")
    @CsvSource({
            "1, 100",
            "2, 200",
            "3, 400",
            "4, 800",
            "5, 1600",
            "6, 3200",
            "7, 6400",
            "8, 12800",
            "9, 25600",
            "10, 51200",
            "11, 60000",
            "12, 60000"
    })
    void delayGrowsByTheMultiplierUntilTheCapWithoutJitter(int failedAttempts, long expectedMillis) {
        assertThat(DOUBLING.delayAfter(failedAttempts, 0.0)).isEqualTo(Duration.ofMillis(expectedMillis));
        // With no jitter the random number makes no difference.
        assertThat(DOUBLING.delayAfter(failedAttempts, 0.999)).isEqualTo(Duration.ofMillis(expectedMillis));
    }

    @ParameterizedTest(name = "delay({0}) = {1} s")
    @CsvSource({
            "1, 3",
            "2, 9",
            "3, 27",
            "4, 81",
            "5, 243",
            "6, 729",
            "7, 1000",
            "8, 1000",
            "9, 1000",
            "10, 1000",
            "11, 1000",
            "12, 1000"
    })
    void delayFollowsTheFormulaForAnotherMultiplierAndCap(int failedAttempts, long expectedSeconds) {
        RetryPolicy tripling = new RetryPolicy(Duration.ofSeconds(3), 3.0, Duration.ofSeconds(1000), 0.0, 5);

        assertThat(tripling.delayAfter(failedAttempts, 0.5)).isEqualTo(Duration.ofSeconds(expectedSeconds));
    }

    @Test
    void delayStaysAtTheCapForVeryManyAttempts() {
        assertThat(DOUBLING.delayAfter(10_000, 0.0)).isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void multiplierOfOneGivesAConstantDelay() {
        RetryPolicy constant = new RetryPolicy(Duration.ofSeconds(5), 1.0, Duration.ofSeconds(5), 0.0, 3);

        for (int n = 1; n <= 12; n++) {
            assertThat(constant.delayAfter(n, 0.0)).isEqualTo(Duration.ofSeconds(5));
        }
    }

    @Test
    void defaultsAreOneSecondDoublingToFiveMinutesWithTwentyPercentJitterAndTwentyAttempts() {
        RetryPolicy defaults = RetryPolicy.defaults();

        assertThat(defaults.initialDelay()).isEqualTo(Duration.ofSeconds(1));
        assertThat(defaults.multiplier()).isEqualTo(2.0);
        assertThat(defaults.maxDelay()).isEqualTo(Duration.ofMinutes(5));
        assertThat(defaults.jitter()).isEqualTo(0.2);
        assertThat(defaults.maxAttempts()).isEqualTo(20);
        assertThat(defaults.delayAfter(1, 0.0)).isEqualTo(Duration.ofSeconds(1));
        assertThat(defaults.delayAfter(9, 0.0)).isEqualTo(Duration.ofSeconds(256));
        assertThat(defaults.delayAfter(10, 0.0)).isEqualTo(Duration.ofMinutes(5));
        Duration untilFailed = Duration.ZERO;
        for (int failed = 1; failed < defaults.maxAttempts(); failed++) {
            untilFailed = untilFailed.plus(defaults.delayAfter(failed, 0.0));
        }
        assertThat(untilFailed).as("retried for about an hour before FAILED").isBetween(Duration.ofMinutes(50),
                Duration.ofMinutes(70));
    }

    @Test
    void jitterWithRandomZeroKeepsTheFullDelay() {
        RetryPolicy jittered = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1), 0.2, 10);

        assertThat(jittered.delayAfter(1, 0.0)).isEqualTo(Duration.ofSeconds(1));
        assertThat(jittered.delayAfter(4, 0.0)).isEqualTo(Duration.ofSeconds(8));
        assertThat(jittered.delayAfter(12, 0.0)).isEqualTo(Duration.ofMinutes(1));
    }

    @ParameterizedTest(name = "jitter {0}")
    @ValueSource(doubles = { 0.1, 0.2, 0.5, 1.0 })
    void jitterNeverShortensTheDelayBelowOneMinusJitterAndNeverLengthensIt(double jitter) {
        RetryPolicy jittered = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1), jitter, 10);

        for (int n = 1; n <= 12; n++) {
            long full = fullDelayMillis(n);
            Duration shortest = jittered.delayAfter(n, 0.999);
            assertThat(shortest.toMillis()).as("attempt %d", n)
                    .isGreaterThanOrEqualTo((long) Math.floor((1.0 - jitter) * full))
                    .isGreaterThanOrEqualTo(1)
                    .isLessThanOrEqualTo(full);
            assertThat(jittered.delayAfter(n, 0.5).toMillis()).as("attempt %d", n)
                    .isBetween(shortest.toMillis(), full);
        }
    }

    @Test
    void jitterOfTwentyPercentWithRandomHalfShortensByTenPercent() {
        RetryPolicy jittered = new RetryPolicy(Duration.ofSeconds(10), 2.0, Duration.ofMinutes(1), 0.2, 10);

        assertThat(jittered.delayAfter(1, 0.5)).isEqualTo(Duration.ofSeconds(9));
    }

    @Test
    void fullJitterStillWaitsAtLeastOneMillisecond() {
        RetryPolicy fullJitter = new RetryPolicy(Duration.ofMillis(1), 1.0, Duration.ofMillis(1), 1.0, 10);

        assertThat(fullJitter.delayAfter(1, 0.999)).isEqualTo(Duration.ofMillis(1));
    }

    @Test
    void allowsAnotherAttemptUntilMaxAttemptsHaveFailed() {
        RetryPolicy threeAttempts = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1), 0.0, 3);

        assertThat(threeAttempts.allowsAnotherAttempt(1)).isTrue();
        assertThat(threeAttempts.allowsAnotherAttempt(2)).isTrue();
        assertThat(threeAttempts.allowsAnotherAttempt(3)).isFalse();
        assertThat(threeAttempts.allowsAnotherAttempt(4)).isFalse();
    }

    @Test
    void aSingleAttemptAllowsNoRetry() {
        RetryPolicy once = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1), 0.0, 1);

        assertThat(once.allowsAnotherAttempt(1)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = { 0, -1 })
    void delayNeedsAtLeastOneFailedAttempt(int failedAttempts) {
        assertThatIllegalArgumentException().isThrownBy(() -> DOUBLING.delayAfter(failedAttempts, 0.0))
                .withMessageContaining("failedAttempts must be at least 1");
    }

    static Stream<Arguments> invalidSettings() {
        Duration second = Duration.ofSeconds(1);
        Duration minute = Duration.ofMinutes(1);
        return Stream.of(
                Arguments.of("initial-delay", (Runnable) () -> new RetryPolicy(Duration.ZERO, 2.0, minute, 0.2, 3)),
                Arguments.of("initial-delay", (Runnable) () -> new RetryPolicy(second.negated(), 2.0, minute, 0.2, 3)),
                Arguments.of("max-delay", (Runnable) () -> new RetryPolicy(second, 2.0, Duration.ZERO, 0.2, 3)),
                Arguments.of("max-delay", (Runnable) () -> new RetryPolicy(second, 2.0, minute.negated(), 0.2, 3)),
                Arguments.of("max-delay", (Runnable) () -> new RetryPolicy(minute, 2.0, second, 0.2, 3)),
                Arguments.of("multiplier", (Runnable) () -> new RetryPolicy(second, 0.99, minute, 0.2, 3)),
                Arguments.of("multiplier", (Runnable) () -> new RetryPolicy(second, 0.0, minute, 0.2, 3)),
                Arguments.of("multiplier", (Runnable) () -> new RetryPolicy(second, -2.0, minute, 0.2, 3)),
                Arguments.of("multiplier", (Runnable) () -> new RetryPolicy(second, Double.NaN, minute, 0.2, 3)),
                Arguments.of("multiplier",
                        (Runnable) () -> new RetryPolicy(second, Double.POSITIVE_INFINITY, minute, 0.2, 3)),
                Arguments.of("jitter", (Runnable) () -> new RetryPolicy(second, 2.0, minute, -0.01, 3)),
                Arguments.of("jitter", (Runnable) () -> new RetryPolicy(second, 2.0, minute, 1.01, 3)),
                Arguments.of("jitter", (Runnable) () -> new RetryPolicy(second, 2.0, minute, Double.NaN, 3)),
                Arguments.of("max-attempts", (Runnable) () -> new RetryPolicy(second, 2.0, minute, 0.2, 0)),
                Arguments.of("max-attempts", (Runnable) () -> new RetryPolicy(second, 2.0, minute, 0.2, -5)));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("invalidSettings")
    void rejectsEachInvalidSettingNamingIt(String setting, Runnable creation) {
        assertThatIllegalArgumentException().isThrownBy(creation::run)
                .withMessageStartingWith("retry " + setting + " ");
    }

    @Test
    void maxDelayShorterThanInitialDelayNamesBothSettings() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new RetryPolicy(Duration.ofMinutes(1), 2.0, Duration.ofSeconds(1), 0.0, 3))
                .withMessageContaining("max-delay (PT1S)")
                .withMessageContaining("initial-delay (PT1M)");
    }

    @Test
    void acceptsTheBoundaryValues() {
        RetryPolicy edges = new RetryPolicy(Duration.ofMillis(1), 1.0, Duration.ofMillis(1), 1.0, 1);
        RetryPolicy noJitter = new RetryPolicy(Duration.ofMillis(1), 1.0, Duration.ofMillis(1), 0.0, 1);

        assertThat(edges.jitter()).isEqualTo(1.0);
        assertThat(noJitter.jitter()).isZero();
    }

    private static long fullDelayMillis(int n) {
        return Math.min(1000L << Math.min(n - 1, 20), 60_000L);
    }
}
