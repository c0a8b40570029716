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
 * can be heads: the {@link Candidates}. A row without a key needs no ordering check and is taken by id;
 * the claim checks the keyed ones alone, so each key costs it one check, however many of its rows wait
 * (the runs that follow the heads are claimed apart).
 *
 * <p>The candidates of one step stand for as many of the window's rows as the claim wants. When a step
 * took nothing, every row held back by its key or locked by another instance's claim, the next step takes
 * the next candidates from the rest of the same window, and only a window gone through without a row taken
 * makes the claim read the next one, after it. Instances that claim at the same moment read the same window;
 * the later ones find the first rows locked and go on to the rest of it, instead of each reading the due index
 * again from the same place. Rows lost to another instance's optimistic claim end the claim as before.
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
     * Claims among the candidates of one window after another until a claim takes rows or the due rows run out.
     *
     * @param scope the topics to claim from
     * @param state the state of the rows
     * @param now the current time
     * @param after where the scan starts, or null for the earliest due row
     * @param size how many due rows a window holds
     * @param candidates how many rows the candidates of a step may stand for: a candidate without a
     * key for itself, one with a key for its key's rows in the window
     * @param among the claim among the candidates of one step
     * @return the first claim that took rows, or the last one
     */
    Claim claim(ClaimScope scope, MessageState state, Instant now, @Nullable DuePosition after, int size,
            int candidates, ClaimAmong among) {
        DuePosition from = after;
        while (true) {
            Window window = new Window(read(scope, state, now, from, size));
            Claim claim = Claim.nothing();
            int next = 0;
            while (next < window.size()) {
                Step step = window.candidatesFrom(next, candidates);
                claim = among.claim(step.candidates());
                // Rows lost to another instance are being taken: that claim has done its part.
                if (!claim.claimed().isEmpty() || claim.lost() > 0) {
                    return claim;
                }
                next = step.end();
            }
            if (window.size() < size) {
                return claim;
            }
            from = window.last();
        }
    }

    private List<WindowRow> read(ClaimScope scope, MessageState state, Instant now, @Nullable DuePosition from,
            int size) {
        MapSqlParameterSource parameters = scope.bind(new MapSqlParameterSource()
                .addValue("state", state.name())
                .addValue("now", Timestamps.toColumn(now))
                .addValue("limit", size));
        if (from != null) {
            parameters.addValue("afterDueAt", Timestamps.toColumn(from.dueAt())).addValue("afterId", from.id());
        }
        return this.jdbc.query(this.statements.window(scope, from != null), parameters,
                (rs, rowNum) -> new WindowRow(rs.getLong("id"), rs.getString("ordering_key"),
                        OutboxRows.POSITION.mapRow(rs, rowNum)));
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
     * The rows of a window that a claim checks in one step.
     *
     * @param unkeyed the ids of rows without an ordering key, in due order
     * @param keyed the ids of rows that have one and may head their keys, in due order
     */
    record Candidates(List<Long> unkeyed, List<Long> keyed) {

        /**
         * @return every candidate's id, those without a key first
         */
        List<Long> all() {
            List<Long> all = new ArrayList<>(this.unkeyed.size() + this.keyed.size());
            all.addAll(this.unkeyed);
            all.addAll(this.keyed);
            return all;
        }
    }

    /**
     * A window's candidates for one step.
     *
     * @param candidates the rows to check
     * @param end the index in the window of the first row after those they stand for
     */
    private record Step(Candidates candidates, int end) {
    }

    /** The rows of one window, with the lowest id and the count of rows of each ordering key among them. */
    private static final class Window {

        private final List<WindowRow> rows;

        private final Map<String, Long> lowestIds = new HashMap<>();

        private final Map<String, Integer> rowsPerKey = new HashMap<>();

        Window(List<WindowRow> rows) {
            this.rows = rows;
            for (WindowRow row : rows) {
                if (row.orderingKey() != null) {
                    this.lowestIds.merge(row.orderingKey(), row.id(), Math::min);
                    this.rowsPerKey.merge(row.orderingKey(), 1, Integer::sum);
                }
            }
        }

        int size() {
            return this.rows.size();
        }

        DuePosition last() {
            return this.rows.get(this.rows.size() - 1).position();
        }

        /**
         * The rows from a given one on without an ordering key, and of each key its row with the lowest id in the
         * window, in due order, until they and the rows of their keys in the window make up the claim's limit: so
         * that the keys a claim takes fill the batch with their runs rather than each with its head alone, and the
         * next claim, continuing after the last head, takes the next keys.
         */
        Step candidatesFrom(int start, int limit) {
            List<Long> unkeyed = new ArrayList<>();
            List<Long> keyed = new ArrayList<>();
            int taken = 0;
            int end = start;
            while (end < this.rows.size() && taken < limit) {
                WindowRow row = this.rows.get(end);
                if (row.orderingKey() == null) {
                    unkeyed.add(row.id());
                    taken++;
                }
                else if (this.lowestIds.get(row.orderingKey()) == row.id()) {
                    keyed.add(row.id());
                    taken += this.rowsPerKey.get(row.orderingKey());
                }
                end++;
            }
            return new Step(new Candidates(unkeyed, keyed), end);
        }
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
     * A claim among the candidates of one step.
     */
    @FunctionalInterface
    interface ClaimAmong {

        /**
         * @param candidates the rows that may be heads of their keys
         * @return what the claim took
         */
        Claim claim(Candidates candidates);
    }
}
