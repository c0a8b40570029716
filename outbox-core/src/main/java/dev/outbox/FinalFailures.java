/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.Optional;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.spi.RetryDecision;
import dev.outbox.spi.SendFailure;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells whether a failure that is the message's own ends its retries at once: when its sender says the broker
 * rejected the message for good, when the error or a cause is one its type names non-retryable
 * ({@link MessageRoutes.Builder#nonRetryable}), or when the application's {@link RetryDecision} refuses it,
 * asked in that order; the first that says so decides, and the rest are not asked.
 */
final class FinalFailures {

    private static final Logger logger = LoggerFactory.getLogger(FinalFailures.class);

    private final MessageRoutes routes;

    private final RetryDecision retryDecision;

    FinalFailures(MessageRoutes routes, RetryDecision retryDecision) {
        this.routes = routes;
        this.retryDecision = retryDecision;
    }

    /**
     * @param message the message whose delivery failed through its own fault
     * @param kind its sender's classification of the failure ({@link SendFailure#MESSAGE} where no sender's
     * classification counts: a local handler's failure, or one of a type with a fallback handler)
     * @param error why it failed
     * @return why no further attempt is made, for the log; empty when the message may be tried again
     */
    Optional<String> finalBecause(ClaimedMessage message, SendFailure kind, Throwable error) {
        if (kind == SendFailure.REJECTED) {
            return Optional.of("the broker rejected it for good");
        }
        Optional<Class<? extends Throwable>> nonRetryable = this.routes.failures().nonRetryableCause(message.type(), error);
        if (nonRetryable.isPresent()) {
            return Optional.of("its type does not retry " + nonRetryable.get().getName());
        }
        return retryable(message, error) ? Optional.empty() : Optional.of("the RetryDecision refused a retry");
    }

    /** Whether the application's {@link RetryDecision} lets the message be tried again; a decision that throws does. */
    private boolean retryable(ClaimedMessage message, Throwable error) {
        try {
            return this.retryDecision.retryable(message.toOutgoing(), error);
        }
        catch (RuntimeException ex) {
            logger.warn("The outbox's RetryDecision failed on message {} (type {}); retrying it", message.id(),
                    message.type(), ex);
            return true;
        }
    }
}
