/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.apache.rocketmq.client.Validators;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.MessageQueueSelector;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.apache.rocketmq.remoting.exception.RemotingException;
import org.apache.rocketmq.remoting.exception.RemotingSendRequestException;
import org.apache.rocketmq.remoting.exception.RemotingTimeoutException;
import org.apache.rocketmq.remoting.exception.RemotingTooMuchRequestException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;

/**
 * Sends outbox messages to RocketMQ through the application's {@link DefaultMQProducer}, which the
 * application configures and starts.
 *
 * <p>The message's topic is the RocketMQ topic, its key the message's keys (which the broker indexes),
 * its type the tag (so that a consumer can subscribe to types with a tag expression such as
 * {@code order.created || order.cancelled}), its body the UTF-8 bytes of the payload, and the headers
 * of {@link OutboxHeaders#of} its user properties.
 *
 * <p>A message with an ordering key goes to the queue that {@link OrderingKeySelector} picks by the
 * key's hash, so all messages of one key are in one queue, in the order the dispatcher sends them:
 * outbox id order, one message of a key at a time. A message without one goes to the queue the
 * producer chooses.
 *
 * <p>Sends are asynchronous: {@link #send} returns at once and its stage completes on the producer's
 * callback. A message counts as sent only when the broker answered {@code SEND_OK}; any other status
 * ({@code FLUSH_DISK_TIMEOUT}, {@code FLUSH_SLAVE_TIMEOUT}, {@code SLAVE_NOT_AVAILABLE}) fails the
 * send with a {@link RocketMqDeliveryException}, and the message is retried; a message that the client or the
 * broker refuses for good goes FAILED at once, and an unreachable name server or broker pauses the route instead
 * ({@link #classify}). The id a sent message records is
 * {@code SendResult.getMsgId()}: the unique message id that the client assigns (the {@code UNIQ_KEY}
 * property), which consumers see as {@code MessageExt.getMsgId()} and by which the RocketMQ dashboard
 * and {@code mqadmin queryMsgByUniqueKey} find the message; it is not the broker's {@code offsetMsgId}.
 * Each attempt of a message gets a new one.
 */
public final class RocketMqMessageSender implements MessageSender {

    /**
     * What the broker (in an {@link MQBrokerException}) or the client (in an {@link MQClientException}) answers
     * when no retry can help: the message is illegal (its body over the broker's or the producer's maximum size,
     * or empty), the broker or the topic forbids writing, or the topic does not exist on a broker that does not
     * create topics.
     */
    private static final Set<Integer> REJECTED_FOR_GOOD = Set.of(ResponseCode.MESSAGE_ILLEGAL,
            ResponseCode.NO_PERMISSION, ResponseCode.TOPIC_NOT_EXIST);

    /**
     * What the broker answers when it cannot store any message for now: {@code SYSTEM_BUSY} (its flow control,
     * when requests wait in its queue too long) and {@code SERVICE_NOT_AVAILABLE} (its store is shutting down,
     * full or read-only).
     */
    private static final Set<Integer> CANNOT_STORE_FOR_NOW = Set.of(ResponseCode.SYSTEM_BUSY,
            ResponseCode.SERVICE_NOT_AVAILABLE);

    private final DefaultMQProducer producer;

    private final MessageQueueSelector byOrderingKey = new OrderingKeySelector();

    /**
     * @param producer the producer to send with; the application starts and shuts it down
     */
    public RocketMqMessageSender(DefaultMQProducer producer) {
        this.producer = producer;
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        SendResultCallback callback = new SendResultCallback();
        try {
            Message rocketMessage = toRocketMq(message);
            try {
                // The producer checks the same in its send, but reports a topic it refuses like other failures.
                Validators.checkMessage(rocketMessage, this.producer);
            }
            catch (MQClientException ex) {
                return CompletableFuture.failedFuture(RocketMqDeliveryException.rejected("the RocketMQ client refuses "
                        + "the message for topic '" + message.topic() + "': " + ex.getErrorMessage(), ex));
            }
            if (message.orderingKey() != null) {
                this.producer.send(rocketMessage, this.byOrderingKey, message.orderingKey(), callback);
            }
            else {
                this.producer.send(rocketMessage, callback);
            }
        }
        catch (MQClientException | RemotingException | RuntimeException ex) {
            return CompletableFuture.failedFuture(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(ex);
        }
        return callback.brokerMessageId();
    }

    /**
     * A message is {@link SendFailure#REJECTED} for good when the client refuses it before sending (a topic name
     * RocketMQ does not allow or reserves, a body over the producer's {@code maxMessageSize}, an empty body), or
     * when the client or broker answers {@code MESSAGE_ILLEGAL} (a body over the broker's {@code maxMessageSize}),
     * {@code NO_PERMISSION} (the broker or topic forbids writing, or an ACL denies it) or {@code TOPIC_NOT_EXIST}
     * (a broker that does not create topics), anywhere among the causes.
     *
     * <p>The name server or broker was {@link SendFailure#UNREACHABLE} when the client's remoting layer could not
     * connect ({@link RemotingConnectException}), send the request ({@link RemotingSendRequestException}), get
     * an answer in time ({@link RemotingTimeoutException}), start one more asynchronous request
     * ({@link RemotingTooMuchRequestException}) or keep the connection until the answer came (a plain
     * {@link RemotingException}, in the client's {@code MQClientException: unknown reason}), or when the broker
     * answered that it cannot store any message for now: {@code SYSTEM_BUSY} (its flow control) or
     * {@code SERVICE_NOT_AVAILABLE} (its store is shutting down, full or read-only), anywhere among the causes; so
     * is every failure that {@link SendFailure#of} counts.
     *
     * <p>Anything else is the message's own, and retried: another error the broker answered, a status other than
     * {@code SEND_OK} ({@link RocketMqDeliveryException}), a header RocketMQ cannot carry, and "No route info of
     * this topic", which the client says alike for a topic that does not exist and for one whose brokers have
     * not registered with the name server (yet, or no longer).
     */
    @Override
    public SendFailure classify(Throwable error) {
        if (SendFailure.anyCause(error, RocketMqMessageSender::isRejectedForGood)) {
            return SendFailure.REJECTED;
        }
        return SendFailure.unreachableIf(error, RocketMqMessageSender::isOutage);
    }

    private static boolean isRejectedForGood(Throwable error) {
        return (error instanceof RocketMqDeliveryException delivery && delivery.rejectedForGood())
                || REJECTED_FOR_GOOD.contains(responseCode(error));
    }

    private static boolean isOutage(Throwable error) {
        return error instanceof RemotingConnectException || error instanceof RemotingSendRequestException
                || error instanceof RemotingTimeoutException || error instanceof RemotingTooMuchRequestException
                // Exactly this class, not its RemotingCommandException: the connection closed under a request.
                || error.getClass() == RemotingException.class
                || (error instanceof MQBrokerException broker
                        && CANNOT_STORE_FOR_NOW.contains(broker.getResponseCode()));
    }

    /**
     * @return the response code of a client or broker exception, else {@code -1}, which no code set contains
     */
    private static int responseCode(Throwable error) {
        if (error instanceof MQBrokerException broker) {
            return broker.getResponseCode();
        }
        return (error instanceof MQClientException client) ? client.getResponseCode() : -1;
    }

    private static Message toRocketMq(OutgoingMessage message) {
        Message rocketMessage = new Message(message.topic(), message.type(), message.key(),
                message.body().getBytes(StandardCharsets.UTF_8));
        for (Map.Entry<String, String> header : OutboxHeaders.of(message).entrySet()) {
            try {
                rocketMessage.putUserProperty(header.getKey(), header.getValue());
            }
            catch (RuntimeException ex) {
                // RocketMQ reserves some property names (KEYS, TAGS, ...) and rejects blank names and values.
                throw new IllegalArgumentException("header '" + header.getKey() + "' cannot be a RocketMQ user "
                        + "property: " + ex.getMessage(), ex);
            }
        }
        return rocketMessage;
    }
}
