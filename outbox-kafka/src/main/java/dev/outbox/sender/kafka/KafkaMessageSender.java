/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.DisconnectException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.NetworkException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * Sends outbox messages to Kafka: the message's topic is the Kafka topic, the record key is the
 * ordering key, else the message key (so one ordering key stays in one partition), the value is the
 * body, and the headers are those of {@link OutboxHeaders#of} in UTF-8. The id a sent message
 * records is {@code topic-partition@offset}.
 *
 * <p>A message counts as sent once the producer's acknowledgement arrived, so the producer should
 * use {@code acks=all} and {@code enable.idempotence=true} (the Kafka client's defaults); a warning
 * is logged at start when the template's producer is configured otherwise. During a broker outage a
 * send fails either at {@code send()}, after blocking for {@code max.block.ms}, or through its future,
 * after {@code delivery.timeout.ms}; both count as the broker being unreachable ({@link #classify}), so the
 * dispatcher pauses the route without spending the message's attempt. After a send to a topic timed out at
 * {@code send()}, further sends to that topic fail at once for {@code max.block.ms} (see {@link #send}), so
 * that the rest of the batch does not block as long per message.
 */
public final class KafkaMessageSender implements MessageSender {

    private static final Logger logger = LoggerFactory.getLogger(KafkaMessageSender.class);

    private final KafkaTemplate<String, String> template;

    private final UnreachableTopics unreachableTopics;

    private final boolean idempotent;

    /**
     * @param template the template to send with: String keys and values
     */
    public KafkaMessageSender(KafkaTemplate<String, String> template) {
        Map<String, Object> configuration = template.getProducerFactory().getConfigurationProperties();
        ProducerSettings.weakerThanRecommended(configuration)
                .forEach(problem -> logger.warn("The outbox's Kafka producer {}: a message may count as sent and "
                        + "still be lost or duplicated by the producer", problem));
        this.template = template;
        this.unreachableTopics = new UnreachableTopics(ProducerSettings.maxBlock(configuration));
        this.idempotent = ProducerSettings.idempotent(configuration);
    }

    /**
     * The record key is the ordering key, so a key's records go to one partition; an idempotent
     * producer writes the records of a partition in the order they were sent, and fails the later ones
     * in flight when an earlier one fails. So the dispatcher may send a key's run without waiting for
     * each acknowledgement, unless the producer is not idempotent or a custom partitioner spreads a key.
     *
     * @return whether the template's producer is idempotent
     */
    @Override
    public boolean keepsOrderOfPipelinedSends() {
        return this.idempotent;
    }

    /**
     * Starts sending a message. When a send to the same topic has just timed out at {@code send()}
     * after {@code max.block.ms}, the message fails at once with a {@link KafkaSendSkippedException},
     * so that a batch during an outage does not block for {@code max.block.ms} per message.
     */
    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        String topic = message.topic();
        Optional<RuntimeException> recentFailure = this.unreachableTopics.recentFailure(topic);
        if (recentFailure.isPresent()) {
            return CompletableFuture.failedFuture(new KafkaSendSkippedException(topic, recentFailure.get()));
        }
        String key = (message.orderingKey() != null) ? message.orderingKey() : message.key();
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, null, key, message.body(),
                headers(message));
        CompletableFuture<SendResult<String, String>> sent;
        try {
            sent = this.template.send(record);
        }
        catch (RuntimeException ex) {
            if (waitedForTheBroker(ex)) {
                this.unreachableTopics.failed(topic, ex);
            }
            return CompletableFuture.failedFuture(ex);
        }
        return sent.thenApply(result -> {
            this.unreachableTopics.reached(topic);
            return messageId(result);
        });
    }

    /**
     * The broker was {@link SendFailure#UNREACHABLE} when the send timed out waiting for it (Kafka's
     * {@link TimeoutException}: no metadata or buffer space within {@code max.block.ms}, no acknowledgement
     * within {@code delivery.timeout.ms}), lost its connection ({@link NetworkException},
     * {@link DisconnectException}), or was not handed to the producer because a send to its topic had just timed
     * out ({@link KafkaSendSkippedException}); so is every failure that {@link SendFailure#of} counts. The broker
     * {@link SendFailure#REJECTED} the message for good when its record is larger than {@code max.request.size}
     * or the broker's limit ({@link RecordTooLargeException}, {@link RecordBatchTooLargeException}), cannot be
     * serialized ({@link SerializationException}) or names an invalid topic ({@link InvalidTopicException}):
     * the message goes FAILED at once. Anything else is the message's own, and retried: a refused
     * authorization, for one, which a change of the ACLs fixes.
     *
     * <p>A send to a topic that does not exist, where the brokers do not create topics, also times out waiting
     * for metadata, and its error cannot be told from an outage's: it pauses the route unless another send
     * through this sender succeeds in the same batch, which makes it count as the message's own.
     */
    @Override
    public SendFailure classify(Throwable error) {
        if (SendFailure.anyCause(error, cause -> cause instanceof RecordTooLargeException
                || cause instanceof RecordBatchTooLargeException || cause instanceof SerializationException
                || cause instanceof InvalidTopicException)) {
            return SendFailure.REJECTED;
        }
        return SendFailure.unreachableIf(error, cause -> cause instanceof TimeoutException
                || cause instanceof NetworkException || cause instanceof DisconnectException
                || cause instanceof KafkaSendSkippedException);
    }

    /**
     * @return whether the send blocked for {@code max.block.ms} and timed out (a Kafka
     * {@link TimeoutException}), rather than failing on this message alone
     */
    private static boolean waitedForTheBroker(Throwable error) {
        return SendFailure.anyCause(error, TimeoutException.class::isInstance);
    }

    private static List<Header> headers(OutgoingMessage message) {
        List<Header> headers = new ArrayList<>();
        OutboxHeaders.of(message).forEach(
                (name, value) -> headers.add(new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8))));
        return headers;
    }

    private static String messageId(SendResult<String, String> result) {
        RecordMetadata metadata = result.getRecordMetadata();
        return metadata.topic() + "-" + metadata.partition() + "@" + metadata.offset();
    }
}
