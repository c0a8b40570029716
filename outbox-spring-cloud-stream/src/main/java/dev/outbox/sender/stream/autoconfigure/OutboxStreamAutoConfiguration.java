/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream.autoconfigure;

import java.util.Collection;
import java.util.Set;

import dev.outbox.Dispatcher;
import dev.outbox.sender.stream.KafkaSendFutures;
import dev.outbox.sender.stream.MessageChannelSender;
import dev.outbox.sender.stream.StreamBridgeMessageSender;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnResource;
import org.springframework.cloud.stream.binder.BinderFactory;
import org.springframework.cloud.stream.binder.BinderTypeRegistry;
import org.springframework.cloud.stream.config.BinderProperties;
import org.springframework.cloud.stream.config.BindingServiceProperties;
import org.springframework.cloud.stream.config.ProducerMessageHandlerCustomizer;
import org.springframework.cloud.stream.function.StreamBridge;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import org.springframework.integration.kafka.outbound.KafkaProducerMessageHandler;
import org.springframework.messaging.MessageChannel;

/**
 * Registers the Spring Cloud Stream sender {@link StreamBridgeMessageSender} named {@value #STREAM_SENDER_BEAN_NAME},
 * on the application's {@link StreamBridge}, when a binder is on the class path, this instance runs a dispatcher and
 * {@code outbox.stream.enabled} is not false; with the Kafka binder, {@link KafkaSendFutures} as the binder's primary
 * producer handler customizer, through which Kafka bindings report the producer's acknowledgements. The sender
 * declares that a key's pipelined sends keep their order when Kafka is the application's only binder.
 *
 * <p>With {@code outbox.stream.channel} naming a {@link MessageChannel} bean, it also registers the channel sender
 * {@link MessageChannelSender} named {@value #CHANNEL_SENDER_BEAN_NAME} on it. Route message types to either with
 * {@code outbox.routes.<type>.sender} or {@code outbox.default-sender}.
 */
@AutoConfiguration(afterName = { "dev.outbox.autoconfigure.OutboxAutoConfiguration",
        "org.springframework.cloud.stream.config.BindingServiceConfiguration",
        "org.springframework.cloud.stream.function.FunctionConfiguration" })
@ConditionalOnClass(StreamBridge.class)
@ConditionalOnBean(Dispatcher.class)
public final class OutboxStreamAutoConfiguration {

    /** The name of the Spring Cloud Stream sender bean. */
    public static final String STREAM_SENDER_BEAN_NAME = "streamMessageSender";

    /** The name of the message channel sender bean. */
    public static final String CHANNEL_SENDER_BEAN_NAME = "channelMessageSender";

    /** The name of the Kafka binder's producer handler customizer that hands the send futures to the sender. */
    public static final String KAFKA_SEND_FUTURES_BEAN_NAME = "outboxKafkaSendFutures";

    static final String ENABLED = StreamSettings.PREFIX + ".enabled";

    static final String CHANNEL = StreamSettings.PREFIX + ".channel";

    /** The name Spring Cloud Stream's Kafka binder is registered under. */
    private static final String KAFKA = "kafka";

    OutboxStreamAutoConfiguration() {
    }

    @Bean(STREAM_SENDER_BEAN_NAME)
    @ConditionalOnMissingBean
    @ConditionalOnBean(StreamBridge.class)
    @ConditionalOnResource(resources = "classpath:META-INF/spring.binders")
    @ConditionalOnBooleanProperty(name = ENABLED, matchIfMissing = true)
    StreamBridgeMessageSender streamMessageSender(StreamBridge streamBridge, BinderFactory binders,
            BindingServiceProperties bindings, BinderTypeRegistry binderTypes,
            ObjectProvider<KafkaSendFutures> kafkaSendFutures, Environment environment) {
        StreamSettings settings = StreamSettings.of(environment);
        KafkaSendFutures futures = kafkaSendFutures.getIfUnique();
        return StreamBridgeMessageSender.builder(streamBridge, binders, bindings).bindings(settings.bindings())
                .sentOnHandoff(settings.sentOnHandoff()).kafkaSendFutures(futures)
                .keepsOrderOfPipelinedSends(futures != null && kafkaOnly(binderTypes.getAll().keySet(),
                        bindings.getBinders().values()))
                .build();
    }

    @Bean(CHANNEL_SENDER_BEAN_NAME)
    @ConditionalOnMissingBean
    @ConditionalOnProperty(CHANNEL)
    MessageChannelSender channelMessageSender(BeanFactory beanFactory, Environment environment) {
        return new MessageChannelSender(beanFactory.getBean(environment.getRequiredProperty(CHANNEL), MessageChannel.class));
    }

    /** Whether the application's binders, those on the class path and those it configures, are all Kafka's. */
    private static boolean kafkaOnly(Set<String> binderTypes, Collection<BinderProperties> configured) {
        return binderTypes.stream().allMatch(KAFKA::equals)
                && configured.stream().allMatch(binder -> binder.getType() == null || KAFKA.equals(binder.getType()));
    }

    /** The Kafka binder's customizer, which each Kafka binding's producer handler gets when it is created. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.cloud.stream.binder.kafka.KafkaMessageChannelBinder")
    @ConditionalOnBooleanProperty(name = ENABLED, matchIfMissing = true)
    static class KafkaSendFuturesConfiguration {

        /**
         * Primary, since the binder takes one customizer of Kafka producer handlers; it applies the application's own
         * after its work.
         */
        @Bean(KAFKA_SEND_FUTURES_BEAN_NAME)
        @Primary
        @ConditionalOnMissingBean
        KafkaSendFutures outboxKafkaSendFutures(
                ObjectProvider<ProducerMessageHandlerCustomizer<KafkaProducerMessageHandler<?, ?>>> customizers) {
            return new KafkaSendFutures(() -> customizers.orderedStream()
                    .filter(customizer -> !(customizer instanceof KafkaSendFutures)).toList());
        }
    }
}
