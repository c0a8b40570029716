/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProducerSettingsTests {

    @Test
    void theKafkaClientsDefaultsAreWhatTheOutboxNeeds() {
        assertThat(ProducerSettings.weakerThanRecommended(Map.of())).isEmpty();
        assertThat(ProducerSettings.weakerThanRecommended(Map.of("acks", "all", "enable.idempotence", true))).isEmpty();
        assertThat(ProducerSettings.weakerThanRecommended(Map.of("acks", "-1", "enable.idempotence", "true")))
                .isEmpty();
    }

    @Test
    void namesEachWeakerSetting() {
        assertThat(ProducerSettings.weakerThanRecommended(Map.of("acks", "1", "enable.idempotence", "false")))
                .containsExactly("has acks=1; acks=all is recommended",
                        "has enable.idempotence=false; enable.idempotence=true is recommended");
    }

    @Test
    void theProducerIsIdempotentByDefaultAndUnlessASettingConflicts() {
        assertThat(ProducerSettings.idempotent(Map.of())).isTrue();
        assertThat(ProducerSettings.idempotent(Map.of("enable.idempotence", "true", "acks", "all",
                "max.in.flight.requests.per.connection", 5, "retries", "3"))).isTrue();
        assertThat(ProducerSettings.idempotent(Map.of("enable.idempotence", false))).isFalse();
        assertThat(ProducerSettings.idempotent(Map.of("acks", "1"))).isFalse();
        assertThat(ProducerSettings.idempotent(Map.of("max.in.flight.requests.per.connection", "6"))).isFalse();
        assertThat(ProducerSettings.idempotent(Map.of("retries", 0))).isFalse();
    }

    @Test
    void readsMaxBlockOrTheClientsDefault() {
        assertThat(ProducerSettings.maxBlock(Map.of("max.block.ms", 1500))).isEqualTo(Duration.ofMillis(1500));
        assertThat(ProducerSettings.maxBlock(Map.of("max.block.ms", "250"))).isEqualTo(Duration.ofMillis(250));
        assertThat(ProducerSettings.maxBlock(Map.of())).isEqualTo(Duration.ofMinutes(1));
    }
}
