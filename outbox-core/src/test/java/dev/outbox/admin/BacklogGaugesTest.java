/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.outbox.message.MessageState;
import dev.outbox.testing.MutableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;

import static org.assertj.core.api.Assertions.assertThat;

class BacklogGaugesTest {

    private static final Instant START = Instant.parse("2026-05-01T08:00:00Z");

    private final MutableClock clock = new MutableClock(START);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    private final FakeBacklog backlog = new FakeBacklog();

    private final ListAppender<ILoggingEvent> log = new ListAppender<>();

    private final Logger logger = (Logger) LoggerFactory.getLogger(BacklogGauges.class);

    private BacklogGauges gauges;

    @BeforeEach
    void registerGauges() {
        this.log.start();
        this.logger.addAppender(this.log);
        this.logger.setLevel(Level.INFO);
        this.gauges = new BacklogGauges("default", this.backlog, this.clock, this.registry);
    }

    @AfterEach
    void detachLog() {
        this.logger.detachAppender(this.log);
        this.logger.setLevel(null);
    }

    @Test
    void showsNothingKnownBeforeTheFirstRefresh() {
        assertThat(backlog(MessageState.PENDING)).isNaN();
        assertThat(oldestDueAge()).isNaN();
        assertThat(this.backlog.reads.get()).isZero();
    }

    @Test
    void showsTheCountsAndTheOldestDueAgeOfTheLastRefresh() {
        this.backlog.next = snapshot(START, 12, 1, 2, START.minusMillis(2500));

        this.gauges.refresh();

        assertThat(backlog(MessageState.PENDING)).isEqualTo(12.0);
        assertThat(backlog(MessageState.FAILED)).isEqualTo(1.0);
        assertThat(backlog(MessageState.SUSPENDED)).isEqualTo(2.0);
        assertThat(oldestDueAge()).isEqualTo(2.5);
        assertThat(this.registry.get("outbox.oldest.pending.age").gauge().value()).isEqualTo(62.5);
    }

    @Test
    void showsZeroAgeWhenNothingIsDue() {
        this.backlog.next = snapshot(START, 0, 0, 0, null);

        this.gauges.refresh();

        assertThat(oldestDueAge()).isZero();
    }

    @Test
    void scrapesReadTheSnapshotInMemoryAndNeverTheDatabase() {
        this.backlog.next = snapshot(START, 3, 0, 0, START);
        this.gauges.refresh();

        for (int scrape = 0; scrape < 100; scrape++) {
            this.registry.getMeters().forEach(meter -> meter.measure().forEach(measurement -> measurement.getValue()));
        }

        assertThat(this.backlog.reads.get()).isEqualTo(1);
        assertThat(this.registry.find("outbox.messages.backlog").gauges()).hasSize(3);
    }

    @Test
    void refreshAgeGrowsUntilTheNextSuccessfulRefresh() {
        this.backlog.next = snapshot(START, 0, 0, 0, null);
        this.gauges.refresh();
        this.clock.advance(Duration.ofSeconds(40));

        assertThat(refreshAge()).isEqualTo(40.0);

        this.backlog.next = snapshot(this.clock.instant(), 0, 0, 0, null);
        this.gauges.refresh();

        assertThat(refreshAge()).isZero();
    }

    @Test
    void showsNaNWhileTheBacklogCannotBeReadAndLogsTheOutageOnce() {
        this.backlog.next = snapshot(START, 5, 1, 0, START.minusSeconds(3));
        this.gauges.refresh();

        this.backlog.next = null;
        for (int tick = 0; tick < 3; tick++) {
            this.clock.advance(Duration.ofSeconds(15));
            this.gauges.refresh();
        }

        assertThat(backlog(MessageState.PENDING)).isNaN();
        assertThat(backlog(MessageState.FAILED)).isNaN();
        assertThat(oldestDueAge()).isNaN();
        assertThat(refreshAge()).isEqualTo(45.0);
        assertThat(this.log.list).singleElement().satisfies(event -> {
            assertThat(event.getLevel()).isEqualTo(Level.WARN);
            assertThat(event.getFormattedMessage()).contains("Cannot read the outbox backlog");
            assertThat(event.getThrowableProxy().getMessage()).isEqualTo("database down");
        });

        this.backlog.next = snapshot(this.clock.instant(), 7, 1, 0, this.clock.instant().minusSeconds(50));
        this.gauges.refresh();

        assertThat(backlog(MessageState.PENDING)).isEqualTo(7.0);
        assertThat(oldestDueAge()).isEqualTo(50.0);
        assertThat(this.log.list).hasSize(2);
        assertThat(this.log.list.get(1).getLevel()).isEqualTo(Level.INFO);
        assertThat(this.log.list.get(1).getFormattedMessage()).contains("can be read again, PT45S after the last successful read");
    }

    @Test
    void logsASecondOutageAgain() {
        this.backlog.next = null;
        this.gauges.refresh();
        this.backlog.next = snapshot(START, 0, 0, 0, null);
        this.gauges.refresh();
        this.backlog.next = null;
        this.gauges.refresh();

        assertThat(this.log.list).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.INFO,
                Level.WARN);
    }

    private double backlog(MessageState state) {
        return this.registry.get("outbox.messages.backlog").tag("state", state.name()).gauge().value();
    }

    private double oldestDueAge() {
        return this.registry.get("outbox.oldest.due.age").gauge().value();
    }

    private double refreshAge() {
        return this.registry.get("outbox.backlog.refresh.age").gauge().value();
    }

    private static OutboxSnapshot snapshot(Instant takenAt, long pending, long failed, long suspended,
            @Nullable Instant oldestDueAt) {
        Map<MessageState, Long> counts = new EnumMap<>(MessageState.class);
        counts.put(MessageState.PENDING, pending);
        counts.put(MessageState.FAILED, failed);
        counts.put(MessageState.SUSPENDED, suspended);
        return new OutboxSnapshot(takenAt, counts, oldestDueAt, (oldestDueAt != null) ? oldestDueAt.minusSeconds(60) : null);
    }

    /** Answers the snapshot it was given, or fails as a database that is down does when it has none. */
    private static final class FakeBacklog implements Supplier<OutboxSnapshot> {

        private final AtomicInteger reads = new AtomicInteger();

        private volatile @Nullable OutboxSnapshot next;

        @Override
        public OutboxSnapshot get() {
            this.reads.incrementAndGet();
            OutboxSnapshot snapshot = this.next;
            if (snapshot == null) {
                throw new DataAccessResourceFailureException("database down");
            }
            return snapshot;
        }
    }
}
