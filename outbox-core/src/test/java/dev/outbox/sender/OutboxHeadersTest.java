/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender;

import java.util.Map;

import dev.outbox.spi.OutgoingMessage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OutboxHeadersTest {

    @Test
    void addsTheOutboxIdTypeAndKeyAfterTheMessagesOwnHeadersWhichTheyWinOver() {
        OutgoingMessage message = new OutgoingMessage(42, "order-1", "order.created", "orders", null,
                Map.of("traceparent", "00-abc-01", "outbox-id", "forged"), "{}", 1);

        assertThat(OutboxHeaders.of(message)).containsExactlyInAnyOrderEntriesOf(Map.of("traceparent", "00-abc-01",
                "outbox-id", "42", "outbox-type", "order.created", "outbox-key", "order-1"));
    }

    @Test
    void addsTheOrderingKeyOfAMessageThatHasOne() {
        OutgoingMessage message = new OutgoingMessage(42, "step-2", "account.step", "accounts", "account-1",
                Map.of(OutboxHeaders.SEQUENCE, "2"), "{}", 1);

        assertThat(OutboxHeaders.of(message)).containsEntry("outbox-ordering-key", "account-1")
                .containsEntry("outbox-sequence", "2");
    }
}
