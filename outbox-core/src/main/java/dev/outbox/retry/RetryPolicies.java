/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.retry;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * The retry policy of each message type, and the optional slow retry of FAILED messages.
 */
public final class RetryPolicies {

    private final RetryPolicy defaultPolicy;

    private final Map<String, RetryPolicy> byType;

    private final @Nullable Duration failedRetryInterval;

    /**
     * @param defaultPolicy the policy of every type without its own
     * @param byType policies per message type
     * @param failedRetryInterval how often a FAILED message is tried again, or null never to
     */
    public RetryPolicies(RetryPolicy defaultPolicy, Map<String, RetryPolicy> byType,
            @Nullable Duration failedRetryInterval) {
        if (failedRetryInterval != null && (failedRetryInterval.isNegative() || failedRetryInterval.isZero())) {
            throw new IllegalArgumentException("retry failed-retry-interval must be positive, was "
                    + failedRetryInterval);
        }
        this.defaultPolicy = defaultPolicy;
        this.byType = Map.copyOf(byType);
        this.failedRetryInterval = failedRetryInterval;
    }

    /**
     * @return the defaults for every type, with no slow retry
     */
    public static RetryPolicies defaults() {
        return new RetryPolicies(RetryPolicy.defaults(), Map.of(), null);
    }

    /**
     * @param messageType a message type
     * @return its policy
     */
    public RetryPolicy forType(String messageType) {
        return this.byType.getOrDefault(messageType, this.defaultPolicy);
    }

    /**
     * @return how often FAILED messages are retried, if they are
     */
    public Optional<Duration> failedRetryInterval() {
        return Optional.ofNullable(this.failedRetryInterval);
    }
}
