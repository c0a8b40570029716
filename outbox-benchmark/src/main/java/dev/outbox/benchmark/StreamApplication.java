/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.ArrayList;
import java.util.List;

import dev.outbox.sender.stream.KafkaSendFutures;
import dev.outbox.sender.stream.StreamBridgeMessageSender;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.cloud.stream.binder.BinderFactory;
import org.springframework.cloud.stream.config.BindingServiceProperties;
import org.springframework.cloud.stream.function.StreamBridge;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * A minimal Spring Boot application with Spring Cloud Stream, for the Spring Cloud Stream sender of phase B: the
 * binders' auto-configuration, as a service has it, without the outbox's (the benchmark builds the sender and drains
 * it itself) and without a data source. The sender is built on its {@link StreamBridge} as the outbox's
 * auto-configuration builds it.
 */
final class StreamApplication implements AutoCloseable {

    /** Spring Boot's data source, which would start the outbox's auto-configuration on the benchmark's class path. */
    private static final String DATA_SOURCE_AUTO_CONFIGURATION =
            "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";

    private final ConfigurableApplicationContext context;

    private StreamApplication(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /**
     * @param kafka whether the application's binder is Kafka's, whose bindings report the producer's acknowledgements
     * through {@link KafkaSendFutures}
     * @param properties the application's properties, {@code name=value}
     * @return the started application
     */
    static StreamApplication start(boolean kafka, List<String> properties) {
        List<Class<?>> sources = new ArrayList<>(List.of(Application.class));
        if (kafka) {
            sources.add(KafkaSendFuturesConfiguration.class);
        }
        return new StreamApplication(new SpringApplicationBuilder(sources.toArray(Class<?>[]::new))
                .web(WebApplicationType.NONE).bannerMode(Banner.Mode.OFF).logStartupInfo(false)
                .properties("spring.autoconfigure.exclude=" + DATA_SOURCE_AUTO_CONFIGURATION)
                .properties(properties.toArray(String[]::new)).run());
    }

    /**
     * @return the Spring Cloud Stream sender on the application's stream bridge, binders and binding properties
     */
    StreamBridgeMessageSender sender() {
        return StreamBridgeMessageSender.builder(this.context.getBean(StreamBridge.class),
                this.context.getBean(BinderFactory.class), this.context.getBean(BindingServiceProperties.class))
                .kafkaSendFutures(this.context.getBeanProvider(KafkaSendFutures.class).getIfAvailable()).build();
    }

    @Override
    public void close() {
        this.context.close();
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
    }

    /** The Kafka binder's customizer that hands each send's future to the sender, as the outbox registers it. */
    @Configuration(proxyBeanMethods = false)
    static class KafkaSendFuturesConfiguration {

        @Bean
        @Primary
        KafkaSendFutures kafkaSendFutures() {
            return new KafkaSendFutures();
        }
    }
}
