/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.retry;

import java.time.Duration;

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

    /** The default delay after the first failure. */
    public static final Duration DEFAULT_INITIAL_DELAY = Duration.ofSeconds(1);

    /** The default growth factor. */
    public static final double DEFAULT_MULTIPLIER = 2.0;

    /** The default cap of the delay. */
    public static final Duration DEFAULT_MAX_DELAY = Duration.ofMinutes(5);

    /** The default jitter fraction. */
    public static final double DEFAULT_JITTER = 0.2;

    /**
     * The default number of attempts: with the default delays (1 s doubling up to 5 min) a message
     * keeps being retried for about an hour, long enough to ride out most broker outages.
     */
    public static final int DEFAULT_MAX_ATTEMPTS = 20;

    /**
     * @param initialDelay the delay after the first failed attempt
     * @param multiplier the growth of the delay per further failure, at least 1
     * @param maxDelay the cap of the delay, before jitter
     * @param jitter the fraction (0 to 1) by which a delay may randomly be shortened, so that messages
     * that failed together do not all come back at the same instant
     * @param maxAttempts the attempts a message gets before it is FAILED, at least 1
     * @throws IllegalArgumentException naming the setting that is out of range
     */
    public RetryPolicy {
        requirePositive("initial-delay", initialDelay);
        requirePositive("max-delay", maxDelay);
        if (maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("retry max-delay (" + maxDelay + ") must not be shorter than "
                    + "initial-delay (" + initialDelay + ")");
        }
        if (!(multiplier >= 1.0) || Double.isInfinite(multiplier)) {
            throw new IllegalArgumentException("retry multiplier must be at least 1, was " + multiplier);
        }
        if (!(jitter >= 0.0 && jitter <= 1.0)) {
            throw new IllegalArgumentException("retry jitter must be between 0 and 1, was " + jitter);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("retry max-attempts must be at least 1, was " + maxAttempts);
        }
    }

    /**
     * @return the policy used where nothing is configured
     */
    public static RetryPolicy defaults() {
        return new RetryPolicy(DEFAULT_INITIAL_DELAY, DEFAULT_MULTIPLIER, DEFAULT_MAX_DELAY, DEFAULT_JITTER,
                DEFAULT_MAX_ATTEMPTS);
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

    private static void requirePositive(String name, Duration value) {
        if (value == null) {
            throw new IllegalArgumentException("retry " + name + " must be set");
        }
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("retry " + name + " must be positive, was " + value);
        }
    }
}
