/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.message.MessageState;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.RetryDecision;
import dev.outbox.spi.SendFailure;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FinalFailuresTest {

    private static final MessageSender SENDER = message -> CompletableFuture.completedFuture("id");

    private final List<String> asked = new CopyOnWriteArrayList<>();

    private final MessageRoutes routes = MessageRoutes.builder().defaultSender(SENDER)
            .nonRetryable("order.created", IllegalArgumentException.class)
            .nonRetryable("order.created", UncheckedIOException.class)
            .build();

    /** Refuses an IllegalStateException, and records each message it is asked about. */
    private final RetryDecision decision = (message, error) -> {
        this.asked.add(message.key());
        return !(error instanceof IllegalStateException);
    };

    private final FinalFailures finalFailures = new FinalFailures(this.routes, this.decision);

    @Test
    void aRejectedFailureIsFinalWithoutAskingTheRest() {
        assertThat(this.finalFailures.finalBecause(row("order.created"), SendFailure.REJECTED,
                new RuntimeException("too large"))).contains("the broker rejected it for good");
        assertThat(this.asked).isEmpty();
    }

    @Test
    void anErrorItsTypeNamesNonRetryableIsFinalAsACauseAndAsASubclassWithoutAskingTheDecision() {
        Throwable wrapped = new RuntimeException("send failed", new NumberFormatException("not a number"));

        assertThat(this.finalFailures.finalBecause(row("order.created"), SendFailure.MESSAGE, wrapped))
                .contains("its type does not retry java.lang.IllegalArgumentException");
        assertThat(this.asked).isEmpty();
    }

    @Test
    void theNonRetryableExceptionsOfOneTypeLeaveTheOthersRetried() {
        assertThat(this.finalFailures.finalBecause(row("mail.requested"), SendFailure.MESSAGE,
                new IllegalArgumentException("bad"))).isEmpty();
        assertThat(this.asked).containsExactly("key-mail.requested");
    }

    @Test
    void theRetryDecisionDecidesTheRest() {
        assertThat(this.finalFailures.finalBecause(row("order.created"), SendFailure.MESSAGE,
                new IllegalStateException("schema"))).contains("the RetryDecision refused a retry");
        assertThat(this.finalFailures.finalBecause(row("order.created"), SendFailure.MESSAGE,
                new RuntimeException("flaky"))).isEmpty();
        assertThat(this.asked).hasSize(2);
    }

    @Test
    void aRetryDecisionThatThrowsRetries() {
        FinalFailures throwing = new FinalFailures(this.routes, (message, error) -> {
            throw new IllegalStateException("no decision");
        });

        assertThat(throwing.finalBecause(row("mail.requested"), SendFailure.MESSAGE, new RuntimeException("flaky")))
                .isEmpty();
    }

    @Test
    void aCauseChainThatLoopsEnds() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);

        assertThat(this.finalFailures.finalBecause(row("order.created"), SendFailure.MESSAGE, first)).isEmpty();
    }

    private static ClaimedMessage row(String type) {
        return new ClaimedMessage(1, 5, "key-" + type, type, "topic", null, Map.of(), "{}", 0, MessageState.PENDING,
                Instant.EPOCH);
    }
}
