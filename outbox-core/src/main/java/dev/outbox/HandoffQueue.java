/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

import dev.outbox.internal.jdbc.ClaimedMessage;

/**
 * Committed messages waiting in memory for this instance's dispatch loop. A message is only sent
 * while at least half of its lease is left: one that waited longer (a long transaction, a slow
 * broker) is dropped here and claimed the usual way once its lease ends, so that no other instance
 * can claim it while this one is still sending it.
 */
final class HandoffQueue {

    private final BlockingQueue<HandedOffMessage> queue;

    private final Duration minimumLeaseLeft;

    HandoffQueue(int capacity, Duration lease) {
        this.queue = new ArrayBlockingQueue<>(Math.max(capacity, 1)); // 0: the dispatcher accepts no hand-off
        this.minimumLeaseLeft = lease.dividedBy(2);
    }

    /**
     * @return how many messages did not fit; they will be claimed when their lease ends
     */
    int offer(List<HandedOffMessage> messages) {
        int rejected = 0;
        for (HandedOffMessage message : messages) {
            if (!this.queue.offer(message)) {
                rejected++;
            }
        }
        return rejected;
    }

    List<ClaimedMessage> take(int limit, Instant now) {
        List<HandedOffMessage> drained = new ArrayList<>(Math.min(limit, this.queue.size()));
        this.queue.drainTo(drained, limit);
        List<ClaimedMessage> fresh = new ArrayList<>(drained.size());
        Instant sendableUntil = now.plus(this.minimumLeaseLeft);
        for (HandedOffMessage message : drained) {
            if (!message.leaseUntil().isBefore(sendableUntil)) {
                fresh.add(message.message());
            }
        }
        return fresh;
    }
}
