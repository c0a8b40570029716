/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.metrics;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.outbox.route.RouteSwitchMode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

/**
 * Counts saved, sent, consumed, retried and failed messages per message type:
 * {@code outbox.messages.saved}, {@code outbox.messages.sent}, {@code outbox.messages.consumed} (by a
 * local handler or a pull consumer's acknowledgement), {@code outbox.messages.retried}
 * (an attempt failed and the message will be tried again) and {@code outbox.messages.failed}
 * (the retry budget is spent); {@code outbox.delivery.latency}, a timer with a percentile histogram
 * from saving a message to its delivery, per type; and {@code outbox.claims.rows}, the rows claims took
 * ({@code result=claimed}) and the rows they lost to another instance ({@code result=lost}), which
 * shows how much instances contend for the same rows. While a broker is unreachable,
 * {@code outbox.routes.paused} is 1 for its route (tag {@code route}, 0 once it resumed),
 * {@code outbox.route.pauses} counts the pauses and {@code outbox.messages.postponed} the messages held
 * back or failed without spending an attempt, per type. While an operator has switched a message type away from its
 * broker, {@code outbox.routes.switched} is 1 for it in every instance that follows the switch (tags {@code type}
 * and {@code mode}, FALLBACK or PULL; 0 once switched back). {@code outbox.dead.letters} counts the FAILED messages
 * published to their type's dead-letter destination ({@code result=published}) and those whose publish failed
 * ({@code result=failed}), per type. The meters of a store's template, dispatcher and
 * puller, which take {@link #forStore} metrics, are also tagged {@value #STORE_TAG} with the store's name.
 */
public final class MicrometerOutboxMetrics implements OutboxMetrics {

    /** The tag that names the store a meter counts, on every meter of a store's metrics. */
    public static final String STORE_TAG = "store";

    private final MeterRegistry registry;

    private final Tags storeTags;

    /** The value of each 0-or-1 gauge (paused routes, switched types), shared by the metrics of every store, as
     * the registry is. */
    private final Map<FlagKey, AtomicInteger> flags;

    /**
     * @param registry where the counters are registered
     */
    public MicrometerOutboxMetrics(MeterRegistry registry) {
        this(registry, Tags.empty(), new ConcurrentHashMap<>());
    }

    private MicrometerOutboxMetrics(MeterRegistry registry, Tags storeTags, Map<FlagKey, AtomicInteger> flags) {
        this.registry = registry;
        this.storeTags = storeTags;
        this.flags = flags;
    }

    /**
     * @return metrics whose meters are also tagged {@value #STORE_TAG} with the store's name
     */
    @Override
    public OutboxMetrics forStore(String store) {
        return new MicrometerOutboxMetrics(this.registry, Tags.of(STORE_TAG, store), this.flags);
    }

    @Override
    public void saved(String messageType) {
        counter("outbox.messages.saved", "Messages saved to the outbox", messageType).increment();
    }

    @Override
    public void sent(String messageType) {
        counter("outbox.messages.sent", "Messages the broker confirmed", messageType).increment();
    }

    @Override
    public void delivered(String messageType, Duration sinceSaved) {
        Timer.builder("outbox.delivery.latency")
                .description("Time from saving a message to its delivery (broker acknowledgement or local handler)")
                .tag("type", messageType)
                .tags(this.storeTags)
                .publishPercentileHistogram()
                .register(this.registry)
                .record(sinceSaved);
    }

    @Override
    public void consumed(String messageType) {
        counter("outbox.messages.consumed", "Messages a local handler or pull consumer consumed", messageType)
                .increment();
    }

    @Override
    public void failed(String messageType, boolean exhausted) {
        if (exhausted) {
            counter("outbox.messages.failed", "Messages parked as FAILED after their last attempt", messageType)
                    .increment();
        }
        else {
            counter("outbox.messages.retried", "Failed attempts that will be retried", messageType).increment();
        }
    }

    @Override
    public void deadLettered(String messageType, boolean published) {
        Counter.builder("outbox.dead.letters").description("FAILED messages published to their dead-letter "
                + "destination, or whose publish failed").tag("type", messageType)
                .tag("result", published ? "published" : "failed").tags(this.storeTags).register(this.registry)
                .increment();
    }

    @Override
    public void claimed(int claimed, int lost) {
        claimRows("claimed").increment(claimed);
        claimRows("lost").increment(lost);
    }

    @Override
    public void routePaused(String route) {
        Counter.builder("outbox.route.pauses").description("Pauses of a sender's route for an unreachable broker")
                .tag("route", route).tags(this.storeTags).register(this.registry).increment();
        pausedGauge(route).set(1);
    }

    @Override
    public void routeResumed(String route) {
        pausedGauge(route).set(0);
    }

    @Override
    public void postponed(String messageType) {
        counter("outbox.messages.postponed", "Messages held back or failed by an unreachable broker, without "
                + "spending an attempt", messageType).increment();
    }

    @Override
    public void routeSwitched(String messageType, RouteSwitchMode mode) {
        switchedGauge(messageType, mode).set(1);
    }

    @Override
    public void routeSwitchedBack(String messageType, RouteSwitchMode mode) {
        switchedGauge(messageType, mode).set(0);
    }

    private AtomicInteger pausedGauge(String route) {
        return flag("outbox.routes.paused", "1 while the route is paused because its broker is unreachable",
                Tags.of("route", route));
    }

    private AtomicInteger switchedGauge(String messageType, RouteSwitchMode mode) {
        return flag("outbox.routes.switched", "1 while an operator has switched the message type away from its "
                + "broker, to its fallback handler or to pull consumers", Tags.of("type", messageType, "mode",
                        mode.name()));
    }

    private AtomicInteger flag(String name, String description, Tags own) {
        Tags tags = own.and(this.storeTags);
        return this.flags.computeIfAbsent(new FlagKey(name, tags), key -> {
            AtomicInteger flag = new AtomicInteger();
            Gauge.builder(name, flag, AtomicInteger::get).description(description).tags(tags).register(this.registry);
            return flag;
        });
    }

    private Counter claimRows(String result) {
        return Counter.builder("outbox.claims.rows").description("Rows that claims took or lost to another instance")
                .tag("result", result).tags(this.storeTags).register(this.registry);
    }

    private record FlagKey(String name, Tags tags) {
    }

    private Counter counter(String name, String description, String messageType) {
        // Micrometer caches meters by id, so this lookup does not create a meter per call.
        return Counter.builder(name).description(description).tag("type", messageType).tags(this.storeTags)
                .register(this.registry);
    }
}
