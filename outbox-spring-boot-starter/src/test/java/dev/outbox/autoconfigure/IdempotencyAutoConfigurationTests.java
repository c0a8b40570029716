/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.UUID;

import dev.outbox.idempotency.IdempotencyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the starter applies {@code @IdempotentRequest}: in a servlet web application with Spring MVC, unless turned
 * off; its cleanup job with the outbox cleanup.
 */
class IdempotencyAutoConfigurationTests {

    private final WebApplicationContextRunner web = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                    OutboxAutoConfiguration.class, OutboxIdempotencyAutoConfiguration.class))
            .withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
                    "outbox.dispatcher.enabled=false");

    @Test
    void aServletWebApplicationGetsTheKeysTheFilterAndTheCleanupJob() {
        this.web.run(context -> assertThat(context).hasSingleBean(IdempotencyKeys.class)
                .hasSingleBean(IdempotencyFilter.class).hasSingleBean(IdempotencyCleanupJob.class));
    }

    @Test
    void outboxIdempotencyEnabledFalseTurnsItOff() {
        this.web.withPropertyValues("outbox.idempotency.enabled=false").run(context -> assertThat(context)
                .doesNotHaveBean(IdempotencyKeys.class).doesNotHaveBean(IdempotencyFilter.class));
    }

    @Test
    void withoutSpringMvcNothingIsApplied() {
        this.web.withClassLoader(new FilteredClassLoader(RequestMappingHandlerMapping.class))
                .run(context -> assertThat(context).doesNotHaveBean(IdempotencyFilter.class));
    }

    @Test
    void aNonWebApplicationGetsNothing() {
        OutboxContexts.h2().withConfiguration(AutoConfigurations.of(OutboxIdempotencyAutoConfiguration.class))
                .withPropertyValues("outbox.dispatcher.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(IdempotencyFilter.class)
                        .doesNotHaveBean(IdempotencyKeys.class));
    }

    @Test
    void withTheCleanupOffThereIsNoCleanupJob() {
        this.web.withPropertyValues("outbox.cleanup.enabled=false").run(context -> assertThat(context)
                .hasSingleBean(IdempotencyFilter.class).doesNotHaveBean(IdempotencyCleanupJob.class));
    }

    @Test
    void anInvalidRetentionFailsTheStartNamingTheProperty() {
        this.web.withPropertyValues("outbox.idempotency.retention=0s").run(context -> assertThat(
                context.getStartupFailure()).hasStackTraceContaining("outbox.idempotency.retention must be positive"));
    }
}
