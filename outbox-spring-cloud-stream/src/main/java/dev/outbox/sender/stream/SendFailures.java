/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.function.Predicate;

import dev.outbox.spi.SendFailure;
import org.springframework.integration.MessageDispatchingException;
import org.springframework.util.ClassUtils;

/**
 * Whose fault a failed send through a binder or a message channel was, from what the binder, its broker client or the
 * channel threw; the sender's own {@link StreamDeliveryException} says it itself. The broker clients' errors are those
 * that the outbox-rabbitmq and outbox-kafka senders classify alike, read only when the client is on the class path.
 */
final class SendFailures {

    private static final ClassLoader CLASS_LOADER = SendFailures.class.getClassLoader();

    private static final boolean RABBIT = ClassUtils.isPresent("org.springframework.amqp.AmqpConnectException", CLASS_LOADER);

    private static final boolean KAFKA = ClassUtils.isPresent("org.apache.kafka.common.errors.TimeoutException", CLASS_LOADER);

    private static final int MAX_CAUSES = 16;

    private SendFailures() {
    }

    /**
     * The sender's own exception says whose fault it was. A channel with no subscriber (a binding or flow stopped,
     * as while the application shuts down) cannot be reached. With RabbitMQ's client, a refused or timed-out
     * connection, or one lost under the publish, cannot be reached; with Kafka's, no metadata, buffer space or
     * acknowledgement in time or a lost connection cannot be reached, and a record too large, not serializable or for
     * an invalid topic is rejected for good. Anything else is what {@link SendFailure#of} says.
     */
    static SendFailure classify(Throwable error) {
        Throwable cause = error;
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            if (cause instanceof StreamDeliveryException own) {
                return own.failure();
            }
        }
        if (KAFKA && SendFailure.anyCause(error, KafkaErrors::rejected)) {
            return SendFailure.REJECTED;
        }
        Predicate<Throwable> unreachable = MessageDispatchingException.class::isInstance;
        if (RABBIT) {
            unreachable = unreachable.or(RabbitErrors::unreachable);
        }
        if (KAFKA) {
            unreachable = unreachable.or(KafkaErrors::unreachable);
        }
        return SendFailure.unreachableIf(error, unreachable);
    }

    /** RabbitMQ's client errors, kept apart so that nothing loads them without the client. */
    private static final class RabbitErrors {

        static boolean unreachable(Throwable error) {
            return error instanceof org.springframework.amqp.AmqpConnectException
                    || error instanceof org.springframework.amqp.AmqpTimeoutException
                    || (error instanceof com.rabbitmq.client.ShutdownSignalException shutdown && shutdown.isHardError());
        }
    }

    /** Kafka's client errors, kept apart so that nothing loads them without the client. */
    private static final class KafkaErrors {

        static boolean unreachable(Throwable error) {
            return error instanceof org.apache.kafka.common.errors.TimeoutException
                    || error instanceof org.apache.kafka.common.errors.NetworkException
                    || error instanceof org.apache.kafka.common.errors.DisconnectException;
        }

        static boolean rejected(Throwable error) {
            return error instanceof org.apache.kafka.common.errors.RecordTooLargeException
                    || error instanceof org.apache.kafka.common.errors.RecordBatchTooLargeException
                    || error instanceof org.apache.kafka.common.errors.SerializationException
                    || error instanceof org.apache.kafka.common.errors.InvalidTopicException;
        }
    }
}
