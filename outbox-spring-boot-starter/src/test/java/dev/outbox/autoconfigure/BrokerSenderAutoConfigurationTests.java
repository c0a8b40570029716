/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.List;
import java.util.Map;

import dev.outbox.MessageRoutes;
import dev.outbox.sender.kafka.KafkaMessageSender;
import dev.outbox.sender.jms.autoconfigure.OutboxJmsAutoConfiguration;
import dev.outbox.sender.kafka.autoconfigure.OutboxKafkaAutoConfiguration;
import dev.outbox.sender.nats.autoconfigure.OutboxNatsAutoConfiguration;
import dev.outbox.sender.rabbit.RabbitMessageSender;
import dev.outbox.sender.rabbit.autoconfigure.OutboxRabbitAutoConfiguration;
import dev.outbox.sender.redis.autoconfigure.OutboxRedisAutoConfiguration;
import dev.outbox.sender.rocketmq.RocketMqMessageSender;
import dev.outbox.sender.rocketmq.autoconfigure.OutboxRocketMqAutoConfiguration;
import dev.outbox.sender.stream.autoconfigure.OutboxStreamAutoConfiguration;
import dev.outbox.spi.MessageSender;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the broker senders are registered. Creating them connects to no broker.
 */
class BrokerSenderAutoConfigurationTests {

    private final ApplicationContextRunner kafka = OutboxContexts.h2()
            .withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class, OutboxKafkaAutoConfiguration.class))
            .withPropertyValues("spring.kafka.bootstrap-servers=127.0.0.1:9");

    private final ApplicationContextRunner rabbit = OutboxContexts.h2()
            .withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class, OutboxRabbitAutoConfiguration.class))
            .withPropertyValues("spring.rabbitmq.port=9");

    /** The application's RocketMQ producer, never started: the starter only needs the bean. */
    private final ApplicationContextRunner rocketMq = OutboxContexts.h2()
            .withConfiguration(AutoConfigurations.of(OutboxRocketMqAutoConfiguration.class))
            .withBean("producer", DefaultMQProducer.class, BrokerSenderAutoConfigurationTests::unstartedProducer);

    private final ApplicationContextRunner rabbitWithConfirms = this.rabbit.withPropertyValues(
            "spring.rabbitmq.publisher-confirm-type=correlated", "spring.rabbitmq.publisher-returns=true");

    @Test
    void eachBrokerModuleRunsAfterTheStartersAutoConfigurationWhichItNamesWithoutDependingOnIt() {
        assertThat(List.of(OutboxKafkaAutoConfiguration.class, OutboxRabbitAutoConfiguration.class,
                OutboxRocketMqAutoConfiguration.class, OutboxRedisAutoConfiguration.class,
                OutboxNatsAutoConfiguration.class, OutboxStreamAutoConfiguration.class,
                OutboxJmsAutoConfiguration.class)).allSatisfy(configuration -> assertThat(
                        configuration.getAnnotation(AutoConfiguration.class).afterName())
                .contains(OutboxAutoConfiguration.class.getName()));
    }

    @Test
    void theKafkaSenderIsTheDefaultSenderOnBootsKafkaTemplate() {
        this.kafka.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(KafkaMessageSender.class)
                    .hasBean(OutboxKafkaAutoConfiguration.SENDER_BEAN_NAME);
            assertThat(context.getBean(MessageRoutes.class).senderFor("any"))
                    .containsSame(context.getBean(KafkaMessageSender.class));
        });
    }

    @Test
    void theRabbitSenderIsTheDefaultSenderOnBootsRabbitTemplate() {
        this.rabbitWithConfirms.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RabbitMessageSender.class)
                    .hasBean(OutboxRabbitAutoConfiguration.SENDER_BEAN_NAME);
            assertThat(context.getBean(MessageRoutes.class).senderFor("any"))
                    .containsSame(context.getBean(RabbitMessageSender.class));
        });
    }

    @Test
    void theRocketMqSenderIsTheDefaultSenderOnTheApplicationsProducer() {
        this.rocketMq.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RocketMqMessageSender.class)
                    .hasBean(OutboxRocketMqAutoConfiguration.SENDER_BEAN_NAME);
            assertThat(context.getBean(MessageRoutes.class).senderFor("any"))
                    .containsSame(context.getBean(RocketMqMessageSender.class));
        });
    }

    @Test
    void bothSendersAreRoutedByTheirBeanNames() {
        this.rabbitWithConfirms
                .withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class, OutboxKafkaAutoConfiguration.class))
                .withPropertyValues("spring.kafka.bootstrap-servers=127.0.0.1:9",
                        "outbox.routes.payment.sender=rabbitMessageSender", "outbox.default-sender=kafkaMessageSender")
                .run(context -> {
                    MessageRoutes routes = context.getBean(MessageRoutes.class);
                    assertThat(routes.senderFor("payment")).containsSame(context.getBean(RabbitMessageSender.class));
                    assertThat(routes.senderFor("order.created"))
                            .containsSame(context.getBean(KafkaMessageSender.class));
                });
    }

    @Test
    void theRocketMqSenderIsRoutedByItsBeanName() {
        this.rocketMq.withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class,
                OutboxKafkaAutoConfiguration.class))
                .withPropertyValues("spring.kafka.bootstrap-servers=127.0.0.1:9",
                        "outbox.routes.payment.sender=rocketMqMessageSender", "outbox.default-sender=kafkaMessageSender")
                .run(context -> {
                    MessageRoutes routes = context.getBean(MessageRoutes.class);
                    assertThat(routes.senderFor("payment")).containsSame(context.getBean(RocketMqMessageSender.class));
                    assertThat(routes.senderFor("order.created"))
                            .containsSame(context.getBean(KafkaMessageSender.class));
                });
    }

    @Test
    void eachSenderCanBeSwitchedOff() {
        this.kafka.withPropertyValues("outbox.kafka.enabled=false", "outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(KafkaMessageSender.class));
        this.rabbitWithConfirms.withPropertyValues("outbox.rabbit.enabled=false", "outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RabbitMessageSender.class));
        this.rocketMq.withPropertyValues("outbox.rocketmq.enabled=false", "outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RocketMqMessageSender.class));
    }

    @Test
    void noSenderWithoutTheBrokerLibrary() {
        this.kafka.withClassLoader(new FilteredClassLoader(KafkaTemplate.class))
                .withPropertyValues("outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(KafkaMessageSender.class));
        this.rabbitWithConfirms.withClassLoader(new FilteredClassLoader(RabbitTemplate.class))
                .withPropertyValues("outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RabbitMessageSender.class));
        this.rocketMq.withClassLoader(new FilteredClassLoader(DefaultMQProducer.class))
                .withPropertyValues("outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RocketMqMessageSender.class));
    }

    @Test
    void noSenderWithoutATemplateOrProducer() {
        OutboxContexts.h2().withConfiguration(AutoConfigurations.of(OutboxKafkaAutoConfiguration.class,
                OutboxRabbitAutoConfiguration.class, OutboxRocketMqAutoConfiguration.class))
                .withPropertyValues("outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(KafkaMessageSender.class)
                        .doesNotHaveBean(RabbitMessageSender.class).doesNotHaveBean(RocketMqMessageSender.class));
    }

    @Test
    void noRocketMqSenderWhenTheProducerIsAmbiguous() {
        this.rocketMq
                .withBean("otherProducer", DefaultMQProducer.class, BrokerSenderAutoConfigurationTests::unstartedProducer)
                .withPropertyValues("outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RocketMqMessageSender.class));
    }

    @Test
    void noSenderOnInstancesThatOnlyWrite() {
        this.kafka.withPropertyValues("outbox.dispatcher.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(KafkaMessageSender.class));
        this.rocketMq.withPropertyValues("outbox.dispatcher.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RocketMqMessageSender.class));
    }

    @Test
    void anApplicationsOwnSenderOfTheTypeReplacesTheStarters() {
        this.kafka.withBean("mySender", KafkaMessageSender.class,
                () -> new KafkaMessageSender(new KafkaTemplate<>(
                        new DefaultKafkaProducerFactory<>(Map.of("bootstrap.servers", "127.0.0.1:9")))))
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(KafkaMessageSender.class)
                        .hasBean("mySender"));
    }

    @Test
    void anApplicationsOwnRocketMqSenderReplacesTheStarters() {
        this.rocketMq.withBean("mySender", RocketMqMessageSender.class,
                () -> new RocketMqMessageSender(unstartedProducer()))
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(RocketMqMessageSender.class)
                        .hasBean("mySender"));
    }

    @Test
    void theRabbitSenderFailsTheStartWithoutPublisherConfirms() {
        this.rabbit.withPropertyValues("spring.rabbitmq.publisher-returns=true")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("needs correlated publisher confirms")
                        .hasMessageContaining("spring.rabbitmq.publisher-confirm-type=correlated"));
    }

    @Test
    void theRabbitSenderFailsTheStartWithoutReturns() {
        this.rabbit.withPropertyValues("spring.rabbitmq.publisher-confirm-type=correlated")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("needs publisher returns and a mandatory RabbitTemplate")
                        .hasMessageContaining("spring.rabbitmq.publisher-returns=true"));
    }

    @Test
    void aRouteToASwitchedOffSenderFailsTheStartNamingTheSendersThatExist() {
        this.kafka.withPropertyValues("outbox.kafka.enabled=false", "outbox.routes.payment.sender=kafkaMessageSender")
                .withBean("testSender", MessageSender.class, RecordingMessageSender::new)
                .run(context -> assertThat(OutboxContexts.outboxFailure(context.getStartupFailure()))
                        .isEqualTo("outbox.routes.payment.sender names 'kafkaMessageSender', which is not a "
                                + "MessageSender bean; the MessageSender beans are [testSender]"));
    }

    private static DefaultMQProducer unstartedProducer() {
        DefaultMQProducer producer = new DefaultMQProducer("outbox-test");
        producer.setNamesrvAddr("127.0.0.1:9");
        return producer;
    }
}
