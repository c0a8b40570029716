/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;

import dev.outbox.DispatcherSettings;
import dev.outbox.OutboxTemplate;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Binding of the outbox.* properties, and validation errors that name the property to fix.
 */
class PropertiesValidationTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withBean("testSender", MessageSender.class, RecordingMessageSender::new);

    @Test
    void bindsEveryDispatcherProperty() {
        this.runner.withPropertyValues("outbox.dispatcher.poll-interval=200ms",
                "outbox.dispatcher.max-poll-interval=3s", "outbox.dispatcher.batch-size=50",
                "outbox.dispatcher.lease=1m", "outbox.dispatcher.send-timeout=20s",
                "outbox.dispatcher.shutdown-timeout=5s", "outbox.dispatcher.threads=2",
                "outbox.dispatcher.claim-strategy=optimistic", "outbox.dispatcher.handoff-capacity=500",
                "outbox.dispatcher.handler-threads=3", "outbox.dispatcher.handler-queue-capacity=9",
                "outbox.dispatcher.outage-probe-interval=500ms", "outbox.dispatcher.locked-send-window=50ms")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    DispatcherSettings settings = OutboxSettings.of(context.getEnvironment())
                            .build(DispatcherSettings::from);
                    assertThat(settings).isEqualTo(new DispatcherSettings(Duration.ofMillis(200),
                            Duration.ofSeconds(3), 50, Duration.ofMinutes(1), Duration.ofSeconds(20),
                            Duration.ofSeconds(5), 2, ClaimStrategy.OPTIMISTIC, 500, 3, 9, Duration.ofMillis(500),
                            Duration.ofMillis(50)));
                });
    }

    @Test
    void defaultsAreTheCoresDefaults() {
        OutboxSettings settings = OutboxSettings.of(new MockEnvironment());

        assertThat(settings.build(DispatcherSettings::from)).isEqualTo(DispatcherSettings.defaults());
        assertThat(settings.retryPolicies().forType("any")).isEqualTo(RetryPolicy.defaults());
        assertThat(settings.retryPolicies().failedRetryInterval()).isEmpty();
        assertThat(settings.value(OutboxTemplate.MAX_PAYLOAD_SIZE)).isEqualTo(1024 * 1024);
        assertThat(settings.value(OutboxStore.OUTBOX_TABLE)).isEqualTo("local_message");
        assertThat(new OutboxProperties().getSchema().getMode()).isEqualTo(OutboxProperties.SchemaMode.SEPARATE);
    }

    @Test
    void bindsWithBootsConversions() {
        MockEnvironment environment = new MockEnvironment().withProperty("outbox.dispatcher.lease", "PT1M")
                .withProperty("outbox.dispatcher.send-timeout", "20000ms")
                .withProperty("outbox.dispatcher.claim-strategy", "OPTIMISTIC")
                .withProperty("outbox.max-payload-size", "64KB");

        OutboxSettings settings = OutboxSettings.of(environment);

        assertThat(settings.build(DispatcherSettings::from)).isEqualTo(DispatcherSettings.builder()
                .lease(Duration.ofMinutes(1)).sendTimeout(Duration.ofSeconds(20))
                .claimStrategy(ClaimStrategy.OPTIMISTIC).build());
        assertThat(settings.value(OutboxTemplate.MAX_PAYLOAD_SIZE)).isEqualTo(64 * 1024);
    }

    @Test
    void aValueThatDoesNotConvertFailsWithBootsBindError() {
        this.runner.withPropertyValues("outbox.dispatcher.lease=soon").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("soon");
            BindException bind = findCause(context.getStartupFailure(), BindException.class);
            assertThat(bind.getName()).hasToString("outbox.dispatcher.lease");
            assertThat(bind.getProperty().getOrigin()).isNotNull();
        });
    }

    @Test
    void theFailedStartSaysWhereTheValueCameFrom() {
        this.runner.withPropertyValues("outbox.dispatcher.batch-size=0").run(context -> {
            FailureAnalysis analysis = new InvalidOutboxPropertyFailureAnalyzer().analyze(context.getStartupFailure());

            assertThat(analysis.getDescription()).contains("outbox.dispatcher.batch-size must be at least 1, was 0")
                    .contains("Origin: \"outbox.dispatcher.batch-size\" from property source");
            assertThat(analysis.getAction()).startsWith("Update outbox.dispatcher.batch-size");
        });
    }

    @Test
    void aCheckAcrossSettingsThatRefusesADefaultSaysSo() {
        this.runner.withPropertyValues("outbox.dispatcher.poll-interval=10s").run(context -> {
            FailureAnalysis analysis = new InvalidOutboxPropertyFailureAnalyzer().analyze(context.getStartupFailure());

            assertThat(analysis.getDescription())
                    .contains("outbox.dispatcher.max-poll-interval (PT8S) must not be shorter than poll-interval (PT10S)")
                    .contains("Origin: the default value");
        });
    }

    @Test
    void bindsRetryOverridesPerMessageTypeOverTheDefaults() {
        this.runner.withPropertyValues("outbox.retry.initial-delay=2s", "outbox.retry.max-attempts=5",
                "outbox.retry.failed-retry-interval=6h", "outbox.retry.types.payment.max-attempts=3",
                "outbox.retry.types.payment.jitter=0", "outbox.retry.types[order.created].initial-delay=10s",
                "outbox.retry.types[order.created].multiplier=3", "outbox.retry.types[order.created].max-delay=1h")
                .run(context -> {
                    RetryPolicies policies = context.getBean(RetryPolicies.class);
                    assertThat(policies.forType("payment")).isEqualTo(new RetryPolicy(Duration.ofSeconds(2),
                            RetryPolicy.MULTIPLIER.defaultValue(), RetryPolicy.MAX_DELAY.defaultValue(), 0.0, 3));
                    assertThat(policies.forType("order.created")).isEqualTo(new RetryPolicy(Duration.ofSeconds(10),
                            3.0, Duration.ofHours(1), RetryPolicy.JITTER.defaultValue(), 5));
                    assertThat(policies.forType("other")).isEqualTo(new RetryPolicy(Duration.ofSeconds(2),
                            RetryPolicy.MULTIPLIER.defaultValue(), RetryPolicy.MAX_DELAY.defaultValue(), RetryPolicy.JITTER.defaultValue(),
                            5));
                    assertThat(policies.failedRetryInterval()).contains(Duration.ofHours(6));
                });
    }

    @Test
    void invalidTableNameFailsNamingTheProperty() {
        assertFailure("outbox.table-name=local-message;DROP", "outbox.table-name is invalid",
                "'local-message;DROP' is not a plain SQL identifier");
    }

    @Test
    void invalidInboxTableNameFailsNamingTheProperty() {
        assertFailure("outbox.inbox.table-name=consumed message", "outbox.inbox.table-name is invalid",
                "'consumed message' is not a plain SQL identifier");
    }

    @Test
    void aReservedWordAsATableNameFailsNamingTheProperty() {
        assertFailure("outbox.table-name=order", "outbox.table-name is invalid: 'order' is a reserved word of SQL on "
                + "MySQL, MariaDB, PostgreSQL or H2: choose another name, for example order_outbox");
    }

    @Test
    void anArchiveTableNamedLikeTheOutboxTableFailsNamingTheProperty() {
        assertFailure("outbox.cleanup.archive.table-name=local_message", "outbox.cleanup.archive.table-name "
                + "('local_message') is also the name of the outbox table: give each table of the store a name of "
                + "its own");
    }

    @Test
    void aSendTimeoutLongerThanTheLeaseIsAcceptedSinceTheLeasesOfRunningSendsAreRenewed() {
        this.runner.withPropertyValues("outbox.dispatcher.lease=8s", "outbox.dispatcher.send-timeout=30s")
                .run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void invalidDispatcherSettingsFailNamingTheProperty() {
        assertFailure("outbox.dispatcher.batch-size=0", "outbox.dispatcher.batch-size must be at least 1, was 0");
        assertFailure("outbox.dispatcher.poll-interval=0s", "outbox.dispatcher.poll-interval must be positive");
        assertFailure("outbox.dispatcher.max-poll-interval=500ms",
                "outbox.dispatcher.max-poll-interval (PT0.5S) must not be shorter than poll-interval");
        assertFailure("outbox.dispatcher.threads=0", "outbox.dispatcher.threads must be at least 1");
        assertFailure("outbox.dispatcher.locked-send-window=2s", "outbox.dispatcher.locked-send-window (PT2S) must be "
                + "shorter than a quarter of lease (PT8S)");
    }

    @Test
    void invalidRetrySettingsFailNamingTheProperty() {
        assertFailure("outbox.retry.multiplier=0.5", "outbox.retry.multiplier must be at least 1, was 0.5");
        assertFailure("outbox.retry.failed-retry-interval=0s", "outbox.retry.failed-retry-interval must be positive");
        assertFailure("outbox.retry.types.payment.jitter=2", "outbox.retry.types.payment.jitter must be between 0 "
                + "and 1, was 2.0");
        assertFailure("outbox.retry.types[order.created].max-attempts=0",
                "outbox.retry.types[order.created].max-attempts must be at least 1, was 0");
    }

    @Test
    void payloadSizeBeyondTheColumnFailsNamingTheProperty() {
        assertFailure("outbox.max-payload-size=16MB",
                "outbox.max-payload-size must be between 1 and 16777215 bytes, was 16777216");
    }

    @Test
    void writeOnlyInstancesDoNotValidateDispatcherSettings() {
        this.runner.withPropertyValues("outbox.dispatcher.enabled=false", "outbox.dispatcher.batch-size=0")
                .run(context -> assertThat(context).hasNotFailed());
    }

    private static <T extends Throwable> T findCause(Throwable failure, Class<T> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
        }
        throw new AssertionError("No " + type.getSimpleName() + " in the startup failure", failure);
    }

    private void assertFailure(String property, String... messages) {
        this.runner.withPropertyValues(property).run(context -> {
            assertThat(context).hasFailed();
            assertThat(OutboxContexts.outboxFailure(context.getStartupFailure())).satisfies(message -> {
                assertThat(message).startsWith(property.substring(0, property.indexOf('=')).replaceAll("\\[.*", ""));
                assertThat(message).contains(messages);
            });
        });
    }
}
