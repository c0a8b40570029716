/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.outbox.message.MessageState;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * Reads the due index a window at a time, and picks from each window the rows a claim checks.
 *
 * <p>A due row whose ordering key has an earlier unsent row is not claimable, and a backlog of one
 * key is nearly all such rows. A claim that asked the database for its rows over the whole due range
 * would step over every one of them, each with its ordering check, to find the few it can take, and
 * would do so again on every claim. Instead a claim first reads a window of its next due rows (for
 * the skip-locked claim {@value #ROWS_PER_CLAIMED_ROW} per wanted row) with their ordering keys, a
 * plain read of the due index. Of those, only the rows without a key and the first row of each key
 * can be heads; the claim checks and takes those alone, so each key costs it one check, however
 * many of its rows wait (the runs that follow the heads are claimed apart). Only when the rows it
 * checked held nothing it could take, every row held back by its key or locked by another claim, does it
 * go on, after the last row those candidates stood for; rows lost to another instance's claim end the
 * claim as before.
 */
final class DueWindows {

    /** How many due rows the skip-locked claim looks at per row it wants. */
    static final int ROWS_PER_CLAIMED_ROW = 2;

    private final NamedParameterJdbcTemplate jdbc;

    private final ClaimStatements statements;

    DueWindows(NamedParameterJdbcTemplate jdbc, ClaimStatements statements) {
        this.jdbc = jdbc;
        this.statements = statements;
    }

    /**
     * Claims in one window after another until a claim takes rows or the due rows run out.
     *
     * @param scope the topics to claim from
     * @param state the state of the rows
     * @param now the current time
     * @param after where the scan starts, or null for the earliest due row
     * @param size how many due rows a window holds
     * @param candidates how many rows the candidates of a window may stand for: a candidate without a
     * key for itself, one with a key for its key's rows in the window
     * @param among the claim among the candidates of one window
     * @return the first claim that took rows, or the last one
     */
    Claim claim(ClaimScope scope, MessageState state, Instant now, @Nullable DuePosition after, int size,
            int candidates, ClaimAmong among) {
        DuePosition from = after;
        while (true) {
            MapSqlParameterSource parameters = scope.bind(new MapSqlParameterSource()
                    .addValue("state", state.name())
                    .addValue("now", Timestamps.toColumn(now))
                    .addValue("limit", size));
            if (from != null) {
                parameters.addValue("afterDueAt", Timestamps.toColumn(from.dueAt())).addValue("afterId", from.id());
            }
            List<WindowRow> window = this.jdbc.query(this.statements.window(scope, from != null), parameters,
                    (rs, rowNum) -> new WindowRow(rs.getLong("id"), rs.getString("ordering_key"),
                            OutboxRows.POSITION.mapRow(rs, rowNum)));
            if (window.isEmpty()) {
                return Claim.nothing();
            }
            Candidates picked = candidates(window, candidates);
            Claim claim = among.claim(picked.ids());
            // Rows lost to another instance are being taken: that claim has done its part.
            if (!claim.claimed().isEmpty() || claim.lost() > 0 || (window.size() < size && picked.coverAll())) {
                return claim;
            }
            // Not after the window's last row: the keys the limit left out of the candidates may have their
            // heads in the rest of the window, and a scan that stepped over them would never check them.
            from = picked.coveredUntil();
        }
    }

    /**
     * What the selects of due heads among a window's candidates ({@link ClaimStatements#selectDueHeads} and the
     * claims built on it) bind.
     *
     * @param candidates the ids of the window's rows that may head their keys
     * @param state the state of the rows to take
     * @param now the current time
     * @param limit the most heads to select
     * @return the parameters
     */
    static MapSqlParameterSource headsAmong(List<Long> candidates, MessageState state, Instant now, int limit) {
        return new MapSqlParameterSource()
                .addValue("candidates", candidates)
                .addValue("state", state.name())
                .addValue("now", Timestamps.toColumn(now))
                .addValue("limit", limit);
    }

    /**
     * The window's rows without an ordering key, and of each key its row with the lowest id, in due
     * order, until they and the rows of their keys in the window make up the claim's limit: so that the
     * keys a claim takes fill the batch with their runs rather than each with its head alone, and the
     * next claim, continuing after the last head, takes the next keys.
     */
    private static Candidates candidates(List<WindowRow> window, int limit) {
        Map<String, Long> lowestIds = new HashMap<>();
        Map<String, Integer> rows = new HashMap<>();
        for (WindowRow row : window) {
            if (row.orderingKey() != null) {
                lowestIds.merge(row.orderingKey(), row.id(), Math::min);
                rows.merge(row.orderingKey(), 1, Integer::sum);
            }
        }
        List<Long> candidates = new ArrayList<>(window.size());
        int taken = 0;
        int covered = 0;
        for (WindowRow row : window) {
            if (taken >= limit) {
                break;
            }
            if (row.orderingKey() == null) {
                candidates.add(row.id());
                taken++;
            }
            else if (lowestIds.get(row.orderingKey()) == row.id()) {
                candidates.add(row.id());
                taken += rows.get(row.orderingKey());
            }
            covered++;
        }
        return new Candidates(candidates, window.get(covered - 1).position(), covered == window.size());
    }

    /**
     * The rows of a window a claim checks.
     *
     * @param ids the ids of the rows that may be heads of their keys
     * @param coveredUntil the position of the last row of the window that the candidates stand for
     * @param coverAll whether they stand for the whole window
     */
    private record Candidates(List<Long> ids, DuePosition coveredUntil, boolean coverAll) {
    }

    /**
     * A due row as the window read it.
     *
     * @param id the row id
     * @param orderingKey its ordering key, or null
     * @param position its place in the due index
     */
    private record WindowRow(long id, @Nullable String orderingKey, DuePosition position) {
    }

    /**
     * A claim among the candidates of one window.
     */
    @FunctionalInterface
    interface ClaimAmong {

        /**
         * @param candidates the ids of the rows that may be heads of their keys
         * @return what the claim took
         */
        Claim claim(List<Long> candidates);
    }
}
