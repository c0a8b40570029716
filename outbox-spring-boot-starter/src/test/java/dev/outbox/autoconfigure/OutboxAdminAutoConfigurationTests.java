/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.net.ConnectException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.PausedRoute;
import dev.outbox.actuate.OutboxEndpoint;
import dev.outbox.actuate.OutboxHealthIndicator;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.LIST;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;
import static org.awaitility.Awaitility.await;

/**
 * The conditions of {@link OutboxAdminAutoConfiguration}: the admin always, the endpoint when it is exposed and
 * Actuator is there, the health indicator unless disabled or spring-boot-health is missing, the
 * {@code outbox.health.*} properties, and the dispatcher's paused routes in the health.
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
            assertThat(health(context).getDetails()).as("no dispatcher, no routes").doesNotContainKey("pausedRoutes");
        });
    }

    @Test
    void aRoutePausedByAnUnreachableBrokerIsAProblemOfTheHealthUntilItResumes() {
        OutageSender sender = new OutageSender();
        OutboxContexts.h2().withConfiguration(AutoConfigurations.of(OutboxAdminAutoConfiguration.class))
                .withBean("brokerSender", MessageSender.class, () -> sender)
                .withPropertyValues("outbox.dispatcher.poll-interval=50ms", "outbox.dispatcher.max-poll-interval=100ms",
                        "outbox.dispatcher.outage-probe-interval=100ms")
                .run(context -> {
                    assertThat(health(context).getDetails()).containsEntry("pausedRoutes", List.of());
                    long id = OutboxContexts.save(context, "order.created", "order-1", "created").id();

                    await().untilAsserted(() -> assertThat(healthOf(context)).isEqualTo(Status.DOWN));
                    PausedRoute paused = context.getBean(Dispatcher.class).pausedRoutes().get(0);
                    Map<String, Object> details = health(context).getDetails();
                    assertThat(details.get("problems")).asInstanceOf(LIST).containsExactly("route 'default' is "
                            + "paused since " + paused.pausedAt() + ": its broker is unreachable "
                            + "(java.net.ConnectException: broker down)");
                    assertThat(details.get("pausedRoutes")).asInstanceOf(LIST).singleElement().asInstanceOf(MAP)
                            .containsEntry("route", "default").containsEntry("pausedAt", paused.pausedAt().toString())
                            .containsEntry("reason", "java.net.ConnectException: broker down")
                            .containsKeys("probes", "nextProbeAt");

                    sender.reachable = true;
                    OutboxContexts.awaitSent(context, id);
                    assertThat(OutboxContexts.stored(context, id).retryCount()).as("no attempt spent").isZero();
                    await().untilAsserted(() -> assertThat(healthOf(context)).isEqualTo(Status.UP));
                    assertThat(health(context).getDetails()).containsEntry("pausedRoutes", List.of())
                            .doesNotContainKey("problems");
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
        return health(context).getStatus();
    }

    private static Health health(AssertableApplicationContext context) {
        return context.getBean("outboxHealthIndicator", HealthIndicator.class).health();
    }

    /** A broker that refuses connections until it is reachable. */
    private static final class OutageSender implements MessageSender {

        private volatile boolean reachable;

        @Override
        public CompletionStage<String> send(OutgoingMessage message) {
            return this.reachable ? CompletableFuture.completedFuture("sent-" + message.id())
                    : CompletableFuture.failedFuture(new ConnectException("broker down"));
        }
    }
}
