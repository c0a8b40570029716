/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.message.InvalidMessageException;
import dev.outbox.message.SaveResult;
import dev.outbox.spi.PayloadSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class PayloadSerializerAutoConfigurationTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withPropertyValues("outbox.dispatcher.enabled=false");

    @Test
    void serializesPayloadsWithBootsJsonMapper() {
        this.runner.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class)).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(JsonMapper.class);
            assertThat(context.getBean(PayloadSerializer.class)).isInstanceOf(JacksonPayloadSerializer.class);

            SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", new OrderCreated("o-1", 42));

            assertThat(OutboxContexts.stored(context, saved.id()).body()).startsWith("{")
                    .contains("\"orderId\":\"o-1\"", "\"amount\":42");
        });
    }

    @Test
    void serializesPayloadsWithTheApplicationsOwnJsonMapper() {
        this.runner.withBean(JsonMapper.class,
                        () -> JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build())
                .run(context -> {
                    SaveResult saved = OutboxContexts.save(context, "order.created", "order-1",
                            new OrderCreated("o-1", 42));

                    assertThat(OutboxContexts.stored(context, saved.id()).body()).contains("\"order_id\":\"o-1\"");
                });
    }

    @Test
    void savesOnlyStringPayloadsWithoutJackson() {
        this.runner.withClassLoader(new FilteredClassLoader("tools.jackson")).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(PayloadSerializer.class)
                    .doesNotHaveBean(JacksonPayloadSerializer.class);

            SaveResult saved = OutboxContexts.save(context, "order.created", "order-1", "{\"orderId\":\"o-1\"}");
            assertThat(OutboxContexts.stored(context, saved.id()).body()).isEqualTo("{\"orderId\":\"o-1\"}");

            assertThatExceptionOfType(InvalidMessageException.class)
                    .isThrownBy(() -> OutboxContexts.save(context, "order.created", "order-2",
                            new OrderCreated("o-2", 1)))
                    .withMessageContaining("payload")
                    .withMessageContaining(OrderCreated.class.getName())
                    .withMessageContaining("no PayloadSerializer is configured");
        });
    }

    record OrderCreated(String orderId, int amount) {
    }
}
