/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.outbox.internal.jdbc.OutboxRows.DueRow;
import dev.outbox.message.MessageState;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * Claims the run of messages that follows each claimed head of an ordering key: its next PENDING
 * rows in id order, as long as they are due and nothing that holds the key (a FAILED or SUSPENDED
 * row) comes between.
 *
 * <p>No other instance can claim these rows while this one holds the head's lease: the claim query
 * passes over any row whose key has an earlier unsent row, and the head is one. So they are read
 * without locks and leased in one update guarded by the versions they were read at; a row that
 * changed meanwhile (an operator suspended it, a consumer marked it CONSUMED) ends its run there.
 */
final class RunClaims {

    private final NamedParameterJdbcTemplate jdbc;

    private final ClaimStatements statements;

    RunClaims(NamedParameterJdbcTemplate jdbc, ClaimStatements statements) {
        this.jdbc = jdbc;
        this.statements = statements;
    }

    /**
     * @param heads claimed rows; those with an ordering key are the heads of their keys
     * @param capacity the most rows to claim in all
     * @param now the current time
     * @param leaseUntil the lease of the claimed rows
     * @return the rows claimed after the heads, each key's in id order
     */
    List<ClaimedMessage> claim(List<ClaimedMessage> heads, int capacity, Instant now, Instant leaseUntil) {
        List<List<ClaimedMessage>> runs = read(heads, capacity, now);
        List<ClaimedMessage> tried = runs.stream().flatMap(List::stream).toList();
        if (tried.isEmpty()) {
            return List.of();
        }
        Set<Long> taken = lease(tried, now, leaseUntil);
        List<ClaimedMessage> claimed = new ArrayList<>(tried.size());
        for (List<ClaimedMessage> run : runs) {
            for (ClaimedMessage row : run) {
                if (!taken.contains(row.id())) {
                    // What follows a row taken from under the run stays leased, unsent, until its lease ends.
                    break;
                }
                claimed.add(row.withLockVersion(row.lockVersion() + 1));
            }
        }
        return claimed;
    }

    /**
     * @param heads rows locked or claimed; those with an ordering key are the heads of their keys
     * @param capacity the most rows to read in all
     * @param now the current time
     * @return the due rows after the heads, without leasing them, each key's run in id order
     */
    List<List<ClaimedMessage>> read(List<ClaimedMessage> heads, int capacity, Instant now) {
        Map<String, Long> headIds = new LinkedHashMap<>();
        heads.stream().filter(head -> head.orderingKey() != null).sorted(Comparator.comparingLong(ClaimedMessage::id))
                .forEach(head -> headIds.putIfAbsent(head.orderingKey(), head.id()));
        if (headIds.isEmpty() || capacity <= 0) {
            return List.of();
        }
        int perKey = Math.max(1, capacity / headIds.size());
        // A claimed head has no FAILED or SUSPENDED row of its key before it, so the key's lowest one ends its run.
        Map<String, Long> bounds = new HashMap<>();
        this.jdbc.query(this.statements.runBounds, new MapSqlParameterSource("keys", List.copyOf(headIds.keySet())),
                (ResultSet rs) -> {
                    bounds.put(rs.getString("ordering_key"), rs.getLong("blocked_from"));
                });
        MapSqlParameterSource branches = new MapSqlParameterSource("limit", perKey);
        int branch = 0;
        for (Map.Entry<String, Long> head : headIds.entrySet()) {
            branches.addValue("key_" + branch, head.getKey())
                    .addValue("headId_" + branch, head.getValue())
                    .addValue("blockedFrom_" + branch, bounds.getOrDefault(head.getKey(), Long.MAX_VALUE));
            branch++;
        }
        List<DueRow> followers = this.jdbc.query(this.statements.followers(headIds.size()), branches, OutboxRows.DUE)
                .stream().sorted(Comparator.comparingLong(row -> row.message().id())).toList();
        return dueRuns(followers, now, capacity);
    }

    /**
     * Leases the rows in one statement, each only at the version it was read at. Only if that took
     * fewer than all (a row changed since the read) does it read back which it took: those now one
     * version on and still PENDING, as nothing but this lease moves a follower of a held head so.
     */
    Set<Long> lease(List<ClaimedMessage> rows, Instant now, Instant leaseUntil) {
        List<Long> ids = rows.stream().map(ClaimedMessage::id).toList();
        MapSqlParameterSource lease = new MapSqlParameterSource()
                .addValue("leaseUntil", Timestamps.toColumn(leaseUntil))
                .addValue("now", Timestamps.toColumn(now))
                .addValue("ids", ids)
                .addValue("versions", rows.stream().map(row -> new Object[] { row.id(), row.lockVersion() }).toList());
        // One statement: atomic on its own, outside any transaction.
        if (this.jdbc.update(this.statements.leaseAtVersions, lease) == rows.size()) {
            return new HashSet<>(ids);
        }
        Map<Long, Long> readVersions = new HashMap<>();
        rows.forEach(row -> readVersions.put(row.id(), row.lockVersion()));
        Set<Long> taken = new HashSet<>();
        this.jdbc.query(this.statements.versions, new MapSqlParameterSource("ids", ids), (ResultSet rs) -> {
            long id = rs.getLong("id");
            if (rs.getLong("lock_version") == readVersions.get(id) + 1 && MessageState.PENDING.name().equals(rs.getString("state"))) {
                taken.add(id);
            }
        });
        return taken;
    }

    /** Each key's rows up to the first that is not due yet, and no more than the capacity in all. */
    private static List<List<ClaimedMessage>> dueRuns(List<DueRow> followers, Instant now, int capacity) {
        Map<String, List<ClaimedMessage>> runs = new LinkedHashMap<>();
        Set<String> ended = new HashSet<>();
        int total = 0;
        for (DueRow row : followers) {
            String key = row.message().orderingKey();
            if (total == capacity || ended.contains(key)) {
                continue;
            }
            if (row.position().dueAt().isAfter(now)) {
                ended.add(key);
                continue;
            }
            runs.computeIfAbsent(key, k -> new ArrayList<>()).add(row.message());
            total++;
        }
        return List.copyOf(runs.values());
    }
}
