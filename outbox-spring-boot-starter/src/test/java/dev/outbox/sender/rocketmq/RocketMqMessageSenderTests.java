/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

import java.util.Map;
import java.util.concurrent.CompletionStage;

import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.apache.rocketmq.remoting.exception.RemotingSendRequestException;
import org.apache.rocketmq.remoting.exception.RemotingTimeoutException;
import org.apache.rocketmq.remoting.exception.RemotingTooMuchRequestException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The RocketMQ sender with a real producer that was never started, so nothing reaches a broker, and how it tells
 * an unreachable broker from a message's own failure.
 */
class RocketMqMessageSenderTests {

    private final DefaultMQProducer producer = new DefaultMQProducer("outbox-sender-tests");

    private final RocketMqMessageSender sender = new RocketMqMessageSender(this.producer);

    @AfterEach
    void shutdownProducer() {
        this.producer.shutdown();
    }

    @Test
    void aHeaderThatRocketMqReservesFailsTheSendNamingTheHeader() {
        Throwable failure = failureOf(this.sender.send(message(Map.of("KEYS", "a b"))));

        assertThat(failure).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("header 'KEYS' cannot be a RocketMQ user property: ")
                .hasMessageContaining("used by system");
    }

    @Test
    void aHeaderWithABlankValueFailsTheSendNamingTheHeader() {
        Throwable failure = failureOf(this.sender.send(message(Map.of("traceparent", " "))));

        assertThat(failure).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("header 'traceparent' cannot be a RocketMQ user property: ");
    }

    @Test
    void whatTheProducerRefusesFailsTheStageInsteadOfThrowing() {
        Throwable failure = failureOf(this.sender.send(message(Map.of())));

        assertThat(failure).hasMessageContaining("The producer service state not OK");
    }

    @Test
    void aRemotingFailureToConnectSendOrHearBackIsAnUnreachableBroker() {
        assertThat(this.sender.classify(new MQClientException("send failed",
                new RemotingConnectException("127.0.0.1:9876")))).isEqualTo(SendFailure.UNREACHABLE);
        assertThat(this.sender.classify(new RemotingTimeoutException("127.0.0.1:10911", 3000)))
                .isEqualTo(SendFailure.UNREACHABLE);
        assertThat(this.sender.classify(new RemotingSendRequestException("127.0.0.1:10911")))
                .isEqualTo(SendFailure.UNREACHABLE);
        assertThat(this.sender.classify(new RemotingTooMuchRequestException("too many requests")))
                .isEqualTo(SendFailure.UNREACHABLE);
    }

    @Test
    void anAnswerOfTheBrokerIsTheMessagesOwnFailure() {
        assertThat(this.sender.classify(new MQBrokerException(1, "topic not allowed")))
                .isEqualTo(SendFailure.MESSAGE);
        assertThat(this.sender.classify(new RocketMqDeliveryException("not confirmed by the broker: FLUSH_DISK_TIMEOUT")))
                .isEqualTo(SendFailure.MESSAGE);
        assertThat(this.sender.classify(new MQClientException("No route info of this topic: orders", null)))
                .isEqualTo(SendFailure.MESSAGE);
    }

    private static Throwable failureOf(CompletionStage<String> stage) {
        Throwable failure = catchThrowable(() -> stage.toCompletableFuture().join());
        return (failure.getCause() != null) ? failure.getCause() : failure;
    }

    private static OutgoingMessage message(Map<String, String> headers) {
        return new OutgoingMessage(1, "order-1", "order.created", "orders", null, headers, "{}", 1);
    }
}
