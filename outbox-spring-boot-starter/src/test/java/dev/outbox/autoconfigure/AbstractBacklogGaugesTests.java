/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

import javax.sql.DataSource;

import dev.outbox.admin.BacklogGauges;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.message.MessageState;
import dev.outbox.testing.MutableClock;
import dev.outbox.testing.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The backlog gauges on a real database: after a refresh they show the table's PENDING, FAILED and SUSPENDED
 * counts and the age of its oldest due message, NaN while the table cannot be read, and the table again once
 * it can. One thin subclass per database. No dispatcher runs, and the refresh interval is long, so that only
 * the test changes the table and refreshes the gauges (besides the refresh at start).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractBacklogGaugesTests {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private final MutableClock clock = new MutableClock(START);

    private TestDatabase database;

    protected abstract TestDatabase.Kind kind();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(kind(), "gauges_" + kind().name().toLowerCase(Locale.ROOT));
    }

    @AfterAll
    void closeDatabase() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @BeforeEach
    void resetClock() {
        this.clock.set(START);
    }

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                        SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class,
                        OutboxAdminAutoConfiguration.class, OutboxMetricsAutoConfiguration.class))
                .withPropertyValues("outbox.dispatcher.enabled=false",
                        "outbox.metrics.backlog-gauges.refresh-interval=1h")
                .withBean(OutboxAutoConfiguration.CLOCK_BEAN_NAME, Clock.class, () -> this.clock);
    }

    @Test
    void gaugesFollowTheTableAfterARefresh() {
        runner().run(context -> {
            assertThat(context).hasNotFailed();
            jdbc(context).update("DELETE FROM local_message");
            OutboxAdmin admin = context.getBean(OutboxAdmin.class);
            long failed = OutboxContexts.save(context, "order.created", "order-1", "one").id();
            long suspended = OutboxContexts.save(context, "order.created", "order-2", "two").id();
            OutboxContexts.save(context, "order.paid", "order-1", "three");
            jdbc(context).update("UPDATE local_message SET state = 'FAILED', lock_version = lock_version + 1 "
                    + "WHERE id = ?", failed);
            admin.suspend(suspended);
            this.clock.advance(Duration.ofMinutes(10));

            refresh(context);

            assertThat(backlog(context, MessageState.PENDING)).isEqualTo(1.0);
            assertThat(backlog(context, MessageState.FAILED)).isEqualTo(1.0);
            assertThat(backlog(context, MessageState.SUSPENDED)).isEqualTo(1.0);
            assertThat(oldestDueAge(context)).isEqualTo(600.0);

            admin.retry(failed);
            this.clock.advance(Duration.ofMinutes(1));
            refresh(context);

            assertThat(backlog(context, MessageState.PENDING)).isEqualTo(2.0);
            assertThat(backlog(context, MessageState.FAILED)).isZero();
            assertThat(oldestDueAge(context)).isEqualTo(660.0);
        });
    }

    @Test
    void gaugesShowNaNWhileTheTableCannotBeReadAndTheTableAgainAfterwards() {
        runner().run(context -> {
            assertThat(context).hasNotFailed();
            jdbc(context).update("DELETE FROM local_message");
            OutboxContexts.save(context, "order.created", "order-1", "one");
            refresh(context);
            assertThat(backlog(context, MessageState.PENDING)).isEqualTo(1.0);

            jdbc(context).execute("ALTER TABLE local_message RENAME TO local_message_away");
            try {
                this.clock.advance(Duration.ofSeconds(30));
                refresh(context);

                assertThat(backlog(context, MessageState.PENDING)).isNaN();
                assertThat(oldestDueAge(context)).isNaN();
                assertThat(gauge(context, "outbox.backlog.refresh.age")).isEqualTo(30.0);
            }
            finally {
                jdbc(context).execute("ALTER TABLE local_message_away RENAME TO local_message");
            }

            refresh(context);
            assertThat(backlog(context, MessageState.PENDING)).isEqualTo(1.0);
            assertThat(oldestDueAge(context)).isEqualTo(30.0);
            assertThat(gauge(context, "outbox.backlog.refresh.age")).isZero();
        });
    }

    private static JdbcTemplate jdbc(ApplicationContext context) {
        return new JdbcTemplate(context.getBean(DataSource.class));
    }

    private static void refresh(ApplicationContext context) {
        context.getBean(BacklogGauges.class).refresh();
    }

    private static double backlog(ApplicationContext context, MessageState state) {
        return context.getBean(MeterRegistry.class).get("outbox.messages.backlog").tag("state", state.name()).gauge()
                .value();
    }

    private static double oldestDueAge(ApplicationContext context) {
        return gauge(context, "outbox.oldest.due.age");
    }

    private static double gauge(ApplicationContext context, String name) {
        return context.getBean(MeterRegistry.class).get(name).gauge().value();
    }
}
