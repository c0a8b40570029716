/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outbox's one {@link Clock} bean: declared once, taken by every outbox bean that reads the
 * time, replaceable by name, and invisible to an application's own injection of a clock by type.
 */
class OutboxClockTests {

    private static final Clock FIXED = Clock.fixed(Instant.parse("2030-01-02T03:04:05Z"), ZoneOffset.UTC);

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withConfiguration(AutoConfigurations.of(OutboxAdminAutoConfiguration.class))
            .withPropertyValues("outbox.logging-sender.enabled=true", "outbox.pull.topics=pulled");

    @Test
    void declaresTheUtcSystemClockTakenByEveryOutboxBeanThatReadsTheTime() {
        this.runner.run(context -> {
            assertThat(context.getBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME)).isEqualTo(Clock.systemUTC());
            assertThat(context.getBeanFactory().getDependentBeans(OutboxAutoConfiguration.CLOCK_BEAN_NAME))
                    .containsExactlyInAnyOrder("outboxTemplate", "outboxInbox", "outboxConsumedMarker",
                            "outboxDispatcher", "outboxMessagePuller", "outboxCleanupJob", "outboxAdmin");
        });
    }

    @Test
    void backsOffForTheApplicationsClockOfThatName() {
        this.runner.withBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME, Clock.class, () -> FIXED).run(context -> {
            assertThat(context.getBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME)).isSameAs(FIXED);
            assertThat(context.getBeanFactory().getDependentBeans(OutboxAutoConfiguration.CLOCK_BEAN_NAME))
                    .contains("outboxTemplate", "outboxDispatcher", "outboxAdmin");
        });
    }

    @Test
    void leavesTheApplicationsOwnClockTheOnlyOneInjectedByType() {
        this.runner.withBean("clock", Clock.class, () -> FIXED).run(context -> {
            assertThat(context.getBean(Clock.class)).isSameAs(FIXED);
            assertThat(context.getBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME)).isEqualTo(Clock.systemUTC());
        });
    }
}
