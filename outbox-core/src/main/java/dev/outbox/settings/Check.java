/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.settings;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * What a setting's value must be, with the sentence that says what is wrong when it is not.
 *
 * @param <T> the value type
 */
@FunctionalInterface
public interface Check<T> {

    /**
     * @param value a value, never null
     * @return what is wrong with it, for example "must be positive, was PT0S", or null when it is fine
     */
    @Nullable String problem(T value);

    /**
     * @param <T> the value type
     * @return a check that takes every value
     */
    static <T> Check<T> any() {
        return value -> null;
    }

    /**
     * @return a check that takes durations longer than zero
     */
    static Check<Duration> positive() {
        return value -> (value.isNegative() || value.isZero()) ? "must be positive, was " + value : null;
    }

    /**
     * @return a check that takes zero and durations longer than zero
     */
    static Check<Duration> notNegative() {
        return value -> value.isNegative() ? "must not be negative, was " + value : null;
    }

    /**
     * @param <N> a whole-number type
     * @param min the smallest value taken
     * @return a check that takes whole numbers of at least {@code min}
     */
    static <N extends Number> Check<N> atLeast(long min) {
        return value -> (value.longValue() < min) ? "must be at least " + min + ", was " + value : null;
    }

    /**
     * @param <N> a whole-number type
     * @param min the smallest value taken
     * @param max the largest value taken
     * @return a check that takes whole numbers from {@code min} to {@code max}
     */
    static <N extends Number> Check<N> between(long min, long max) {
        return value -> (value.longValue() < min || value.longValue() > max)
                ? "must be between " + min + " and " + max + ", was " + value : null;
    }

    /**
     * @param min the smallest value taken
     * @return a check that takes finite numbers of at least {@code min}
     */
    static Check<Double> atLeast(double min) {
        return value -> (value >= min && !value.isInfinite()) ? null
                : "must be at least " + plain(min) + ", was " + value;
    }

    /**
     * @param min the smallest value taken
     * @param max the largest value taken
     * @return a check that takes numbers from {@code min} to {@code max}
     */
    static Check<Double> between(double min, double max) {
        return value -> (value >= min && value <= max) ? null
                : "must be between " + plain(min) + " and " + plain(max) + ", was " + value;
    }

    private static String plain(double bound) {
        return (bound == Math.rint(bound)) ? Long.toString((long) bound) : Double.toString(bound);
    }
}
