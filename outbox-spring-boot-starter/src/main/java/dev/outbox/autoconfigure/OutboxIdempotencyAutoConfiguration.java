/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;

import dev.outbox.idempotency.IdempotencyKeys;
import dev.outbox.store.OutboxStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Applies {@link dev.outbox.web.IdempotentRequest} to the handler methods of a servlet web application that carry it, with the
 * {@link IdempotencyKeys} of the outbox's store, in transactions of the application's transaction manager (the
 * one its {@code @Transactional} services use, so that they join the request's transaction). With several stores
 * ({@code outbox.stores}) it applies only when one of them is primary, and keeps the keys in its database. Off with
 * {@code outbox.idempotency.enabled=false}. With the outbox cleanup on, keys older than
 * {@code outbox.idempotency.retention} are deleted on its schedule.
 */
@AutoConfiguration(after = OutboxAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(RequestMappingHandlerMapping.class)
@ConditionalOnSingleCandidate(OutboxStore.class)
@ConditionalOnBooleanProperty(name = "outbox.idempotency.enabled", matchIfMissing = true)
public final class OutboxIdempotencyAutoConfiguration {

    OutboxIdempotencyAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    @DependsOnDatabaseInitialization
    IdempotencyKeys outboxIdempotencyKeys(OutboxStore store,
            @Qualifier(OutboxAutoConfiguration.CLOCK_BEAN_NAME) Clock clock) {
        return IdempotencyKeys.builder(store).clock(clock).build();
    }

    @Bean
    IdempotencyFilter outboxIdempotencyFilter(IdempotencyKeys keys, OutboxStore store,
            ObjectProvider<PlatformTransactionManager> transactionManager,
            ObjectProvider<RequestMappingHandlerMapping> mappings,
            @Qualifier("handlerExceptionResolver") ObjectProvider<HandlerExceptionResolver> exceptions) {
        PlatformTransactionManager transactions = transactionManager
                .getIfUnique(() -> new DataSourceTransactionManager(store.dataSource()));
        return new IdempotencyFilter(keys, new TransactionTemplate(transactions),
                new IdempotentHandlers(() -> mappings.orderedStream().toList()), exceptions.getIfAvailable());
    }

    @Bean
    @ConditionalOnBooleanProperty(name = "outbox.cleanup.enabled", matchIfMissing = true)
    IdempotencyCleanupJob outboxIdempotencyCleanupJob(IdempotencyKeys keys, OutboxProperties properties,
            Environment environment, @Qualifier(OutboxAutoConfiguration.CLOCK_BEAN_NAME) Clock clock) {
        return new IdempotencyCleanupJob(keys, OutboxSettings.of(environment).value(IdempotencyKeys.RETENTION), clock,
                properties.getCleanup());
    }
}
