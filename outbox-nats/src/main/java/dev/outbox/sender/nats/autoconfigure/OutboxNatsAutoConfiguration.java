/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.nats.autoconfigure;

import java.io.IOException;

import dev.outbox.Dispatcher;
import dev.outbox.sender.nats.NatsJetStreamMessageSender;
import io.nats.client.Connection;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;

/**
 * Registers a {@link NatsJetStreamMessageSender} named {@value #SENDER_BEAN_NAME} on the JetStream context of the
 * application's NATS {@link Connection} bean (Spring Boot has no NATS support of its own: the application connects),
 * when the connection exists, this instance runs a dispatcher and {@code outbox.nats.enabled} is not false. Route
 * message types to it with {@code outbox.routes.<type>.sender=natsMessageSender} or {@code outbox.default-sender}.
 */
@AutoConfiguration(afterName = "dev.outbox.autoconfigure.OutboxAutoConfiguration")
@ConditionalOnClass(Connection.class)
@ConditionalOnSingleCandidate(Connection.class)
@ConditionalOnBean(Dispatcher.class)
@ConditionalOnBooleanProperty(name = "outbox.nats.enabled", matchIfMissing = true)
public final class OutboxNatsAutoConfiguration {

    /** The name of the NATS sender bean. */
    public static final String SENDER_BEAN_NAME = "natsMessageSender";

    OutboxNatsAutoConfiguration() {
    }

    @Bean(SENDER_BEAN_NAME)
    @ConditionalOnMissingBean
    NatsJetStreamMessageSender natsMessageSender(Connection connection) throws IOException {
        return new NatsJetStreamMessageSender(connection.jetStream());
    }
}
