/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import dev.outbox.store.ClaimStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DispatcherSettingsTest {

    @Test
    void defaultsAreTheDocumentedValues() {
        DispatcherSettings defaults = DispatcherSettings.defaults();

        assertThat(defaults.pollInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(defaults.maxPollInterval()).isEqualTo(Duration.ofSeconds(8));
        assertThat(defaults.batchSize()).isEqualTo(500);
        assertThat(defaults.lease()).isEqualTo(Duration.ofSeconds(8));
        assertThat(defaults.sendTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.shutdownTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.threads()).isEqualTo(1);
        assertThat(defaults.claimStrategy()).isEqualTo(ClaimStrategy.SKIP_LOCKED);
        assertThat(defaults.handoffCapacity()).isEqualTo(10_000);
        assertThat(defaults.handlerQueueCapacity()).isEqualTo(1_000);
        assertThat(defaults.outageProbeInterval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(DispatcherSettings.builder().build()).isEqualTo(defaults);
    }

    @Test
    void aSendTimeoutLongerThanTheLeaseIsAcceptedAsTheLeasesOfRunningSendsAreRenewed() {
        DispatcherSettings settings = DispatcherSettings.builder().lease(Duration.ofSeconds(4))
                .sendTimeout(Duration.ofSeconds(30)).build();

        assertThat(settings.sendTimeout()).isGreaterThan(settings.lease());
    }

    @Test
    void builderSetsEverySetting() {
        DispatcherSettings settings = DispatcherSettings.builder()
                .pollInterval(Duration.ofMillis(50))
                .maxPollInterval(Duration.ofMillis(400))
                .batchSize(7)
                .lease(Duration.ofSeconds(20))
                .sendTimeout(Duration.ofSeconds(3))
                .shutdownTimeout(Duration.ofSeconds(2))
                .threads(3)
                .claimStrategy(ClaimStrategy.OPTIMISTIC)
                .handoffCapacity(5)
                .handlerThreads(6)
                .handlerQueueCapacity(8)
                .outageProbeInterval(Duration.ofMillis(700))
                .lockedSendWindow(Duration.ofMillis(90))
                .build();

        assertThat(settings).isEqualTo(new DispatcherSettings(Duration.ofMillis(50), Duration.ofMillis(400), 7,
                Duration.ofSeconds(20), Duration.ofSeconds(3), Duration.ofSeconds(2), 3, ClaimStrategy.OPTIMISTIC, 5,
                6, 8, Duration.ofMillis(700), Duration.ofMillis(90)));
    }

    @Test
    void acceptsTheSmallestValidValues() {
        DispatcherSettings settings = DispatcherSettings.builder()
                .pollInterval(Duration.ofMillis(1))
                .maxPollInterval(Duration.ofMillis(1))
                .batchSize(1)
                .lease(Duration.ofMillis(3))
                .sendTimeout(Duration.ofMillis(1))
                .shutdownTimeout(Duration.ofMillis(1))
                .threads(1)
                .handoffCapacity(1)
                .handlerThreads(1)
                .handlerQueueCapacity(1)
                .lockedSendWindow(Duration.ZERO)
                .build();

        assertThat(settings.maxPollInterval()).isEqualTo(settings.pollInterval());
        assertThat(settings.locksWhileSending()).isFalse();
    }

    static Stream<Arguments> invalidSettings() {
        return Stream.of(
                invalid("poll-interval", "must be positive", b -> b.pollInterval(Duration.ZERO)),
                invalid("poll-interval", "must be positive", b -> b.pollInterval(Duration.ofMillis(-1))),
                invalid("max-poll-interval", "must be positive", b -> b.maxPollInterval(Duration.ZERO)),
                invalid("max-poll-interval", "must not be shorter than poll-interval",
                        b -> b.pollInterval(Duration.ofSeconds(5)).maxPollInterval(Duration.ofSeconds(4))),
                invalid("lease", "must be positive", b -> b.lease(Duration.ZERO)),
                invalid("lease", "must be positive", b -> b.lease(Duration.ofSeconds(-30))),
                invalid("send-timeout", "must be positive", b -> b.sendTimeout(Duration.ZERO)),
                invalid("shutdown-timeout", "must be positive", b -> b.shutdownTimeout(Duration.ZERO)),
                invalid("outage-probe-interval", "must be positive", b -> b.outageProbeInterval(Duration.ZERO)),
                invalid("shutdown-timeout", "must be positive", b -> b.shutdownTimeout(Duration.ofSeconds(-1))),
                invalid("batch-size", "must be at least 1", b -> b.batchSize(0)),
                invalid("batch-size", "must be at least 1", b -> b.batchSize(-100)),
                invalid("threads", "must be at least 1", b -> b.threads(0)),
                invalid("handoff-capacity", "must be at least 0", b -> b.handoffCapacity(-1)),
                invalid("handler-threads", "must be at least 1", b -> b.handlerThreads(0)),
                invalid("handler-queue-capacity", "must be at least 1", b -> b.handlerQueueCapacity(0)),
                invalid("locked-send-window", "must not be negative", b -> b.lockedSendWindow(Duration.ofMillis(-1))),
                invalid("locked-send-window", "must be shorter than a quarter of lease",
                        b -> b.lease(Duration.ofSeconds(2)).lockedSendWindow(Duration.ofMillis(500))),
                invalid("locked-send-window", "must be shorter than a quarter of lease",
                        b -> b.lease(Duration.ofMillis(600))));
    }

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @MethodSource("invalidSettings")
    void rejectsEachInvalidSettingNamingIt(String setting, String rule, UnaryOperator<DispatcherSettings.Builder> change) {
        assertThatIllegalArgumentException().isThrownBy(() -> change.apply(DispatcherSettings.builder()).build())
                .withMessageStartingWith("dispatcher " + setting + " ")
                .withMessageContaining(rule);
    }

    private static Arguments invalid(String setting, String rule, UnaryOperator<DispatcherSettings.Builder> change) {
        return Arguments.of(setting, rule, change);
    }
}
