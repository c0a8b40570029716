/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * Checks a producer's configuration against what the outbox relies on: every in-sync replica has
 * the record before it counts as sent ({@code acks=all}), and the producer's own retries neither
 * duplicate nor reorder records ({@code enable.idempotence=true}). Settings left out are the Kafka
 * client's defaults, which are those.
 */
final class ProducerSettings {

    private ProducerSettings() {
    }

    /** The Kafka client's default {@code max.block.ms}. */
    private static final Duration DEFAULT_MAX_BLOCK = Duration.ofMinutes(1);

    /**
     * @param configuration the producer's configuration
     * @return how long a send may block waiting for the broker ({@code max.block.ms})
     */
    static Duration maxBlock(Map<String, Object> configuration) {
        Object maxBlock = configuration.get(ProducerConfig.MAX_BLOCK_MS_CONFIG);
        return (maxBlock != null) ? Duration.ofMillis(Long.parseLong(maxBlock.toString().trim())) : DEFAULT_MAX_BLOCK;
    }

    /**
     * Whether the producer keeps the order of records of one partition that are in flight together,
     * and fails the later ones when an earlier one fails: the idempotent producer does, which the
     * client enables unless told otherwise or given a setting it conflicts with (acks other than all,
     * more than 5 requests in flight per connection, no retries).
     *
     * @param configuration the producer's configuration
     * @return whether the producer is idempotent
     */
    static boolean idempotent(Map<String, Object> configuration) {
        Object idempotence = configuration.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG);
        Object acks = configuration.get(ProducerConfig.ACKS_CONFIG);
        Object inFlight = configuration.get(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION);
        Object retries = configuration.get(ProducerConfig.RETRIES_CONFIG);
        return (idempotence == null || Boolean.parseBoolean(idempotence.toString().trim()))
                && (acks == null || List.of("all", "-1").contains(acks.toString().trim().toLowerCase(Locale.ROOT)))
                && (inFlight == null || Integer.parseInt(inFlight.toString().trim()) <= 5)
                && (retries == null || Integer.parseInt(retries.toString().trim()) > 0);
    }

    /**
     * @param configuration the producer's configuration
     * @return a description of each setting that is weaker than recommended; empty when none is
     */
    static List<String> weakerThanRecommended(Map<String, Object> configuration) {
        List<String> problems = new ArrayList<>();
        Object acks = configuration.get(ProducerConfig.ACKS_CONFIG);
        if (acks != null && !List.of("all", "-1").contains(acks.toString().trim().toLowerCase(Locale.ROOT))) {
            problems.add("has acks=" + acks + "; acks=all is recommended");
        }
        Object idempotence = configuration.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG);
        if (idempotence != null && !Boolean.parseBoolean(idempotence.toString().trim())) {
            problems.add("has enable.idempotence=" + idempotence + "; enable.idempotence=true is recommended");
        }
        return problems;
    }
}
