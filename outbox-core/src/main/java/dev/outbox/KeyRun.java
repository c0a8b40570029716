/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;

import dev.outbox.internal.jdbc.ClaimedMessage;

/**
 * The messages of a batch that must be delivered one after another: an ordering key's messages in id
 * order, or a message without a key on its own. Its messages are started in segments: the next
 * message, and those after it that may be in flight with it. A run stops at the first segment that
 * did not succeed entirely; what is left of it is not attempted in this batch.
 */
final class KeyRun {

    /** Positions in the batch, in id order. */
    private final List<Integer> positions;

    private int next;

    private int segmentEnd;

    private KeyRun(List<Integer> positions) {
        this.positions = positions;
    }

    /**
     * @param batch claimed rows, in id order within each ordering key
     * @return the batch's runs
     */
    static List<KeyRun> of(List<ClaimedMessage> batch) {
        Map<String, List<Integer>> byKey = new LinkedHashMap<>();
        List<KeyRun> runs = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            String key = batch.get(i).orderingKey();
            if (key == null) {
                runs.add(new KeyRun(List.of(i)));
            }
            else {
                byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
            }
        }
        byKey.values().forEach(positions -> {
            positions.sort((a, b) -> Long.compare(batch.get(a).id(), batch.get(b).id()));
            runs.add(new KeyRun(positions));
        });
        return runs;
    }

    /**
     * @return the run's positions in the batch, in id order
     */
    List<Integer> positions() {
        return this.positions;
    }

    /**
     * @param batch the batch the run is of
     * @param pipelines whether a message may be started while the one before it is unconfirmed
     * @return the positions of the next segment: the next message and those that may follow it at once
     */
    List<Integer> startSegment(List<ClaimedMessage> batch, BiPredicate<ClaimedMessage, ClaimedMessage> pipelines) {
        int end = this.next + 1;
        while (end < this.positions.size()
                && pipelines.test(batch.get(this.positions.get(end - 1)), batch.get(this.positions.get(end)))) {
            end++;
        }
        this.segmentEnd = end;
        return this.positions.subList(this.next, end);
    }

    /**
     * Moves on past the segment if all of it was started and confirmed.
     *
     * @param sends the sends of the batch, by position; null for a message not started
     * @return whether the run has more to start
     */
    boolean advance(List<CompletableFuture<Confirmation>> sends) {
        for (int i = this.next; i < this.segmentEnd; i++) {
            CompletableFuture<Confirmation> send = sends.get(this.positions.get(i));
            if (send == null || !send.isDone() || send.isCompletedExceptionally()) {
                return false;
            }
        }
        this.next = this.segmentEnd;
        return this.next < this.positions.size();
    }
}
