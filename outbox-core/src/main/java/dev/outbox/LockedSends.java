/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.outbox.internal.jdbc.ClaimedMessage;
import org.jspecify.annotations.Nullable;

/**
 * What a locked round sent while its rows were locked.
 *
 * @param settled the rows whose outcome is known: their sends ended, or they were not attempted behind a failure
 * of their key
 * @param settledSends their sends, by position; null for a row not attempted
 * @param leased the rows that go on as leased rows: sends still running, and runs not sent in the window
 * @param sends every send, by position in the batch
 * @param batch the batch
 * @param attemptedAt when the sends started
 * @param deadlineNanos the {@link System#nanoTime()} at which the send timeout of the round ends
 */
record LockedSends(List<ClaimedMessage> settled, List<CompletableFuture<Confirmation>> settledSends,
        List<ClaimedMessage> leased, List<CompletableFuture<Confirmation>> sends, List<ClaimedMessage> batch,
        Instant attemptedAt, long deadlineNanos) {

    /**
     * @param id a row of the batch
     * @return its send, or null when it was not started
     */
    @Nullable CompletableFuture<Confirmation> sendOf(long id) {
        for (int i = 0; i < this.batch.size(); i++) {
            if (this.batch.get(i).id() == id) {
                return this.sends.get(i);
            }
        }
        return null;
    }
}
