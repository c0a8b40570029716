/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.net.ConnectException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sender of a route with its own topic: the message goes to that topic, and the delegate answers whether
 * pipelined sends keep their order and whose fault a failure was.
 */
class TopicOverridingSenderTests {

    @Test
    void sendsToTheRoutesTopicAndAnswersAsItsDelegate() {
        OrderedSender delegate = new OrderedSender();
        TopicOverridingSender sender = new TopicOverridingSender("audit", delegate);

        sender.send(new OutgoingMessage(7, "order-7", "order.audited", "orders", "customer-1", Map.of(), "{}", 1));

        assertThat(delegate.received.topic()).isEqualTo("audit");
        assertThat(delegate.received.orderingKey()).isEqualTo("customer-1");
        assertThat(sender.keepsOrderOfPipelinedSends()).isTrue();
        assertThat(sender.classify(new IllegalStateException("refused"))).isEqualTo(SendFailure.UNREACHABLE);
    }

    @Test
    void aDelegateWithTheDefaultsGivesTheDefaults() {
        TopicOverridingSender sender = new TopicOverridingSender("audit", new RecordingMessageSender());

        assertThat(sender.keepsOrderOfPipelinedSends()).isFalse();
        assertThat(sender.classify(new ConnectException())).isEqualTo(SendFailure.UNREACHABLE);
        assertThat(sender.classify(new IllegalStateException("refused"))).isEqualTo(SendFailure.MESSAGE);
    }

    /** A sender that keeps the order of pipelined sends and counts every failure as an outage. */
    private static final class OrderedSender implements MessageSender {

        private OutgoingMessage received;

        @Override
        public CompletionStage<String> send(OutgoingMessage message) {
            this.received = message;
            return CompletableFuture.completedFuture("sent");
        }

        @Override
        public boolean keepsOrderOfPipelinedSends() {
            return true;
        }

        @Override
        public SendFailure classify(Throwable error) {
            return SendFailure.UNREACHABLE;
        }
    }
}
