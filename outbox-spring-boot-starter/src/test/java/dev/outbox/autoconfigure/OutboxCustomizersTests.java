/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.OutboxTemplate;
import dev.outbox.message.InvalidMessageException;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link OutboxStoreCustomizer}, {@link OutboxTemplateCustomizer} and {@link DispatcherCustomizer}
 * beans: applied to the builders after the properties, in {@link Order @Order}, and not at all to an
 * application's own bean.
 */
class OutboxCustomizersTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withPropertyValues("outbox.logging-sender.enabled=true", "outbox.max-payload-size=1MB");

    @Test
    void customizersApplyInOrderAfterTheProperties() {
        this.runner.withUserConfiguration(Customizers.class).run(context -> {
            assertThat(context).hasNotFailed();
            List<String> applied = context.getBean(Customizers.class).applied;
            assertThat(applied).hasSize(6)
                    .containsSubsequence("store 1", "store 2")
                    .containsSubsequence("template 1", "template 2")
                    .containsSubsequence("dispatcher 1", "dispatcher 2");
            assertThat(context.getBean(OutboxStore.class).name()).isEqualTo("second");
            assertThatExceptionOfType(InvalidMessageException.class)
                    .as("the template customizer's limit replaced outbox.max-payload-size")
                    .isThrownBy(() -> OutboxContexts.save(context, "order.created", "o-1", "x".repeat(20)))
                    .withMessageContaining("payload");
        });
    }

    @Test
    void customizersDoNotApplyToTheApplicationsOwnBeans() {
        this.runner.withUserConfiguration(Customizers.class, OwnTemplate.class)
                .run(context -> assertThat(context.getBean(Customizers.class).applied)
                        .containsExactlyInAnyOrder("store 1", "store 2", "dispatcher 1", "dispatcher 2"));
    }

    @Configuration(proxyBeanMethods = false)
    static class Customizers {

        final List<String> applied = new CopyOnWriteArrayList<>();

        @Bean
        @Order(2)
        OutboxStoreCustomizer secondStoreCustomizer() {
            return (store) -> {
                this.applied.add("store 2");
                store.name("second");
            };
        }

        @Bean
        @Order(1)
        OutboxStoreCustomizer firstStoreCustomizer() {
            return (store) -> {
                this.applied.add("store 1");
                store.name("first");
            };
        }

        @Bean
        @Order(2)
        OutboxTemplateCustomizer secondTemplateCustomizer() {
            return (template) -> {
                this.applied.add("template 2");
                template.maxPayloadBytes(10);
            };
        }

        @Bean
        @Order(1)
        OutboxTemplateCustomizer firstTemplateCustomizer() {
            return (template) -> this.applied.add("template 1");
        }

        @Bean
        @Order(2)
        DispatcherCustomizer secondDispatcherCustomizer() {
            return (dispatcher) -> this.applied.add("dispatcher 2");
        }

        @Bean
        @Order(1)
        DispatcherCustomizer firstDispatcherCustomizer() {
            return (dispatcher) -> this.applied.add("dispatcher 1");
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnTemplate {

        @Bean
        OutboxTemplate myTemplate(OutboxStore store) {
            return OutboxTemplate.builder(store).build();
        }
    }
}
