/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.OutboxTemplate;
import dev.outbox.events.OutboxEvent;
import dev.outbox.events.OutboxEventListener;
import dev.outbox.events.OutboxEventRouter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configures the {@link OutboxEventListener}, which saves the application events that implement
 * {@link OutboxEvent} or that an {@link OutboxEventRouter} bean selects to the application's outbox, in the
 * publisher's transaction. Off with {@code outbox.events.enabled=false}. With several stores
 * ({@code outbox.stores}) there is no single {@link OutboxTemplate} and nothing is registered: the
 * application declares the listener with the template of the store its events belong to.
 */
@AutoConfiguration(after = { OutboxStoresAutoConfiguration.class, OutboxAutoConfiguration.class })
@ConditionalOnSingleCandidate(OutboxTemplate.class)
@ConditionalOnBooleanProperty(name = "outbox.events.enabled", matchIfMissing = true)
public final class OutboxEventsAutoConfiguration {

    OutboxEventsAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    OutboxEventListener outboxEventListener(OutboxTemplate outbox, ObjectProvider<OutboxEventRouter> routers) {
        return new OutboxEventListener(outbox, routers.orderedStream().toList());
    }
}
