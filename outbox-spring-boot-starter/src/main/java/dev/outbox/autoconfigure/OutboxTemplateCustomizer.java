/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.OutboxTemplate;

/**
 * Customizes the {@link OutboxTemplate.Builder} of the template that {@link OutboxAutoConfiguration}
 * builds, for what the {@code outbox.*} properties do not cover. Every bean of this type is applied
 * after the properties, in {@link org.springframework.core.annotation.Order @Order}, so a later one
 * may override what an earlier one set. None applies when the application defines the template
 * bean itself.
 *
 * <pre>{@code
 * @Bean
 * OutboxTemplateCustomizer textPayloads() {
 *     return (template) -> template.serializer(PayloadSerializer.textOnly());
 * }
 * }</pre>
 */
@FunctionalInterface
public interface OutboxTemplateCustomizer {

    /**
     * @param builder the builder, with the properties applied
     */
    void customize(OutboxTemplate.Builder builder);
}
