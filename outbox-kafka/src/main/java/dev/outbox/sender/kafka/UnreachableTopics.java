/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Topics whose last send failed at {@code send()}, after waiting {@code max.block.ms} for the
 * broker. For a hold-off as long as that wait, further sends to such a topic fail at once instead of
 * each blocking the dispatcher for {@code max.block.ms}; the first send after the hold-off tries
 * the broker again.
 */
final class UnreachableTopics {

    private final long holdOffNanos;

    private final Map<String, Failure> failures = new ConcurrentHashMap<>();

    /**
     * @param holdOff how long sends to a topic fail at once after a send to it blocked and failed
     */
    UnreachableTopics(Duration holdOff) {
        this.holdOffNanos = holdOff.toNanos();
    }

    /**
     * @param topic a topic
     * @return the failure that makes sends to the topic fail at once, while its hold-off lasts
     */
    Optional<RuntimeException> recentFailure(String topic) {
        Failure failure = this.failures.get(topic);
        if (failure == null || System.nanoTime() - failure.atNanos() >= this.holdOffNanos) {
            return Optional.empty();
        }
        return Optional.of(failure.error());
    }

    void failed(String topic, RuntimeException error) {
        this.failures.put(topic, new Failure(error, System.nanoTime()));
    }

    void reached(String topic) {
        this.failures.remove(topic);
    }

    private record Failure(RuntimeException error, long atNanos) {
    }
}
