/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms.autoconfigure;

import dev.outbox.Dispatcher;
import dev.outbox.sender.jms.JmsMessageSender;
import jakarta.jms.ConnectionFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Registers a {@link JmsMessageSender} named {@value #SENDER_BEAN_NAME} on the application's JMS
 * {@link ConnectionFactory} (Spring Boot's, from {@code spring.artemis.*} or another provider's auto-configuration),
 * when the factory exists, this instance runs a dispatcher and {@code outbox.jms.enabled} is not false. A
 * {@code JmsTemplate} is not used: it sends synchronously, one round trip per message, while the sender sends a
 * batch asynchronously through the same factory. A topic without a {@code queue:} or {@code topic:} prefix names a
 * topic when {@code outbox.jms.pub-sub-domain} is true, which defaults to the {@code JmsTemplate}'s
 * {@code spring.jms.pub-sub-domain}; {@code outbox.jms.async-send=false} sends synchronously. Route message types to
 * it with {@code outbox.routes.<type>.sender=jmsMessageSender} or {@code outbox.default-sender}.
 */
@AutoConfiguration(afterName = { "dev.outbox.autoconfigure.OutboxAutoConfiguration",
        "org.springframework.boot.artemis.autoconfigure.ArtemisAutoConfiguration",
        "org.springframework.boot.jms.autoconfigure.JndiConnectionFactoryAutoConfiguration",
        "org.springframework.boot.jms.autoconfigure.JmsAutoConfiguration" })
@ConditionalOnClass(ConnectionFactory.class)
@ConditionalOnSingleCandidate(ConnectionFactory.class)
@ConditionalOnBean(Dispatcher.class)
@ConditionalOnBooleanProperty(name = "outbox.jms.enabled", matchIfMissing = true)
public final class OutboxJmsAutoConfiguration {

    /** The name of the JMS sender bean. */
    public static final String SENDER_BEAN_NAME = "jmsMessageSender";

    /** Whether a name without a prefix names a topic; defaults to {@value #SPRING_PUB_SUB_DOMAIN}. */
    static final String PUB_SUB_DOMAIN = "outbox.jms.pub-sub-domain";

    /** The default domain of Spring Boot's {@code JmsTemplate}. */
    static final String SPRING_PUB_SUB_DOMAIN = "spring.jms.pub-sub-domain";

    static final String ASYNC_SEND = "outbox.jms.async-send";

    OutboxJmsAutoConfiguration() {
    }

    @Bean(SENDER_BEAN_NAME)
    @ConditionalOnMissingBean
    JmsMessageSender jmsMessageSender(ConnectionFactory connectionFactory, Environment environment) {
        boolean pubSubDomain = environment.getProperty(PUB_SUB_DOMAIN, Boolean.class,
                environment.getProperty(SPRING_PUB_SUB_DOMAIN, Boolean.class, false));
        return JmsMessageSender.builder(connectionFactory).pubSubDomain(pubSubDomain)
                .asyncSend(environment.getProperty(ASYNC_SEND, Boolean.class, true)).build();
    }
}
