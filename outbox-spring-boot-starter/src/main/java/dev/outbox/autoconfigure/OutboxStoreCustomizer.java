/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.store.OutboxStore;

/**
 * Customizes the {@link OutboxStore.Builder} of the store that {@link OutboxAutoConfiguration}
 * builds, for what the {@code outbox.*} properties do not cover. Every bean of this type is applied
 * after the properties, in {@link org.springframework.core.annotation.Order @Order}, so a later one
 * may override what an earlier one set. None applies when the application defines the store
 * bean itself.
 *
 * <pre>{@code
 * @Bean
 * OutboxStoreCustomizer storeName() {
 *     return (store) -> store.name("orders");
 * }
 * }</pre>
 */
@FunctionalInterface
public interface OutboxStoreCustomizer {

    /**
     * @param builder the builder, with the properties applied
     */
    void customize(OutboxStore.Builder builder);
}
