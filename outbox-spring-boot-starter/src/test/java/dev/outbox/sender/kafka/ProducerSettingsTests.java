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
    void readsMaxBlockOrTheClientsDefault() {
        assertThat(ProducerSettings.maxBlock(Map.of("max.block.ms", 1500))).isEqualTo(Duration.ofMillis(1500));
        assertThat(ProducerSettings.maxBlock(Map.of("max.block.ms", "250"))).isEqualTo(Duration.ofMillis(250));
        assertThat(ProducerSettings.maxBlock(Map.of())).isEqualTo(Duration.ofMinutes(1));
    }
}
