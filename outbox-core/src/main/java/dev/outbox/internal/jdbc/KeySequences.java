/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Objects;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * Reads and writes the outbox's per-key counters, in the caller's transaction: the number of a sequenced
 * message. It decides nothing: {@code dev.outbox.OutboxTemplate} does.
 *
 * <p>Taking a number locks the key's counter until the transaction ends, so saves of one key wait for each
 * other: a rolled-back save gives its number back with its rollback, and the numbers of committed messages are
 * contiguous and follow their ids.
 */
public final class KeySequences {

    private final NamedParameterJdbcTemplate jdbc;

    private final SequenceStatements statements;

    /**
     * @param store the store whose outbox's counters these are
     */
    public KeySequences(JdbcStore store) {
        this.jdbc = store.named();
        this.statements = store.statements().sequences();
    }

    /**
     * Takes the key's next number in the current transaction, which then holds the key's counter until it ends.
     *
     * @param orderingKey the validated ordering key
     * @return the number: 1 for the key's first message
     */
    public long next(String orderingKey) {
        MapSqlParameterSource key = new MapSqlParameterSource("orderingKey", orderingKey);
        if (this.statements.read == null) {
            return Objects.requireNonNull(this.jdbc.queryForObject(this.statements.next, key, Long.class));
        }
        this.jdbc.update(this.statements.next, key);
        return Objects.requireNonNull(this.jdbc.queryForObject(this.statements.read, key, Long.class));
    }

    /**
     * Gives back the number {@link #next} took in this transaction, for a message that was not saved after all
     * (a duplicate): the transaction still holds the counter, so no one has taken a later number.
     *
     * @param orderingKey the ordering key
     * @param sequence the number taken
     */
    public void giveBack(String orderingKey, long sequence) {
        this.jdbc.update(this.statements.giveBack, new MapSqlParameterSource("orderingKey", orderingKey)
                .addValue("sequence", sequence));
    }
}
