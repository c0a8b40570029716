/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.claim;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

import dev.outbox.MessageState;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;

/**
 * Decides what a failed attempt does to its row: back to PENDING with an exponential delay, or
 * FAILED once the type's attempts are spent or the broker rejected the message for good (then due
 * again only for the slow retry, if enabled).
 */
public final class FailurePlanner {

    private final RetryPolicies policies;

    /**
     * @param policies the back-off schedule per message type
     */
    public FailurePlanner(RetryPolicies policies) {
        this.policies = policies;
    }

    /**
     * @param message the claimed message whose delivery failed
     * @param error why it failed
     * @param rejected whether the broker refused the message for good, so that no attempt is left
     * @param attemptedAt when the attempt started
     * @param now the current time, from which the next attempt is scheduled
     * @return the outcome to write: PENDING again at the next retry, or FAILED once the attempts are spent or
     * the message was rejected
     */
    public DeliveryOutcome.Failed plan(ClaimedMessage message, Throwable error, boolean rejected, Instant attemptedAt,
            Instant now) {
        int failedAttempts = message.retryCount() + 1;
        RetryPolicy policy = this.policies.forType(message.type());
        boolean retry = !rejected && message.state() == MessageState.PENDING
                && policy.allowsAnotherAttempt(failedAttempts);
        MessageState state = retry ? MessageState.PENDING : MessageState.FAILED;
        Instant nextRetryAt = retry
                ? now.plus(policy.delayAfter(failedAttempts, ThreadLocalRandom.current().nextDouble()))
                : now.plus(this.policies.failedRetryInterval().orElse(Duration.ZERO));
        return new DeliveryOutcome.Failed(message.id(), message.lockVersion(), attemptedAt, state, failedAttempts,
                nextRetryAt, FailureReason.of(error));
    }
}
