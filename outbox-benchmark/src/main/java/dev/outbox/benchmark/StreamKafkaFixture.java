/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.List;

import dev.outbox.spi.MessageSender;

/**
 * Kafka through Spring Cloud Stream's Kafka binder: the KRaft broker of the kafka fixture, and the Spring Cloud
 * Stream sender on a {@link StreamApplication} whose Kafka bindings hand each send's future to the sender. The
 * binder's producers keep their defaults ({@code acks=all}, the client's idempotence). Each drain's topic is the
 * destination of a binding of its name, a topic of one partition.
 */
final class StreamKafkaFixture extends KafkaBrokerFixture {

    private StreamApplication application;

    @Override
    MessageSender sender(String servers) {
        this.application = StreamApplication.start(true, List.of("spring.cloud.stream.default-binder=kafka",
                "spring.cloud.stream.kafka.binder.brokers=" + servers));
        return this.application.sender();
    }

    @Override
    public String setup() {
        return "Spring Cloud Stream Kafka binder: the producer's acknowledgements through KafkaSendFutures, acks=all, "
                + "idempotent producer (the binder's defaults); a topic of 1 partition";
    }

    @Override
    void closeSender() {
        if (this.application != null) {
            this.application.close();
        }
    }
}
