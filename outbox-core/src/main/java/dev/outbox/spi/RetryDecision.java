/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.spi;

/**
 * Decides whether a message whose send failed through its own fault may be tried again: the
 * application's word on failures that its sender cannot tell apart, such as an exception of its
 * own serializer or schema registry that no retry will fix.
 *
 * <p>It is asked about every failure that is the message's own, a send's or a local handler's; a
 * {@link SendFailure#REJECTED} one is FAILED without asking, and an {@link SendFailure#UNREACHABLE}
 * one spends no attempt. A message it refuses goes FAILED at once, with its reason, as a rejected
 * one does. A decision that throws lets the message be retried.
 */
@FunctionalInterface
public interface RetryDecision {

    /** Retries every failure until the message's attempts are spent: the default. */
    RetryDecision ALWAYS = (message, error) -> true;

    /**
     * @param message the message whose send failed
     * @param error why it failed
     * @return whether it may be tried again; false makes it FAILED now
     */
    boolean retryable(OutgoingMessage message, Throwable error);
}
