/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

import dev.outbox.message.MessageState;
import dev.outbox.metrics.MicrometerOutboxMetrics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gauges of the outbox's backlog, fed by a snapshot that {@link #refresh()} reads on a schedule: a scrape
 * only reads the snapshot held in memory and never queries the database, however often it comes and however
 * many instances and message types there are.
 *
 * <ul>
 * <li>{@code outbox.messages.backlog}, tagged {@code state} = PENDING, FAILED or SUSPENDED: how many messages
 * are in that state (not done yet).</li>
 * <li>{@code outbox.oldest.due.age}, in seconds: how long the oldest due message had been due when the
 * snapshot was taken (0 when none is due): dispatchers that are missing or behind, or an ordering key held
 * back. See {@link OutboxSnapshot}.</li>
 * <li>{@code outbox.oldest.pending.age}, in seconds: how long the oldest PENDING message had waited since it
 * was saved (0 when none is PENDING): it also grows while messages wait for retries, as in a broker outage;
 * the lag to alert on.</li>
 * <li>{@code outbox.backlog.refresh.age}, in seconds: how long ago the last successful refresh took its
 * snapshot (or, before the first, since the gauges were registered); it grows while the table cannot be
 * read.</li>
 * </ul>
 *
 * <p>Every gauge is tagged {@code store} with the name of the store whose backlog it shows, so that an
 * application with several stores has a set of gauges per store.
 *
 * <p>SENT and CONSUMED are not counted: their number grows with the retention, not with a problem, and
 * counting them reads the whole history (the counters {@code outbox.messages.sent} and
 * {@code outbox.messages.consumed} give their rates). Every instance of a service reports the same backlog:
 * aggregate the instances with {@code max}, not {@code sum}.
 *
 * <p>When a refresh fails (the database is down), the backlog gauges show NaN until a refresh succeeds, rather
 * than the last values: a stale "0 FAILED" would look healthy while nobody can tell. The failure is logged
 * once at WARN per outage, and the recovery once at INFO. {@code outbox.backlog.refresh.age} keeps growing,
 * so it can be alerted on.
 *
 * <p>Call {@link #refresh()} from one thread on a schedule (the starter does so every 15 seconds).
 */
public final class BacklogGauges {

    /** The states of the backlog, the ones {@link OutboxAdmin#backlog()} counts. */
    private static final List<MessageState> STATES = List.of(MessageState.PENDING, MessageState.FAILED,
            MessageState.SUSPENDED);

    private static final Logger logger = LoggerFactory.getLogger(BacklogGauges.class);

    private final Supplier<OutboxSnapshot> backlog;

    private final Clock clock;

    private volatile @Nullable OutboxSnapshot last;

    private volatile Instant lastRefreshedAt;

    private boolean failing;

    /**
     * Registers the gauges; they show NaN until the first {@link #refresh()}.
     *
     * @param store the name of the store whose backlog this is, which every gauge is tagged with as
     * {@value MicrometerOutboxMetrics#STORE_TAG}
     * @param backlog reads the backlog, usually {@link OutboxAdmin#backlog()}
     * @param clock the outbox's clock, which measures the age of the last refresh
     * @param registry where the gauges are registered
     */
    public BacklogGauges(String store, Supplier<OutboxSnapshot> backlog, Clock clock, MeterRegistry registry) {
        Tags tags = Tags.of(MicrometerOutboxMetrics.STORE_TAG, store);
        this.backlog = backlog;
        this.clock = clock;
        this.lastRefreshedAt = clock.instant();
        for (MessageState state : STATES) {
            Gauge.builder("outbox.messages.backlog", this, gauges -> gauges.count(state))
                    .description("Messages not done yet, per state (PENDING, FAILED, SUSPENDED), at the last refresh")
                    .tag("state", state.name())
                    .tags(tags)
                    .strongReference(true)
                    .register(registry);
        }
        Gauge.builder("outbox.oldest.due.age", this, BacklogGauges::oldestDueAgeSeconds)
                .description("How long the oldest due message had been due at the last refresh; 0 when none is due")
                .tags(tags)
                .baseUnit("seconds")
                .strongReference(true)
                .register(registry);
        Gauge.builder("outbox.oldest.pending.age", this, BacklogGauges::oldestPendingAgeSeconds)
                .description("How long the oldest PENDING message had waited since it was saved, at the last "
                        + "refresh; 0 when none is PENDING")
                .tags(tags)
                .baseUnit("seconds")
                .strongReference(true)
                .register(registry);
        Gauge.builder("outbox.backlog.refresh.age", this, BacklogGauges::refreshAgeSeconds)
                .description("How long ago the outbox backlog gauges were last refreshed")
                .tags(tags)
                .baseUnit("seconds")
                .strongReference(true)
                .register(registry);
    }

    /**
     * Reads the backlog once and shows it in the gauges. Never throws: when the backlog cannot be read, the
     * backlog gauges show NaN until a later refresh succeeds.
     */
    public synchronized void refresh() {
        OutboxSnapshot snapshot;
        try {
            snapshot = this.backlog.get();
        }
        catch (RuntimeException ex) {
            this.last = null;
            if (!this.failing) {
                this.failing = true;
                logger.warn("Cannot read the outbox backlog; its gauges show NaN until it can be read again "
                        + "(this is logged once until then)", ex);
            }
            return;
        }
        if (this.failing) {
            this.failing = false;
            logger.info("The outbox backlog can be read again, {} after the last successful read; its gauges are "
                    + "up to date", Duration.between(this.lastRefreshedAt, snapshot.takenAt()));
        }
        this.last = snapshot;
        this.lastRefreshedAt = snapshot.takenAt();
    }

    private double count(MessageState state) {
        OutboxSnapshot snapshot = this.last;
        return (snapshot != null) ? snapshot.count(state) : Double.NaN;
    }

    private double oldestDueAgeSeconds() {
        OutboxSnapshot snapshot = this.last;
        return (snapshot != null) ? seconds(snapshot.oldestDueAge()) : Double.NaN;
    }

    private double oldestPendingAgeSeconds() {
        OutboxSnapshot snapshot = this.last;
        return (snapshot != null) ? seconds(snapshot.oldestPendingAge()) : Double.NaN;
    }

    private double refreshAgeSeconds() {
        return seconds(Duration.between(this.lastRefreshedAt, this.clock.instant()));
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }
}
