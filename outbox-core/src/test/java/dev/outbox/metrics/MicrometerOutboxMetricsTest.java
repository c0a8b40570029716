/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.metrics;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.outbox.route.RouteSwitchMode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MicrometerOutboxMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    private final MicrometerOutboxMetrics metrics = new MicrometerOutboxMetrics(this.registry);

    @Test
    void countsSavedMessagesPerType() {
        this.metrics.saved("order.created");
        this.metrics.saved("order.created");
        this.metrics.saved("mail.requested");

        assertThat(count("outbox.messages.saved", "order.created")).isEqualTo(2.0);
        assertThat(count("outbox.messages.saved", "mail.requested")).isEqualTo(1.0);
    }

    @Test
    void aSwitchedTypeShowsAsOneInTheGaugeOfItsModeUntilSwitchedBack() {
        OutboxMetrics store = this.metrics.forStore("orders");
        store.routeSwitched("order.created", RouteSwitchMode.FALLBACK);

        assertThat(switched("order.created", RouteSwitchMode.FALLBACK)).isEqualTo(1.0);
        store.routeSwitchedBack("order.created", RouteSwitchMode.FALLBACK);
        store.routeSwitched("order.created", RouteSwitchMode.PULL);

        assertThat(switched("order.created", RouteSwitchMode.FALLBACK)).isZero();
        assertThat(switched("order.created", RouteSwitchMode.PULL)).isEqualTo(1.0);
        store.routePaused("default");
        assertThat(this.registry.get("outbox.routes.paused").tag("route", "default").gauge().value())
                .as("a paused route is a gauge of its own").isEqualTo(1.0);
    }

    private double switched(String type, RouteSwitchMode mode) {
        return this.registry.get("outbox.routes.switched").tag("type", type).tag("mode", mode.name())
                .tag(MicrometerOutboxMetrics.STORE_TAG, "orders").gauge().value();
    }

    @Test
    void countsSentMessagesPerType() {
        this.metrics.sent("order.created");

        assertThat(count("outbox.messages.sent", "order.created")).isEqualTo(1.0);
    }

    @Test
    void countsConsumedMessagesPerType() {
        this.metrics.consumed("invoice.requested");

        assertThat(count("outbox.messages.consumed", "invoice.requested")).isEqualTo(1.0);
    }

    @Test
    void timesEachDeliveryFromSaveToAcknowledgementPerType() {
        this.metrics.delivered("order.created", Duration.ofMillis(40));
        this.metrics.delivered("order.created", Duration.ofMillis(60));

        Timer timer = this.registry.get("outbox.delivery.latency").tag("type", "order.created").timer();
        assertThat(timer.count()).isEqualTo(2);
        assertThat(timer.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(100.0);
    }

    @Test
    void aFailedAttemptWithRetriesLeftCountsAsRetried() {
        this.metrics.failed("order.created", false);
        this.metrics.failed("order.created", false);

        assertThat(count("outbox.messages.retried", "order.created")).isEqualTo(2.0);
        assertThat(this.registry.find("outbox.messages.failed").counter()).isNull();
    }

    @Test
    void aFailedLastAttemptCountsAsFailed() {
        this.metrics.failed("order.created", true);

        assertThat(count("outbox.messages.failed", "order.created")).isEqualTo(1.0);
        assertThat(this.registry.find("outbox.messages.retried").counter()).isNull();
    }

    @Test
    void eachCounterIsTaggedWithTheMessageTypeOnlyAndDescribed() {
        this.metrics.saved("order.created");
        this.metrics.sent("order.created");
        this.metrics.failed("order.created", false);
        this.metrics.failed("order.created", true);

        assertThat(this.registry.getMeters()).hasSize(4).allSatisfy(meter -> {
            assertThat(meter.getId().getTags()).extracting(tag -> tag.getKey() + "=" + tag.getValue())
                    .containsExactly("type=order.created");
            assertThat(meter.getId().getDescription()).isNotBlank();
            assertThat(meter.getId().getName()).startsWith("outbox.messages.");
        });
    }

    @Test
    void countsClaimedRowsAndRowsLostToOtherInstances() {
        this.metrics.claimed(100, 0);
        this.metrics.claimed(97, 3);

        assertThat(this.registry.get("outbox.claims.rows").tag("result", "claimed").counter().count()).isEqualTo(197.0);
        assertThat(this.registry.get("outbox.claims.rows").tag("result", "lost").counter().count()).isEqualTo(3.0);
    }

    @Test
    void countersOfDifferentTypesAreSeparate() {
        this.metrics.sent("a");
        this.metrics.sent("b");
        this.metrics.sent("b");

        assertThat(this.registry.find("outbox.messages.sent").counters()).hasSize(2);
        assertThat(count("outbox.messages.sent", "a")).isEqualTo(1.0);
        assertThat(count("outbox.messages.sent", "b")).isEqualTo(2.0);
    }

    @Test
    void nothingIsRegisteredBeforeSomethingHappens() {
        assertThat(this.registry.getMeters()).isEmpty();
    }

    private double count(String name, String type) {
        Counter counter = this.registry.get(name).tag("type", type).counter();
        return counter.count();
    }
}
