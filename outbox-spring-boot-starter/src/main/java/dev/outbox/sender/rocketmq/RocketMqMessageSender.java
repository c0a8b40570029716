/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.rocketmq;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.MessageQueueSelector;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.apache.rocketmq.remoting.exception.RemotingException;
import org.apache.rocketmq.remoting.exception.RemotingSendRequestException;
import org.apache.rocketmq.remoting.exception.RemotingTimeoutException;
import org.apache.rocketmq.remoting.exception.RemotingTooMuchRequestException;

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
 * send with a {@link RocketMqDeliveryException}, and the message is retried; an unreachable name server
 * or broker pauses the route instead ({@link #classify}). The id a sent message records is
 * {@code SendResult.getMsgId()}: the unique message id that the client assigns (the {@code UNIQ_KEY}
 * property), which consumers see as {@code MessageExt.getMsgId()} and by which the RocketMQ dashboard
 * and {@code mqadmin queryMsgByUniqueKey} find the message; it is not the broker's {@code offsetMsgId}.
 * Each attempt of a message gets a new one.
 */
public final class RocketMqMessageSender implements MessageSender {

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
     * The name server or broker was {@link SendFailure#UNREACHABLE} when the client's remoting layer could not
     * connect ({@link RemotingConnectException}), send the request ({@link RemotingSendRequestException}), get
     * an answer in time ({@link RemotingTimeoutException}) or start one more asynchronous request
     * ({@link RemotingTooMuchRequestException}), anywhere among the causes; so is every failure that
     * {@link SendFailure#of} counts. Anything else is the message's own, among them an error the broker answered
     * ({@code MQBrokerException}), a status other than {@code SEND_OK} ({@link RocketMqDeliveryException}) and
     * a header RocketMQ cannot carry.
     */
    @Override
    public SendFailure classify(Throwable error) {
        return SendFailure.unreachableIf(error, RocketMqMessageSender::isRemotingFailure);
    }

    private static boolean isRemotingFailure(Throwable error) {
        return error instanceof RemotingConnectException || error instanceof RemotingSendRequestException
                || error instanceof RemotingTimeoutException || error instanceof RemotingTooMuchRequestException;
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
