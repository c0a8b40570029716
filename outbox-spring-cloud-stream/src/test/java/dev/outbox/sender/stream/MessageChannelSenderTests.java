/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import dev.outbox.spi.SendFailure;
import org.junit.jupiter.api.Test;
import org.springframework.integration.channel.DirectChannel;
import org.springframework.integration.channel.ExecutorChannel;
import org.springframework.integration.channel.QueueChannel;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessagingException;

import static dev.outbox.sender.stream.StreamApplications.confirmed;
import static dev.outbox.sender.stream.StreamApplications.failure;
import static dev.outbox.sender.stream.StreamApplications.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The message channel sender on Spring Integration channels whose flow runs on the sending thread: sent once the flow
 * returned, a flow's failure classified from its cause, and the channels that only buffer refused.
 */
class MessageChannelSenderTests {

    @Test
    void aMessageTheFlowTookIsSentWithTheOutboxHeadersAndRecordsTheOutboxId() throws Exception {
        List<Message<?>> received = new CopyOnWriteArrayList<>();
        DirectChannel channel = new DirectChannel();
        channel.subscribe(received::add);

        String id = confirmed(new MessageChannelSender(channel).send(message(7, "orders", "order-7", "customer-1")));

        assertThat(id).isEqualTo("outbox-7");
        assertThat(received).singleElement().satisfies(sent -> {
            assertThat(new String((byte[]) sent.getPayload(), StandardCharsets.UTF_8)).isEqualTo("{\"orderId\":7}");
            assertThat(sent.getHeaders()).containsEntry("outbox-id", "7").containsEntry("outbox-type", "order.created")
                    .containsEntry("outbox-key", "order-7").containsEntry("outbox-ordering-key", "customer-1")
                    .containsEntry("traceparent", "00-abc-01").containsEntry("contentType", "application/json");
        });
    }

    @Test
    void aFlowThatFailsFailsTheSendWhichIsClassifiedByItsCause() throws Exception {
        DirectChannel unreachable = new DirectChannel();
        unreachable.subscribe(sent -> {
            throw new MessagingException(sent, "publish failed", new ConnectException("Connection refused"));
        });
        DirectChannel refusing = new DirectChannel();
        refusing.subscribe(sent -> {
            throw new MessagingException(sent, "the broker refused the message");
        });

        MessageChannelSender toUnreachable = new MessageChannelSender(unreachable);
        MessageChannelSender toRefusing = new MessageChannelSender(refusing);

        assertThat(toUnreachable.classify(failure(toUnreachable.send(message(8, "orders", "order-8", null)))))
                .isEqualTo(SendFailure.UNREACHABLE);
        assertThat(toRefusing.classify(failure(toRefusing.send(message(9, "orders", "order-9", null)))))
                .isEqualTo(SendFailure.MESSAGE);
    }

    @Test
    void aChannelWithoutSubscriberIsUnreachable() throws Exception {
        MessageChannelSender sender = new MessageChannelSender(new DirectChannel());

        Throwable failure = failure(sender.send(message(10, "orders", "order-10", null)));

        assertThat(failure).hasMessageContaining("Dispatcher has no subscribers");
        assertThat(sender.classify(failure)).isEqualTo(SendFailure.UNREACHABLE);
        assertThat(sender.keepsOrderOfPipelinedSends()).isFalse();
    }

    @Test
    void aChannelThatOnlyBuffersMessagesForAnotherThreadIsRefused() {
        QueueChannel queue = new QueueChannel();
        queue.setBeanName("orders");

        assertThatIllegalArgumentException().isThrownBy(() -> new MessageChannelSender(queue)).withMessage("The "
                + "outbox's channel sender needs a channel whose flow runs on the sending thread, so that a return "
                + "means the broker confirmed the message, but QueueChannel 'orders' only buffers messages for another "
                + "thread: send to a direct channel whose flow ends in an outbound adapter that waits for the broker's "
                + "confirmation");
        assertThatIllegalArgumentException().isThrownBy(() -> new MessageChannelSender(
                new ExecutorChannel(Executors.newSingleThreadExecutor())));
    }
}
