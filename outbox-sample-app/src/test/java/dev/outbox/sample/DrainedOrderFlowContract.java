/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;

import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.test.AutoConfigureOutboxTest;
import dev.outbox.test.OutboxTestKit;
import dev.outbox.test.RecordingMessageSender;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order flow without a broker, as an application tests its own: through the outbox's test kit, the dispatcher
 * delivers only when the test drains it, on the test's thread, and the sample's sender records what it was given.
 * Tracking steps go to the sample's local handler, which the drain runs too. Nothing waits.
 */
@AutoConfigureOutboxTest
abstract class DrainedOrderFlowContract extends OrderFlowContract {

    @Autowired
    private OutboxTestKit kit;

    /**
     * Drains the outbox, then checks at once: the messages saved so far were delivered when the drain returned.
     */
    @Override
    protected void untilDelivered(Duration atMost, Runnable check) {
        assertThat(this.kit.drain()).as("messages delivered by the drain").isPositive();
        check.run();
    }

    @Override
    protected String brokerMessageId(long messageId) {
        return RecordingMessageSender.MESSAGE_ID_PREFIX + messageId;
    }

    @Override
    protected void delivered(StoredMessage message) {
        this.kit.sent().withKey(message.messageKey()).single().hasType(message.messageType())
                .hasTopic(message.topic()).hasOrderingKey(message.orderingKey()).hasBody(message.body())
                .hasHeader(OutboxHeaders.ID, Long.toString(message.id()))
                .satisfies(sent -> sent.sender().equals("loggingMessageSender"),
                        "sent through the route of the sample's sender, the logging sender");
    }
}
