/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What a claim took.
 *
 * @param claimed the rows leased to this instance, in id order
 * @param lost the rows an optimistic claim tried for but another instance took first: the measure
 * of contention between instances (always 0 for the skip-locked claim, which passes over them)
 * @param last the due-index position of the last row a skip-locked claim took, from where the next
 * scan may continue; null when nothing was claimed
 */
public record Claim(List<ClaimedMessage> claimed, int lost, @Nullable DuePosition last) {

    private static final Claim NOTHING = new Claim(List.of(), 0, null);

    /**
     * @return a claim that found nothing due
     */
    public static Claim nothing() {
        return NOTHING;
    }
}
