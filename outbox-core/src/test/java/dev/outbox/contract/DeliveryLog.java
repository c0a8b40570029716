/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A sender shared by several dispatchers that counts how often each message arrived and in which
 * order the messages of each ordering key arrived.
 */
final class DeliveryLog implements MessageSender {

    private final Map<Long, AtomicInteger> deliveries = new ConcurrentHashMap<>();

    private final Map<String, List<Long>> byOrderingKey = new ConcurrentHashMap<>();

    private final List<OutgoingMessage> arrivals = new ArrayList<>();

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        this.deliveries.computeIfAbsent(message.id(), id -> new AtomicInteger()).incrementAndGet();
        if (message.orderingKey() != null) {
            List<Long> arrived = this.byOrderingKey.computeIfAbsent(message.orderingKey(), key -> new ArrayList<>());
            synchronized (arrived) {
                arrived.add(message.id());
            }
        }
        synchronized (this.arrivals) {
            this.arrivals.add(message);
        }
        return CompletableFuture.completedFuture("ok-" + message.id());
    }

    void assertEachDeliveredExactlyOnce(int expected) {
        assertThat(this.deliveries).hasSize(expected);
        assertThat(this.deliveries.values()).as("no message sent twice")
                .allSatisfy(count -> assertThat(count.get()).isOne());
    }

    void assertEachOrderingKeyArrivedInIdOrder(int keys) {
        assertThat(this.byOrderingKey).hasSize(keys);
        this.byOrderingKey.forEach((key, ids) -> assertThat(ids).as("arrival order of " + key).isSorted());
    }

    /**
     * @param orderingKey an ordering key
     * @return the ids of the messages of the key, in the order they arrived (a message sent twice is listed twice)
     */
    List<Long> arrivedInOrder(String orderingKey) {
        List<Long> arrived = this.byOrderingKey.getOrDefault(orderingKey, List.of());
        synchronized (arrived) {
            return List.copyOf(arrived);
        }
    }

    /**
     * @return every message that arrived, in the order of arrival
     */
    List<OutgoingMessage> arrivals() {
        synchronized (this.arrivals) {
            return List.copyOf(this.arrivals);
        }
    }
}
