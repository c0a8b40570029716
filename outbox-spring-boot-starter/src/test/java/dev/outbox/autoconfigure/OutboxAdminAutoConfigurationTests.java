/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.UUID;

import javax.sql.DataSource;

import dev.outbox.DatabaseType;
import dev.outbox.OutboxStore;
import dev.outbox.actuate.OutboxEndpoint;
import dev.outbox.actuate.OutboxHealthIndicator;
import dev.outbox.admin.OutboxAdmin;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conditions of {@link OutboxAdminAutoConfiguration}: the admin always, the endpoint when it is exposed and
 * Actuator is there, the health indicator unless disabled or spring-boot-health is missing, and the
 * {@code outbox.health.*} properties.
 */
class OutboxAdminAutoConfigurationTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withConfiguration(AutoConfigurations.of(OutboxAdminAutoConfiguration.class))
            .withPropertyValues("outbox.dispatcher.enabled=false");

    @Test
    void createsTheAdminAndTheHealthIndicator() {
        this.runner.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(OutboxAdmin.class).hasSingleBean(OutboxStore.class)
                    .hasBean("outboxHealthIndicator").doesNotHaveBean(OutboxEndpoint.class);
            assertThat(healthOf(context)).isEqualTo(Status.UP);
        });
    }

    @Test
    void createsTheEndpointWhenItIsExposedOverTheWeb() {
        new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(
                DataSourceAutoConfiguration.class,
                OutboxAutoConfiguration.class, OutboxAdminAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
                        "outbox.dispatcher.enabled=false", "management.endpoints.web.exposure.include=outbox")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(OutboxEndpoint.class));
    }

    @Test
    void keepsTheAdminWithoutActuatorOrSpringBootHealth() {
        this.runner.withClassLoader(new FilteredClassLoader(Endpoint.class, HealthIndicator.class)).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(OutboxAdmin.class)
                    .doesNotHaveBean(OutboxEndpoint.class).doesNotHaveBean("outboxHealthIndicator");
        });
    }

    @Test
    void leavesTheHealthIndicatorOutWhenItIsDisabled() {
        this.runner.withPropertyValues("management.health.outbox.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(OutboxHealthIndicator.class));
    }

    @Test
    void reportsTheConfiguredStatusWhenAMessageFailed() {
        this.runner.withPropertyValues("outbox.health.unhealthy-status=out-of-service").run(context -> {
            failOneMessage(context);
            assertThat(healthOf(context)).isEqualTo(Status.OUT_OF_SERVICE);
        });
        this.runner.run(context -> {
            failOneMessage(context);
            assertThat(healthOf(context)).isEqualTo(Status.DOWN);
        });
    }

    @Test
    void failedMessagesCanBeLeftOutOfTheHealth() {
        this.runner.withPropertyValues("outbox.health.failed-messages-unhealthy=false").run(context -> {
            failOneMessage(context);
            assertThat(healthOf(context)).isEqualTo(Status.UP);
        });
    }

    @Test
    void refusesAnAgeLimitThatIsNotPositiveNamingTheProperty() {
        this.runner.withPropertyValues("outbox.health.max-oldest-due-age=0s").run(context -> {
            assertThat(context).hasFailed();
            assertThat(OutboxContexts.outboxFailure(context.getStartupFailure())).isEqualTo(
                    "outbox.health.max-oldest-due-age must be positive, was PT0S");
        });
    }

    @Test
    void backsOffForTheApplicationsOwnAdmin() {
        this.runner.withUserConfiguration(OwnAdmin.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(OutboxAdmin.class).hasBean("myAdmin");
        });
    }

    @Test
    void createsNothingWhenTheOutboxIsDisabled() {
        this.runner.withPropertyValues("outbox.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(OutboxAdmin.class));
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnAdmin {

        @Bean
        OutboxAdmin myAdmin(DataSource dataSource) {
            return OutboxAdmin.builder(OutboxStore.builder(dataSource).databaseType(DatabaseType.H2).build()).build();
        }
    }

    private static void failOneMessage(AssertableApplicationContext context) {
        long id = OutboxContexts.save(context, "order.created", "order-1", "created").id();
        new JdbcTemplate(context.getBean(DataSource.class))
                .update("UPDATE local_message SET state = 'FAILED' WHERE id = ?", id);
    }

    private static Status healthOf(AssertableApplicationContext context) {
        return context.getBean("outboxHealthIndicator", HealthIndicator.class).health().getStatus();
    }
}
