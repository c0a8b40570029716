/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.retry;

import java.time.Duration;
import java.util.List;

import dev.outbox.settings.Check;
import dev.outbox.settings.Setting;
import dev.outbox.settings.SettingSource;

/**
 * How a message type is retried: {@code delay(n) = min(initialDelay * multiplier^(n-1), maxDelay)}
 * after the n-th failed attempt, spread by a random jitter, until {@code maxAttempts} attempts have
 * failed and the message is parked as FAILED.
 *
 * @param initialDelay the delay after the first failed attempt
 * @param multiplier the growth of the delay per further failure, at least 1
 * @param maxDelay the cap of the delay, before jitter
 * @param jitter the fraction (0 to 1) by which a delay may randomly be shortened, so that messages
 * that failed together do not all come back at the same instant
 * @param maxAttempts the attempts a message gets before it is FAILED, at least 1
 */
public record RetryPolicy(Duration initialDelay, double multiplier, Duration maxDelay, double jitter, int maxAttempts) {

    private static final String GROUP = "retry";

    /** The delay after the first failed attempt: 1 s by default. */
    public static final Setting<Duration> INITIAL_DELAY = Setting.of(GROUP, "initial-delay", Duration.ofSeconds(1),
            Check.positive(), "Delay after the first failed attempt.");

    /** The growth of the delay per further failed attempt: 2 by default. */
    public static final Setting<Double> MULTIPLIER = Setting.of(GROUP, "multiplier", 2.0, Check.atLeast(1.0),
            "Growth of the delay per further failed attempt; at least 1.");

    /** The cap of the delay, before jitter: 5 minutes by default. */
    public static final Setting<Duration> MAX_DELAY = Setting.of(GROUP, "max-delay", Duration.ofMinutes(5),
            Check.positive(), "Cap of the delay, before jitter.");

    /** The fraction by which a delay may randomly be shortened: 0.2 by default. */
    public static final Setting<Double> JITTER = Setting.of(GROUP, "jitter", 0.2, Check.between(0.0, 1.0),
            "Fraction (0 to 1) by which a delay may randomly be shortened, so that messages that failed together "
                    + "do not all come back at the same instant.");

    /**
     * The attempts a message gets before it is FAILED: 20 by default. With the default delays (1 s doubling up
     * to 5 min) a message keeps being retried for about an hour, long enough to ride out most broker outages.
     */
    public static final Setting<Integer> MAX_ATTEMPTS = Setting.of(GROUP, "max-attempts", 20, Check.atLeast(1),
            "Attempts a message gets before it is FAILED; at least 1.");

    /** Every setting of a retry policy, in the order of the record's components. */
    public static final List<Setting<?>> SETTINGS = List.of(INITIAL_DELAY, MULTIPLIER, MAX_DELAY, JITTER,
            MAX_ATTEMPTS);

    /**
     * @param initialDelay the delay after the first failed attempt
     * @param multiplier the growth of the delay per further failure, at least 1
     * @param maxDelay the cap of the delay, before jitter
     * @param jitter the fraction (0 to 1) by which a delay may randomly be shortened, so that messages
     * that failed together do not all come back at the same instant
     * @param maxAttempts the attempts a message gets before it is FAILED, at least 1
     * @throws dev.outbox.settings.SettingException naming the setting that is out of range
     */
    public RetryPolicy {
        INITIAL_DELAY.check(initialDelay);
        MAX_DELAY.check(maxDelay);
        if (maxDelay.compareTo(initialDelay) < 0) {
            throw MAX_DELAY.invalid("(" + maxDelay + ") must not be shorter than initial-delay (" + initialDelay
                    + ")");
        }
        MULTIPLIER.check(multiplier);
        JITTER.check(jitter);
        MAX_ATTEMPTS.check(maxAttempts);
    }

    /**
     * @return the policy used where nothing is configured
     */
    public static RetryPolicy defaults() {
        return from(SettingSource.empty());
    }

    /**
     * @param source where the settings are read from; each one it does not have takes its default
     * @return the validated policy
     * @throws dev.outbox.settings.SettingException naming the setting that is out of range
     */
    public static RetryPolicy from(SettingSource source) {
        return new RetryPolicy(INITIAL_DELAY.valueIn(source), MULTIPLIER.valueIn(source), MAX_DELAY.valueIn(source),
                JITTER.valueIn(source), MAX_ATTEMPTS.valueIn(source));
    }

    /**
     * @param failedAttempts the attempts that have failed, at least 1
     * @return whether the message gets another attempt
     */
    public boolean allowsAnotherAttempt(int failedAttempts) {
        return failedAttempts < this.maxAttempts;
    }

    /**
     * The delay before the next attempt.
     *
     * @param failedAttempts the attempts that have failed, at least 1
     * @param random a number in [0, 1) that picks the jitter
     * @return the delay, between {@code (1 - jitter)} and 1 times the capped exponential delay
     */
    public Duration delayAfter(int failedAttempts, double random) {
        if (failedAttempts < 1) {
            throw new IllegalArgumentException("failedAttempts must be at least 1, was " + failedAttempts);
        }
        double exponential = this.initialDelay.toMillis() * Math.pow(this.multiplier, failedAttempts - 1);
        double capped = Math.min(exponential, this.maxDelay.toMillis());
        double jittered = capped * (1.0 - this.jitter * random);
        return Duration.ofMillis(Math.max(1, Math.round(jittered)));
    }
}
