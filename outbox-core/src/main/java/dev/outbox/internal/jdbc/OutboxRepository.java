/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.sql.Types;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import javax.sql.DataSource;

import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.message.StoredMessage;
import dev.outbox.store.DatabaseType;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

/**
 * Reads and writes the outbox table. It decides nothing: the template and the dispatcher do.
 *
 * <p>Inserts join the caller's transaction. Claims and outcomes run in short transactions of their
 * own at READ COMMITTED, so that on MySQL a claim locks only the rows it takes and no gaps that a
 * writer would wait for.
 */
public final class OutboxRepository {

    private final ParsedOnceJdbcTemplate named;

    private final MessageStatements messages;

    private final ClaimStatements claims;

    private final DatabaseType dialect;

    private final JdbcStore store;

    private final DataSource dataSource;

    private final SkipLockedClaims skipLockedClaims;

    private final OptimisticClaims optimisticClaims;

    private final RunClaims runClaims;

    private final OutcomeWriter outcomes;

    /**
     * @param store the store whose outbox table this reads and writes
     */
    public OutboxRepository(JdbcStore store) {
        this.named = store.named();
        this.messages = store.statements().messages();
        this.claims = store.statements().claims();
        this.dialect = store.databaseType();
        this.store = store;
        this.dataSource = store.dataSource();
        DueWindows windows = new DueWindows(this.named, this.claims);
        this.skipLockedClaims = new SkipLockedClaims(this.named, store.readCommittedTransaction(), this.claims,
                windows);
        this.optimisticClaims = new OptimisticClaims(this.named, store.writeTransaction(), this.claims, windows);
        this.runClaims = new RunClaims(this.named, this.claims);
        this.outcomes = new OutcomeWriter(this.named, store.writeTransaction(), this.claims);
    }

    /**
     * @return the data source the outbox writes through; saves must run in a transaction on it
     */
    public DataSource dataSource() {
        return this.dataSource;
    }

    /**
     * @return the store whose outbox table this reads and writes
     */
    public JdbcStore store() {
        return this.store;
    }

    /**
     * @return whether the database, at its running version, can claim with SKIP LOCKED
     */
    public boolean supportsSkipLocked() {
        return this.dialect.supportsSkipLocked(this.dataSource);
    }

    /**
     * @return the database's dialect
     */
    public DatabaseType dialect() {
        return this.dialect;
    }

    /**
     * Inserts a message in the current transaction unless its key and type exist.
     *
     * @param message the validated message
     * @return the new row's id, or the existing row's id marked as a duplicate
     */
    public SaveResult insertUnlessExists(NewMessage message) {
        OptionalLong id = InsertUnlessExists.run(this.named, this.messages.insert, insertValues(message));
        return id.isPresent() ? new SaveResult(id.getAsLong(), false) : new SaveResult(existingId(message), true);
    }

    /**
     * Looks whether any row of the state is due, with one plain read and no transaction: what an
     * idle dispatcher asks before it opens a claim transaction.
     *
     * @param scope the topics to look at
     * @param state PENDING, or FAILED for the slow retry
     * @param now the current time
     * @return whether a claim would find a row
     */
    public boolean anyDue(ClaimScope scope, MessageState state, Instant now) {
        return !this.named.queryForList(this.claims.anyDue(scope), scope.bind(new MapSqlParameterSource()
                .addValue("state", state.name())
                .addValue("now", Timestamps.toColumn(now))
                .addValue("limit", 1))).isEmpty();
    }

    /**
     * Claims due rows with {@code FOR UPDATE SKIP LOCKED}: rows locked by another claimer are passed
     * over, so concurrent instances never wait for or fight over the same rows.
     *
     * @param scope the topics to claim from
     * @param state PENDING, or FAILED for the slow retry
     * @param limit the most rows to claim
     * @param now the current time
     * @param leaseUntil when the claimed rows become due again if their outcome is never written
     * @param after where the scan of due rows continues, or null to scan from the earliest
     * @return the claimed rows, and the position of the last
     */
    public Claim claimSkipLocked(ClaimScope scope, MessageState state, int limit, Instant now, Instant leaseUntil,
            @Nullable DuePosition after) {
        return this.skipLockedClaims.claim(scope, state, limit, now, leaseUntil, after);
    }

    /**
     * Locks due rows with {@code FOR UPDATE SKIP LOCKED} in the caller's transaction, without leasing them: they
     * are this instance's while the transaction holds their locks, and due again for every instance if it rolls
     * back. What the transaction writes to them is guarded by the versions returned.
     *
     * @param scope the topics to claim from
     * @param state PENDING, or FAILED for the slow retry
     * @param limit the most rows to lock
     * @param now the current time
     * @param after where the scan of due rows continues, or null to scan from the earliest
     * @return the locked rows, at the versions read, and the position of the last
     */
    public Claim lockSkipLocked(ClaimScope scope, MessageState state, int limit, Instant now,
            @Nullable DuePosition after) {
        return this.skipLockedClaims.lock(scope, state, limit, now, after);
    }

    /**
     * Reads, without leasing them, the runs that follow locked heads of ordering keys: each key's next due
     * PENDING rows in id order, up to the first row that holds the key or is not due. While a head stays
     * unsent, no claim takes the rows after it, so a transaction that holds the heads' locks may send them.
     *
     * @param heads rows locked in the caller's transaction; those with an ordering key head their keys
     * @param capacity the most rows to read in all, shared between the keys
     * @param now the current time
     * @return the rows read, at their versions, each key's in id order
     */
    public List<ClaimedMessage> readRuns(List<ClaimedMessage> heads, int capacity, Instant now) {
        return this.runClaims.read(heads, capacity, now).stream().flatMap(List::stream).toList();
    }

    /**
     * Leases rows, each only at the version it was read at, in the caller's transaction.
     *
     * @param rows rows this instance holds
     * @param now the current time
     * @param leaseUntil when they become due again if their outcome is never written
     * @return the rows leased, at their new versions, in the order given; a row that changed since it was read
     * is not
     */
    public List<ClaimedMessage> lease(List<ClaimedMessage> rows, Instant now, Instant leaseUntil) {
        if (rows.isEmpty()) {
            return List.of();
        }
        Set<Long> taken = this.runClaims.lease(rows, now, leaseUntil);
        return rows.stream().filter(row -> taken.contains(row.id()))
                .map(row -> row.withLockVersion(row.lockVersion() + 1)).toList();
    }

    /**
     * Claims due rows without locks: reads candidates, shuffles them so that concurrent instances
     * try different rows first, and takes each with an update guarded by its lock version.
     *
     * @param scope the topics to claim from
     * @param state PENDING, or FAILED for the slow retry
     * @param limit the most rows to claim
     * @param candidates how many due rows to read as candidates (at least {@code limit})
     * @param now the current time
     * @param leaseUntil when the claimed rows become due again if their outcome is never written
     * @return the rows this instance won, and how many it lost to other instances
     */
    public Claim claimOptimistic(ClaimScope scope, MessageState state, int limit, int candidates, Instant now,
            Instant leaseUntil) {
        return this.optimisticClaims.claim(scope, state, limit, candidates, now, leaseUntil);
    }

    /**
     * Claims the runs that follow claimed heads of ordering keys: each key's next due PENDING rows in id
     * order, up to the first row that holds the key (FAILED or SUSPENDED) or is not due.
     *
     * @param heads rows this instance just claimed; those with an ordering key head their keys
     * @param capacity the most rows to claim in all, shared between the keys
     * @param now the current time
     * @param leaseUntil when the claimed rows become due again if their outcome is never written
     * @return the rows claimed, each key's in id order
     */
    public List<ClaimedMessage> claimRuns(List<ClaimedMessage> heads, int capacity, Instant now, Instant leaseUntil) {
        return this.runClaims.claim(heads, capacity, now, leaseUntil);
    }

    /**
     * Reads which of the given messages may be sent now as far as their ordering keys go: those with
     * no unsent message of their key before them but those sent along with them. A plain read of the
     * latest committed state, outside any transaction.
     *
     * @param messages messages with an ordering key
     * @param sentAlong the messages going out in the same batch, in id order per key ({@code messages}
     * among them)
     * @return the ids of those that nothing else holds back
     */
    public Set<Long> withNothingEarlierUnsent(List<ClaimedMessage> messages, List<ClaimedMessage> sentAlong) {
        return new HashSet<>(this.named.queryForList(this.claims.withNothingEarlierUnsent(), new MapSqlParameterSource()
                .addValue("ids", messages.stream().map(ClaimedMessage::id).toList())
                .addValue("sentAlong", sentAlong.stream().map(ClaimedMessage::id).toList()), Long.class));
    }

    /**
     * Extends the leases of claimed rows whose sends are still running, in one statement; the rows keep their
     * lock versions, so the sends' outcomes are written as they would have been.
     *
     * @param messages rows leased to this instance
     * @param leaseUntil when they become due for other instances now
     * @return how many leases were extended: fewer when a lease had run out and another claim took its row
     */
    public int renewLeases(List<ClaimedMessage> messages, Instant leaseUntil) {
        if (messages.isEmpty()) {
            return 0;
        }
        return this.named.update(this.claims.renewLeases, new MapSqlParameterSource()
                .addValue("leaseUntil", Timestamps.toColumn(leaseUntil))
                .addValue("ids", messages.stream().map(ClaimedMessage::id).toList())
                .addValue("versions", messages.stream()
                        .map(message -> new Object[] { message.id(), message.lockVersion() }).toList()));
    }

    /**
     * Writes outcomes in one short transaction. An outcome whose row was re-claimed in the meantime
     * (its lock version moved on) is not written.
     *
     * @param outcomes the results of a batch of sends
     * @param now the current time
     * @return how many outcomes were written
     */
    public int complete(List<DeliveryOutcome> outcomes, Instant now) {
        return this.outcomes.complete(outcomes, now);
    }

    /**
     * Writes outcomes in the caller's transaction, as {@link #complete} does in one of its own.
     *
     * @param outcomes the results of sends
     * @param now the current time
     * @return how many outcomes were written
     */
    public int write(List<DeliveryOutcome> outcomes, Instant now) {
        return this.outcomes.write(outcomes, now);
    }

    /**
     * Marks a message CONSUMED if it is in one of the given states, in the caller's transaction if
     * there is one on the data source. Its lock version moves on, so an outcome of a send still in
     * flight is not written over it.
     *
     * @param type the message type
     * @param key the message key
     * @param from the states it may be in
     * @param now the current time
     * @return whether the row was marked
     */
    public boolean markConsumed(String type, String key, Set<MessageState> from, Instant now) {
        return this.named.update(this.messages.markConsumed, new MapSqlParameterSource()
                .addValue("now", Timestamps.toColumn(now))
                .addValue("key", key)
                .addValue("type", type)
                .addValue("from", from.stream().map(MessageState::name).toList())) > 0;
    }

    /**
     * Marks a claimed message CONSUMED if this instance still holds its lease, in the caller's
     * transaction if there is one on the data source, so that a consumer's own writes and the mark
     * commit or roll back together.
     *
     * @param id the row id
     * @param lockVersion the version the claim left on the row
     * @param deliveredBy what delivered it, recorded in place of a broker message id
     * @param attemptedAt when the delivery started
     * @param now the current time
     * @return whether the row was marked; false when its lease ran out and another claim took it
     */
    public boolean markConsumed(long id, long lockVersion, String deliveredBy, Instant attemptedAt, Instant now) {
        return this.named.update(this.messages.markConsumedById, new MapSqlParameterSource()
                .addValue("deliveredBy", deliveredBy)
                .addValue("attemptedAt", Timestamps.toColumn(attemptedAt))
                .addValue("now", Timestamps.toColumn(now))
                .addValue("id", id)
                .addValue("lockVersion", lockVersion)) > 0;
    }

    /**
     * @param type the message type
     * @param key the message key
     * @return the message's state as last committed (or written by the current transaction), if it exists
     */
    public Optional<MessageState> findState(String type, String key) {
        return this.named.queryForList(this.messages.findStateByKey, byKey(type, key), String.class).stream()
                .findFirst().map(MessageState::valueOf);
    }

    /**
     * @param id a row id
     * @return the row, if it exists
     */
    public Optional<StoredMessage> findById(long id) {
        return this.named.query(this.messages.findById, new MapSqlParameterSource("id", id), OutboxRows.STORED).stream()
                .findFirst();
    }

    private long existingId(NewMessage message) {
        Long id = this.named.queryForObject(this.messages.findIdByKey, byKey(message.type(), message.key()),
                Long.class);
        return Objects.requireNonNull(id, "the duplicate row vanished");
    }

    private static MapSqlParameterSource byKey(String type, String key) {
        return new MapSqlParameterSource().addValue("key", key).addValue("type", type);
    }

    private static MapSqlParameterSource insertValues(NewMessage message) {
        return new MapSqlParameterSource()
                .addValue("createdAt", Timestamps.toColumn(message.createdAt()))
                .addValue("key", message.key())
                .addValue("type", message.type())
                .addValue("topic", message.topic())
                .addValue("body", message.body())
                // Typed, so that a null does not make the driver describe the statement.
                .addValue("headers", message.headersJson(), Types.VARCHAR)
                .addValue("orderingKey", message.orderingKey(), Types.VARCHAR)
                .addValue("dueAt", Timestamps.toColumn(message.nextRetryAt()));
    }
}
