package dev.outbox.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import javax.sql.DataSource;

import dev.outbox.MessageState;
import dev.outbox.SaveResult;
import dev.outbox.StoredMessage;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads and writes the outbox table. It decides nothing: the template and the dispatcher do.
 *
 * <p>Inserts join the caller's transaction. Claims and outcomes run in short transactions of their
 * own at READ COMMITTED, so that on MySQL a claim locks only the rows it takes and no gaps that a
 * writer would wait for.
 */
public final class OutboxRepository {

    /** Keeps statements well within every driver's limit of bound parameters. */
    private static final int MAX_ROWS_PER_STATEMENT = 500;

    private static final RowMapper<DueRow> DUE_ROW = (rs, rowNum) -> new DueRow(mapClaimed(rs),
            new DuePosition(Objects.requireNonNull(Timestamps.fromColumn(rs.getObject("due_at", LocalDateTime.class))),
                    rs.getLong("id")));

    private static final RowMapper<ClaimedMessage> CLAIMED = (rs, rowNum) -> mapClaimed(rs);

    private final JdbcTemplate jdbc;

    /** For the SKIP LOCKED claim, the one locking read: READ COMMITTED locks rows but no gaps. */
    private final TransactionTemplate claimTransaction;

    /** For writes by primary key, which lock only their rows under any isolation. */
    private final TransactionTemplate writeTransaction;

    private final OutboxSql sql;

    private final DatabaseDialect dialect;

    private final DataSource dataSource;

    /** Whether the data source's connections run at READ COMMITTED unless told otherwise; read once. */
    private volatile @Nullable Boolean readCommittedByDefault;

    /**
     * @param dataSource the data source the application's transactions use
     * @param dialect the database's dialect
     * @param tableName the outbox table
     */
    public OutboxRepository(DataSource dataSource, DatabaseDialect dialect, TableName tableName) {
        this.jdbc = new JdbcTemplate(dataSource);
        DataSourceTransactionManager transactionManager = new DataSourceTransactionManager(dataSource);
        this.writeTransaction = new TransactionTemplate(transactionManager);
        this.writeTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.claimTransaction = new TransactionTemplate(transactionManager, this.writeTransaction);
        this.claimTransaction.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
        this.sql = new OutboxSql(tableName, dialect);
        this.dialect = dialect;
        this.dataSource = dataSource;
    }

    /**
     * @return the data source the outbox writes through; saves must run in a transaction on it
     */
    public DataSource dataSource() {
        return this.dataSource;
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
    public DatabaseDialect dialect() {
        return this.dialect;
    }

    /**
     * Inserts a message in the current transaction unless its key and type exist.
     *
     * @param message the validated message
     * @return the new row's id, or the existing row's id marked as a duplicate
     */
    public SaveResult insertUnlessExists(NewMessage message) {
        KeyHolder keys = new GeneratedKeyHolder();
        try {
            this.jdbc.update(connection -> {
                PreparedStatement insert = connection.prepareStatement(this.sql.insert, new String[] { "id" });
                bindInsert(insert, message);
                return insert;
            }, keys);
        }
        catch (DuplicateKeyException ex) {
            // Only on databases without an insert-unless-exists form (H2), where the failed statement
            // leaves the transaction usable.
            return new SaveResult(existingId(message), true);
        }
        // MySQL's drivers report an updated row count for a duplicate too (found rows), so the
        // absence of a generated key is what tells a duplicate apart.
        Number id = keys.getKeyList().isEmpty() ? null : keys.getKey();
        return (id != null) ? new SaveResult(id.longValue(), false) : new SaveResult(existingId(message), true);
    }

    /**
     * Looks whether any row of the state is due, with one plain read and no transaction: what an
     * idle dispatcher asks before it opens a claim transaction.
     *
     * @param state PENDING, or FAILED for the slow retry
     * @param now the current time
     * @return whether a claim would find a row
     */
    public boolean anyDue(MessageState state, Instant now) {
        return !this.jdbc.queryForList(this.sql.selectDueCandidates, state.name(), Timestamps.toColumn(now), 1).isEmpty();
    }

    /**
     * Claims due rows with {@code FOR UPDATE SKIP LOCKED}: rows locked by another claimer are passed
     * over, so concurrent instances never wait for or fight over the same rows.
     *
     * @param state PENDING, or FAILED for the slow retry
     * @param limit the most rows to claim
     * @param now the current time
     * @param leaseUntil when the claimed rows become due again if their outcome is never written
     * @param after where the scan of due rows continues, or null to scan from the earliest
     * @return the claimed rows, and the position of the last
     */
    public Claim claimSkipLocked(MessageState state, int limit, Instant now, Instant leaseUntil,
            @Nullable DuePosition after) {
        List<Object> dueArguments = dueArguments(state, now, after, limit);
        List<DueRow> rows = this.dialect.claimsInOneStatement()
                ? claimInOneStatement(dueArguments, now, leaseUntil, after)
                : Objects.requireNonNull(this.claimTransaction.execute(tx -> lockAndLease(dueArguments, now,
                        leaseUntil, after)));
        if (rows.isEmpty()) {
            return Claim.nothing();
        }
        List<ClaimedMessage> claimed = rows.stream().map(DueRow::message)
                .sorted(Comparator.comparingLong(ClaimedMessage::id)).toList();
        DuePosition last = rows.stream().map(DueRow::position).max(Comparator.naturalOrder()).orElseThrow();
        return new Claim(claimed, 0, last);
    }

    private List<DueRow> lockAndLease(List<Object> dueArguments, Instant now, Instant leaseUntil,
            @Nullable DuePosition after) {
        String select = (after != null) ? this.sql.selectDueForUpdateSkipLockedAfter
                : this.sql.selectDueForUpdateSkipLocked;
        List<DueRow> locked = this.jdbc.query(select, DUE_ROW, dueArguments.toArray());
        if (locked.isEmpty()) {
            return locked;
        }
        List<Object> arguments = new ArrayList<>(locked.size() + 2);
        arguments.add(Timestamps.toColumn(leaseUntil));
        arguments.add(Timestamps.toColumn(now));
        locked.forEach(row -> arguments.add(row.message().id()));
        this.jdbc.update(this.sql.leaseLockedRows(locked.size()), arguments.toArray());
        // The lease moved the version one step on; the outcome must find it there.
        return locked.stream().map(row -> new DueRow(row.message().withLockVersion(row.message().lockVersion() + 1),
                row.position())).toList();
    }

    private List<DueRow> claimInOneStatement(List<Object> dueArguments, Instant now, Instant leaseUntil,
            @Nullable DuePosition after) {
        String claim = (after != null) ? this.sql.claimDueReturningAfter : this.sql.claimDueReturning;
        List<Object> arguments = new ArrayList<>(dueArguments);
        arguments.add(Timestamps.toColumn(leaseUntil));
        arguments.add(Timestamps.toColumn(now));
        // One statement is its own transaction; only a stricter default isolation needs one of READ COMMITTED.
        return readCommittedByDefault() ? this.jdbc.query(claim, DUE_ROW, arguments.toArray())
                : Objects.requireNonNull(this.claimTransaction.execute(
                        tx -> this.jdbc.query(claim, DUE_ROW, arguments.toArray())));
    }

    private List<Object> dueArguments(MessageState state, Instant now, @Nullable DuePosition after, int limit) {
        List<Object> arguments = new ArrayList<>(6);
        arguments.add(state.name());
        arguments.add(Timestamps.toColumn(now));
        if (after != null) {
            arguments.addAll(this.dialect.positionArguments(after));
        }
        arguments.add(limit);
        return arguments;
    }

    private boolean readCommittedByDefault() {
        Boolean readCommitted = this.readCommittedByDefault;
        if (readCommitted == null) {
            readCommitted = Objects.requireNonNull(this.jdbc.execute((Connection connection) ->
                    connection.getTransactionIsolation() == Connection.TRANSACTION_READ_COMMITTED));
            this.readCommittedByDefault = readCommitted;
        }
        return readCommitted;
    }

    /**
     * Claims due rows without locks: reads candidates, shuffles them so that concurrent instances
     * try different rows first, and takes each with an update guarded by its lock version.
     *
     * @param state PENDING, or FAILED for the slow retry
     * @param limit the most rows to claim
     * @param candidates how many due rows to read as candidates (at least {@code limit})
     * @param now the current time
     * @param leaseUntil when the claimed rows become due again if their outcome is never written
     * @return the rows this instance won, and how many it lost to other instances
     */
    public Claim claimOptimistic(MessageState state, int limit, int candidates, Instant now,
            Instant leaseUntil) {
        List<long[]> due = new ArrayList<>(this.jdbc.query(this.sql.selectDueCandidates,
                (rs, rowNum) -> new long[] { rs.getLong(1), rs.getLong(2) }, state.name(), Timestamps.toColumn(now),
                Math.max(limit, candidates)));
        if (due.isEmpty()) {
            return Claim.nothing();
        }
        // Shuffled so that concurrent instances go for different rows; then taken in id order, so that
        // two claims that do overlap lock their rows in the same order and cannot deadlock.
        Collections.shuffle(due);
        List<long[]> tried = new ArrayList<>(due.subList(0, Math.min(limit, due.size())));
        tried.sort(Comparator.comparingLong(candidate -> candidate[0]));
        LocalDateTime lease = Timestamps.toColumn(leaseUntil);
        LocalDateTime modified = Timestamps.toColumn(now);
        List<Object> won = Objects.requireNonNull(this.writeTransaction.execute(tx -> {
            int[][] counts = this.jdbc.batchUpdate(this.sql.claimCandidate, tried, tried.size(), (ps, candidate) -> {
                ps.setObject(1, lease);
                ps.setObject(2, modified);
                ps.setLong(3, candidate[0]);
                ps.setLong(4, candidate[1]);
            });
            return wonCandidates(tried, counts);
        }));
        // Read after the commit, so that other instances wait for the claim's row locks no longer than
        // the updates take; from the commit on, the lease keeps the won rows for this instance.
        List<ClaimedMessage> claimed = won.isEmpty() ? List.of()
                : this.jdbc.query(this.sql.selectClaimedRows(won.size()), CLAIMED, won.toArray());
        return new Claim(claimed, tried.size() - won.size(), null);
    }

    private static List<Object> wonCandidates(List<long[]> tried, int[][] counts) {
        List<Object> won = new ArrayList<>();
        int index = 0;
        for (int[] batch : counts) {
            for (int count : batch) {
                if (count == Statement.SUCCESS_NO_INFO) {
                    throw new IllegalStateException("The JDBC driver does not report a count per batched "
                            + "update (rewriteBatchedStatements?), so the optimistic claim cannot tell which "
                            + "rows it won; use the skip-locked claim or a URL without batch rewriting");
                }
                if (count == 1) {
                    won.add(tried.get(index)[0]);
                }
                index++;
            }
        }
        return won;
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
        List<DeliveryOutcome.Sent> sent = new ArrayList<>();
        List<DeliveryOutcome.Failed> failed = new ArrayList<>();
        for (DeliveryOutcome outcome : outcomes) {
            if (outcome instanceof DeliveryOutcome.Sent s) {
                sent.add(s);
            }
            else if (outcome instanceof DeliveryOutcome.Failed f) {
                failed.add(f);
            }
        }
        LocalDateTime modified = Timestamps.toColumn(now);
        Integer written = this.writeTransaction.execute(tx -> markSent(sent, modified) + markFailed(failed, modified));
        return (written != null) ? written : 0;
    }

    private int markSent(List<DeliveryOutcome.Sent> sent, LocalDateTime modified) {
        // Rows of a batch nearly always share their lock version and attempt time, so this is one
        // statement per batch, rarely two.
        Map<SentGroup, List<DeliveryOutcome.Sent>> groups = new LinkedHashMap<>();
        for (DeliveryOutcome.Sent s : sent) {
            groups.computeIfAbsent(new SentGroup(s.lockVersion(), s.attemptedAt()), group -> new ArrayList<>()).add(s);
        }
        int written = 0;
        for (Map.Entry<SentGroup, List<DeliveryOutcome.Sent>> group : groups.entrySet()) {
            List<DeliveryOutcome.Sent> rows = group.getValue();
            for (int start = 0; start < rows.size(); start += MAX_ROWS_PER_STATEMENT) {
                written += markSent(group.getKey(), rows.subList(start, Math.min(rows.size(),
                        start + MAX_ROWS_PER_STATEMENT)), modified);
            }
        }
        return written;
    }

    private int markSent(SentGroup group, List<DeliveryOutcome.Sent> rows, LocalDateTime modified) {
        List<Object> arguments = new ArrayList<>(rows.size() * 3 + 3);
        for (DeliveryOutcome.Sent s : rows) {
            arguments.add(s.id());
            arguments.add(s.brokerMessageId());
        }
        arguments.add(Timestamps.toColumn(group.attemptedAt()));
        arguments.add(modified);
        arguments.add(group.lockVersion());
        rows.forEach(s -> arguments.add(s.id()));
        return this.jdbc.update(this.sql.markSent(rows.size()), arguments.toArray());
    }

    private int markFailed(List<DeliveryOutcome.Failed> failed, LocalDateTime modified) {
        if (failed.isEmpty()) {
            return 0;
        }
        int[][] counts = this.jdbc.batchUpdate(this.sql.markFailed, failed, failed.size(), (ps, f) -> {
            ps.setString(1, f.state().name());
            ps.setInt(2, f.retryCount());
            ps.setString(3, f.failReason());
            ps.setObject(4, Timestamps.toColumn(f.nextRetryAt()));
            ps.setObject(5, Timestamps.toColumn(f.attemptedAt()));
            ps.setObject(6, modified);
            ps.setLong(7, f.id());
            ps.setLong(8, f.lockVersion());
        });
        return countWritten(counts, failed.size());
    }

    /**
     * @param id a row id
     * @return the row, if it exists
     */
    public Optional<StoredMessage> findById(long id) {
        return this.jdbc.query(this.sql.findById, OutboxRepository::mapStored, id).stream().findFirst();
    }

    private long existingId(NewMessage message) {
        Long id = this.jdbc.queryForObject(this.sql.findIdByKey, Long.class, message.key(), message.type());
        return Objects.requireNonNull(id, "the duplicate row vanished");
    }

    private static void bindInsert(PreparedStatement insert, NewMessage message) throws SQLException {
        LocalDateTime created = Timestamps.toColumn(message.createdAt());
        insert.setObject(1, created);
        insert.setObject(2, created);
        insert.setString(3, message.key());
        insert.setString(4, message.type());
        insert.setString(5, message.topic());
        insert.setString(6, message.body());
        setNullableString(insert, 7, message.headersJson());
        setNullableString(insert, 8, message.orderingKey());
        insert.setObject(9, Timestamps.toColumn(message.nextRetryAt()));
    }

    private static void setNullableString(PreparedStatement statement, int index, String value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.VARCHAR);
        }
        else {
            statement.setString(index, value);
        }
    }

    /** A claimed row and its place in the scan order of due rows. */
    private record DueRow(ClaimedMessage message, DuePosition position) {
    }

    /** Confirmed rows that one statement can mark SENT together. */
    private record SentGroup(long lockVersion, Instant attemptedAt) {
    }

    private static int countWritten(int[][] counts, int expected) {
        int written = 0;
        for (int[] batch : counts) {
            for (int count : batch) {
                // A driver that rewrites batches reports SUCCESS_NO_INFO; the guard still held.
                written += (count == Statement.SUCCESS_NO_INFO) ? 1 : count;
            }
        }
        return Math.min(written, expected);
    }

    private static ClaimedMessage mapClaimed(ResultSet rs) throws SQLException {
        return new ClaimedMessage(rs.getLong("id"), rs.getLong("lock_version"), rs.getString("message_key"),
                rs.getString("message_type"), rs.getString("topic"), rs.getString("ordering_key"),
                HeadersCodec.decode(rs.getString("headers")), rs.getString("message_body"), rs.getInt("retry_count"),
                MessageState.valueOf(rs.getString("state")));
    }

    private static StoredMessage mapStored(ResultSet rs, int rowNum) throws SQLException {
        return new StoredMessage(rs.getLong("id"), rs.getString("message_key"), rs.getString("message_type"),
                rs.getString("topic"), rs.getString("ordering_key"), HeadersCodec.decode(rs.getString("headers")),
                rs.getString("message_body"), MessageState.valueOf(rs.getString("state")), rs.getInt("retry_count"),
                instant(rs, "next_retry_at"), Timestamps.fromColumn(rs.getObject("last_retry_time", LocalDateTime.class)),
                rs.getString("message_id"), rs.getString("fail_reason"), instant(rs, "gmt_create"),
                instant(rs, "gmt_modified"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return Objects.requireNonNull(Timestamps.fromColumn(rs.getObject(column, LocalDateTime.class)), column);
    }
}
