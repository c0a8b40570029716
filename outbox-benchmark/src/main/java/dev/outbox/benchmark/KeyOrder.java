/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import dev.outbox.spi.OutgoingMessage;

/**
 * Checks that each ordering key's messages reach the broker in increasing id order: a message
 * acknowledged with a lower id than one of its key acknowledged before is an order violation. The
 * same id again is a duplicate, not a violation; a message the broker refused has not arrived; a
 * message without an ordering key is not checked.
 */
final class KeyOrder {

    private final Map<String, Long> lastIds = new ConcurrentHashMap<>();

    private final LongAdder violations = new LongAdder();

    private final Set<String> keysOutOfOrder = ConcurrentHashMap.newKeySet();

    /**
     * @param message a message the broker has just acknowledged
     */
    void acknowledged(OutgoingMessage message) {
        String key = message.orderingKey();
        if (key == null) {
            return;
        }
        this.lastIds.merge(key, message.id(), (last, id) -> {
            if (id >= last) {
                return id;
            }
            this.violations.increment();
            this.keysOutOfOrder.add(key);
            return last;
        });
    }

    /**
     * @return messages that arrived after a later message of their key
     */
    long violations() {
        return this.violations.sum();
    }

    /**
     * @return how many keys had a violation
     */
    int keysOutOfOrder() {
        return this.keysOutOfOrder.size();
    }
}
