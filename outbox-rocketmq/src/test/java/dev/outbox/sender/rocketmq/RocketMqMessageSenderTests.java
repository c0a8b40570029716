/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

import java.util.Map;
import java.util.concurrent.CompletionStage;

import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.apache.rocketmq.client.common.ClientErrorCode;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.apache.rocketmq.remoting.exception.RemotingException;
import org.apache.rocketmq.remoting.exception.RemotingSendRequestException;
import org.apache.rocketmq.remoting.exception.RemotingTimeoutException;
import org.apache.rocketmq.remoting.exception.RemotingTooMuchRequestException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The RocketMQ sender with a real producer that was never started, so nothing reaches a broker, and how it tells
 * an unreachable broker and a message rejected for good from a message's own failure.
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
    void aConnectionLostWhileTheAnswerWasAwaitedIsAnUnreachableBrokerButABadAnswerIsNot() {
        // What the client's response future says when the channel closed under the request.
        assertThat(this.sender.classify(new MQClientException("unknown reason",
                new RemotingException("RemotingCommand [code=310, ...]", null)))).isEqualTo(SendFailure.UNREACHABLE);
        assertThat(this.sender.classify(new MQClientException("unknown reason",
                new RemotingCommandException("decode failed")))).isEqualTo(SendFailure.MESSAGE);
    }

    @Test
    void aBrokerThatCannotStoreForNowIsUnreachable() {
        assertThat(this.sender.classify(new MQClientException("Send [1] times, still failed",
                new MQBrokerException(ResponseCode.SERVICE_NOT_AVAILABLE, "service not available now"))))
                .isEqualTo(SendFailure.UNREACHABLE);
        assertThat(this.sender.classify(new MQBrokerException(ResponseCode.SYSTEM_BUSY,
                "[TIMEOUT_CLEAN_QUEUE]broker busy, start flow control for a while")))
                .isEqualTo(SendFailure.UNREACHABLE);
    }

    @Test
    void aBodyTheBrokerFindsIllegalAMissingTopicOrNoPermissionIsRejectedForGood() {
        for (int code : new int[] { ResponseCode.MESSAGE_ILLEGAL, ResponseCode.TOPIC_NOT_EXIST,
                ResponseCode.NO_PERMISSION }) {
            assertThat(this.sender.classify(new MQBrokerException(code, "refused", "127.0.0.1:10911")))
                    .as("broker code %d", code).isEqualTo(SendFailure.REJECTED);
            assertThat(this.sender.classify(new MQClientException("Send [3] times, still failed",
                    new MQBrokerException(code, "refused")))).as("wrapped broker code %d", code)
                    .isEqualTo(SendFailure.REJECTED);
            assertThat(this.sender.classify(new MQClientException(code, "refused")))
                    .as("client code %d", code).isEqualTo(SendFailure.REJECTED);
        }
    }

    @Test
    void aTopicNameRocketMqDoesNotAllowIsRejectedForGoodBeforeTheProducerIsAsked() {
        for (String topic : new String[] { "orders.v1", "x".repeat(128), "SCHEDULE_TOPIC_XXXX" }) {
            Throwable failure = failureOf(this.sender.send(message(topic, "{}")));

            assertThat(failure).as(topic).isInstanceOf(RocketMqDeliveryException.class)
                    .hasMessageStartingWith("the RocketMQ client refuses the message for topic '" + topic + "': ");
            assertThat(this.sender.classify(failure)).as(topic).isEqualTo(SendFailure.REJECTED);
        }
    }

    @Test
    void aBodyOverTheProducersMaximumSizeIsRejectedForGoodBeforeTheProducerIsAsked() {
        this.producer.setMaxMessageSize(100);

        Throwable failure = failureOf(this.sender.send(message("orders", "x".repeat(101))));

        assertThat(failure).hasMessageContaining("the message body size over max value, MAX: 100");
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.REJECTED);
    }

    @Test
    void anyOtherAnswerOfTheBrokerIsTheMessagesOwnFailure() {
        assertThat(this.sender.classify(new MQBrokerException(ResponseCode.SYSTEM_ERROR, "topic not allowed")))
                .isEqualTo(SendFailure.MESSAGE);
        assertThat(this.sender.classify(new MQBrokerException(ResponseCode.VERSION_NOT_SUPPORTED, "old client")))
                .isEqualTo(SendFailure.MESSAGE);
        assertThat(this.sender.classify(RocketMqDeliveryException.notConfirmed(
                "not confirmed by the broker: FLUSH_DISK_TIMEOUT"))).isEqualTo(SendFailure.MESSAGE);
        // The client says so alike for a missing topic and for one whose brokers are not registered (yet).
        assertThat(this.sender.classify(new MQClientException(ClientErrorCode.NOT_FOUND_TOPIC_EXCEPTION,
                "No route info of this topic: orders"))).isEqualTo(SendFailure.MESSAGE);
    }

    private static Throwable failureOf(CompletionStage<String> stage) {
        Throwable failure = catchThrowable(() -> stage.toCompletableFuture().join());
        return (failure.getCause() != null) ? failure.getCause() : failure;
    }

    private static OutgoingMessage message(Map<String, String> headers) {
        return new OutgoingMessage(1, "order-1", "order.created", "orders", null, headers, "{}", 1);
    }

    private static OutgoingMessage message(String topic, String body) {
        return new OutgoingMessage(1, "order-1", "order.created", topic, null, Map.of(), body, 1);
    }
}
