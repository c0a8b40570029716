/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.outbox.spi.OutgoingMessage;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.cloud.stream.binder.BinderFactory;
import org.springframework.cloud.stream.config.BindingServiceProperties;
import org.springframework.cloud.stream.function.StreamBridge;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Cloud Stream applications for the tests, started as a service starts them (Spring Boot with every
 * auto-configuration on the class path), and what the tests do with them.
 */
final class StreamApplications {

    static final Duration PATIENCE = Duration.ofSeconds(20);

    private StreamApplications() {
    }

    /**
     * @param configuration the application's own beans, if any
     * @param properties its properties
     * @param more more of its properties
     * @return the started application
     */
    static ConfigurableApplicationContext start(Class<?> configuration, String[] properties, String... more) {
        return new SpringApplicationBuilder(Application.class, configuration).web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF).logStartupInfo(false).properties(properties).properties(more).run();
    }

    /**
     * @return a builder of the sender on the application's stream bridge, binders and binding properties
     */
    static StreamBridgeMessageSender.Builder sender(ApplicationContext context) {
        return StreamBridgeMessageSender.builder(context.getBean(StreamBridge.class), context.getBean(BinderFactory.class),
                context.getBean(BindingServiceProperties.class));
    }

    static OutgoingMessage message(long id, String topic, String key, String orderingKey) {
        return new OutgoingMessage(id, key, "order.created", topic, orderingKey, Map.of("traceparent", "00-abc-01"),
                "{\"orderId\":" + id + "}", 1);
    }

    /** Waits for the broker's answer to a send, and returns the id the sender recorded. */
    static String confirmed(CompletionStage<String> send) throws InterruptedException, ExecutionException,
            TimeoutException {
        return send.toCompletableFuture().get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Waits for the broker's answer to a send that fails, and returns why it failed. */
    static Throwable failure(CompletionStage<String> send) throws InterruptedException, TimeoutException {
        try {
            send.toCompletableFuture().get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (ExecutionException ex) {
            return ex.getCause();
        }
        throw new AssertionError("the send was confirmed");
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
    }
}
