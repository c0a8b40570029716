/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.claim;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.message.MessageState;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;

/**
 * Decides what a failed attempt does to its row: back to PENDING with an exponential delay, or FAILED once the
 * type's attempts are spent (then due again for the slow retry, if enabled), or FAILED for good when the failure
 * was final (the broker rejected the message, or the error is one no retry fixes): the slow retry leaves such a
 * row alone, and only an operator's retry sends it again.
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
     * @param forGood whether the failure was final (the broker refused the message for good, or the error is
     * non-retryable), so that no attempt is left and the slow retry does not try it either
     * @param attemptedAt when the attempt started
     * @param now the current time, from which the next attempt is scheduled
     * @return the outcome to write: PENDING again at the next retry; FAILED, due at its slow retry if there is one,
     * once the attempts are spent; FAILED for good, due at its failure, when the failure was final
     */
    public DeliveryOutcome.Failed plan(ClaimedMessage message, Throwable error, boolean forGood, Instant attemptedAt,
            Instant now) {
        int failedAttempts = message.retryCount() + 1;
        RetryPolicy policy = this.policies.forType(message.type());
        boolean retry = !forGood && message.state() == MessageState.PENDING
                && policy.allowsAnotherAttempt(failedAttempts);
        MessageState state = retry ? MessageState.PENDING : MessageState.FAILED;
        Instant nextRetryAt;
        if (retry) {
            nextRetryAt = now.plus(policy.delayAfter(failedAttempts, ThreadLocalRandom.current().nextDouble()));
        }
        else {
            // The cleanup counts a FAILED row's age from its due time: its slow retry, or its failure.
            nextRetryAt = forGood ? now : now.plus(this.policies.failedRetryInterval().orElse(Duration.ZERO));
        }
        return new DeliveryOutcome.Failed(message.id(), message.lockVersion(), attemptedAt, state, failedAttempts,
                nextRetryAt, FailureReason.of(error), null, forGood);
    }
}
