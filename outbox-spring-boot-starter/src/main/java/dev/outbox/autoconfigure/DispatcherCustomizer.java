/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.Dispatcher;

/**
 * Customizes the {@link Dispatcher.Builder} of the dispatcher that {@link OutboxAutoConfiguration}
 * builds, for what the {@code outbox.*} properties do not cover. Every bean of this type is applied
 * after the properties, in {@link org.springframework.core.annotation.Order @Order}, so a later one
 * may override what an earlier one set. None applies when the application defines the dispatcher
 * bean itself.
 *
 * <pre>{@code
 * @Bean
 * DispatcherCustomizer handlerThreads() {
 *     return (dispatcher) -> dispatcher.handlerExecutor(myHandlerExecutor);
 * }
 * }</pre>
 */
@FunctionalInterface
public interface DispatcherCustomizer {

    /**
     * @param builder the builder, with the properties applied
     */
    void customize(Dispatcher.Builder builder);
}
