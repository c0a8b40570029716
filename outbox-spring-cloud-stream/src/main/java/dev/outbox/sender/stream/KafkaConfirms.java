/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.jspecify.annotations.Nullable;
import org.springframework.cloud.stream.binder.Binder;
import org.springframework.cloud.stream.binder.kafka.KafkaMessageChannelBinder;
import org.springframework.integration.kafka.support.KafkaIntegrationHeaders;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.kafka.support.SendResult;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;

/**
 * A binding of the Kafka binder: each message carries a future token, so that {@link KafkaSendFutures} hands the
 * producer's send future back while the binding sends, and the record key (header {@value KafkaHeaders#KEY}, used
 * unless the binding has a {@code message-key-expression}) is the ordering key, else the message key, so that one
 * key stays in one partition. SENT once the producer's acknowledgement arrived, recording
 * {@code topic-partition@offset}, as the outbox-kafka sender does.
 */
final class KafkaConfirms implements BindingConfirms {

    private final KafkaSendFutures futures;

    private final String binding;

    private final String destination;

    private final boolean pipelined;

    private KafkaConfirms(KafkaSendFutures futures, String binding, String destination, boolean pipelined) {
        this.futures = futures;
        this.binding = binding;
        this.destination = destination;
        this.pipelined = pipelined;
    }

    /**
     * @param binder the binding's binder
     * @param binding the binding's name
     * @param destination the binding's topic
     * @param futures where the binder hands the send futures over, if installed
     * @param pipelined whether the sender declares that a key's sends in flight together keep their order
     * @return how the binding confirms; null when the binder is not Kafka's
     */
    static @Nullable BindingConfirms of(Binder<?, ?, ?> binder, String binding, String destination,
            @Nullable KafkaSendFutures futures, boolean pipelined) {
        if (!(binder instanceof KafkaMessageChannelBinder)) {
            return null;
        }
        if (futures == null) {
            return new RefusedBinding("The Kafka binding '" + binding + "' cannot report the producer's "
                    + "acknowledgements without the binder's producer handler customizer KafkaSendFutures, so no message "
                    + "sent through it could count as sent: let the auto-configuration register it (bean "
                    + "outboxKafkaSendFutures), or declare it as the primary ProducerMessageHandlerCustomizer");
        }
        return new KafkaConfirms(futures, binding, destination, pipelined);
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message, MessageBuilder<byte[]> spring,
            Consumer<Message<byte[]>> binding) {
        String token = this.futures.newToken();
        CompletableFuture<?> future;
        try {
            binding.accept(spring.setHeader(KafkaIntegrationHeaders.FUTURE_TOKEN, token)
                    .setHeader(KafkaHeaders.KEY, SpringMessages.partitionKey(message).getBytes(StandardCharsets.UTF_8))
                    .build());
        }
        finally {
            future = this.futures.take(token);
        }
        if (future == null) {
            throw new StreamDeliveryException("The Kafka binding '" + this.binding + "' sent the message without "
                    + "handing over its send future, so its acknowledgement cannot be awaited: another "
                    + "ProducerMessageHandlerCustomizer may have replaced the futures channel that KafkaSendFutures sets",
                    SendFailure.MESSAGE);
        }
        if (this.pipelined && !this.futures.idempotent(this.destination)) {
            throw new StreamDeliveryException("The Kafka binding '" + this.binding + "' has a producer that is not "
                    + "idempotent, while the sender pipelines the sends of an ordering key, which only an idempotent "
                    + "producer keeps in order: leave enable.idempotence, acks=all, retries and "
                    + "max.in.flight.requests.per.connection (at most 5) at the Kafka client's defaults for it",
                    SendFailure.MESSAGE);
        }
        return future.thenApply(result -> recordId(((SendResult<?, ?>) result).getRecordMetadata()));
    }

    private static String recordId(RecordMetadata metadata) {
        return metadata.topic() + "-" + metadata.partition() + "@" + metadata.offset();
    }
}
