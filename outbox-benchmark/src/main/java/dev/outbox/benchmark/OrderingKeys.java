/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import org.jspecify.annotations.Nullable;

/**
 * The ordering key the benchmark's message number n gets: none, or one of {@code count} keys in
 * turn (message n has key {@code n % count}). Messages are saved and loaded in the order of n, so
 * each key's messages get increasing ids, as an application's saves would give them.
 *
 * @param count how many keys, or 0 for messages without an ordering key
 */
record OrderingKeys(int count) {

    /** Messages without an ordering key. */
    static final OrderingKeys NONE = new OrderingKeys(0);

    /** The keys of the ordered steady loads: the latency phase's ordered case and the outage phase. */
    static final OrderingKeys STEADY_LOAD = new OrderingKeys(50);

    OrderingKeys {
        if (count < 0) {
            throw new IllegalArgumentException("a negative number of ordering keys: " + count);
        }
    }

    /**
     * @param n the message's number
     * @return its ordering key, or null for none
     */
    @Nullable String of(long n) {
        return (this.count == 0) ? null : "key-" + (n % this.count);
    }

    /**
     * @return "1 key", "50 keys"
     */
    @Override
    public String toString() {
        return this.count + (this.count == 1 ? " key" : " keys");
    }
}
