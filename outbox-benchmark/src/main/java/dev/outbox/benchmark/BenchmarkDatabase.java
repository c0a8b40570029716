/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.store.DatabaseType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The database under test: connection pools, the benchmark's tables, and bulk loads that prepare a
 * phase without going through the code being measured.
 */
final class BenchmarkDatabase implements AutoCloseable {

    /** The outbox table the library writes. */
    static final String OUTBOX_TABLE = "bench_outbox";

    /** The same table shape, written with plain INSERTs by the baselines. */
    static final String PLAIN_TABLE = "bench_plain";

    /** The secondary indexes of the outbox's table that a run may drop to measure their cost, by suffix. */
    static final List<String> DROPPABLE_INDEXES = List.of("ordering");

    /**
     * The lean baseline's table, as a user who writes an outbox by hand makes it: a primary key, a unique key on
     * the message key, one (status, id) index.
     */
    static final String LEAN_TABLE = "bench_lean";

    /** The business table each write transaction inserts into. */
    static final String ORDER_TABLE = "bench_order";

    private static final int ROWS_PER_INSERT = 500;

    private static final int ROWS_PER_LOAD_TRANSACTION = 10_000;

    private final DataSource driver;

    private final HikariDataSource adminPool;

    private final JdbcTemplate admin;

    private final DatabaseType dialect;

    BenchmarkDatabase(BenchmarkOptions options) {
        this.driver = options.user().isEmpty() ? new DriverManagerDataSource(options.url())
                : new DriverManagerDataSource(options.url(), options.user(), options.password());
        this.adminPool = pool("bench-admin", 2, new StatementCounter());
        this.admin = new JdbcTemplate(this.adminPool);
        this.dialect = DatabaseType.detect(this.adminPool);
    }

    DatabaseType dialect() {
        return this.dialect;
    }

    /**
     * @return "MariaDB 10.11.6" and the like
     */
    String productVersion() {
        return Objects.requireNonNull(this.admin.execute((Connection connection) -> connection.getMetaData()
                .getDatabaseProductName() + " " + connection.getMetaData().getDatabaseProductVersion()));
    }

    /**
     * @param name the pool's name, for its threads
     * @param size its most connections
     * @param counter counts what its connections execute
     * @return a pool over the database, as an application would configure one
     */
    HikariDataSource pool(String name, int size, StatementCounter counter) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(name);
        config.setDataSource(new CountingDataSource(this.driver, counter));
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        return new HikariDataSource(config);
    }

    /**
     * Drops and creates the benchmark's tables: the outbox and plain tables from the outbox's own migration scripts,
     * applied in their order (V1 the table, V3 the cleanup's index without the archive table, V4 the ordering index
     * with the state, V5 the cleanup's index dropped again, as the cleanup now reads the due index, V8 the column of
     * rows FAILED for good), so both have exactly the shipped shape and indexes; and the outbox's counter table of
     * sequenced messages and its switch table.
     */
    void recreateTables() {
        for (String table : List.of(OUTBOX_TABLE, OUTBOX_TABLE + "_sequence", OUTBOX_TABLE + "_switch", PLAIN_TABLE, ORDER_TABLE, LEAN_TABLE)) {
            this.admin.execute("DROP TABLE IF EXISTS " + table);
        }
        List<String> script = new ArrayList<>(statements(outboxMigration("V1__create_local_message.sql")));
        statements(outboxMigration("V3__cleanup_index_and_archive.sql")).stream()
                .filter(statement -> !statement.contains("${archive_table}")).forEach(script::add);
        script.addAll(statements(outboxMigration("V4__ordering_index_with_state.sql")));
        script.addAll(statements(outboxMigration("V5__cleanup_from_the_due_index.sql")));
        script.addAll(statements(outboxMigration("V8__failed_for_good.sql")));
        for (String table : List.of(OUTBOX_TABLE, PLAIN_TABLE)) {
            for (String statement : script) {
                this.admin.execute(statement.replace("${outbox_table}", table));
            }
        }
        // The counters of sequenced messages, for the outbox table only (not the inbox's positions).
        statements(outboxMigration("V6__key_sequences.sql")).stream()
                .filter(statement -> !statement.contains("${inbox_table}"))
                .forEach(statement -> this.admin.execute(statement.replace("${outbox_table}", OUTBOX_TABLE)));
        // The switches of message types, which every dispatcher reads once per poll interval.
        statements(outboxMigration("V7__route_switches.sql"))
                .forEach(statement -> this.admin.execute(statement.replace("${outbox_table}", OUTBOX_TABLE)));
        this.admin.execute("CREATE TABLE " + ORDER_TABLE + " (" + identityColumn() + ", customer VARCHAR(64) NOT NULL, "
                + "amount DECIMAL(12, 2) NOT NULL, created_at TIMESTAMP NOT NULL)");
        this.admin.execute("CREATE TABLE " + LEAN_TABLE + " (" + identityColumn() + ", message_key VARCHAR(128) NOT NULL, "
                + "topic VARCHAR(255) NOT NULL, message_body " + bodyType() + " NOT NULL, status SMALLINT NOT NULL, "
                + "created_at TIMESTAMP NOT NULL, CONSTRAINT uk_" + LEAN_TABLE + "_key UNIQUE (message_key))");
        this.admin.execute("CREATE INDEX idx_" + LEAN_TABLE + "_status ON " + LEAN_TABLE + " (status, id)");
    }

    /**
     * Loads PENDING rows into the lean table, as a backlog its drain claims.
     */
    void loadLeanDue(int rows, String keyPrefix) {
        LocalDateTime created = LocalDateTime.now(ZoneOffset.UTC).minusMinutes(1);
        Instant createdInstant = created.toInstant(ZoneOffset.UTC);
        insertRows("INSERT INTO " + LEAN_TABLE + " (message_key, topic, message_body, status, created_at) VALUES ",
                "(?, '" + Payloads.TOPIC + "', ?, " + LeanDrain.PENDING + ", ?)", rows, (insert, index, n) -> {
                    insert.setString(index++, Payloads.key(keyPrefix, n));
                    insert.setString(index++, Payloads.orderCreated(n, createdInstant));
                    insert.setObject(index++, created);
                    return index;
                });
    }


    /**
     * Drops secondary indexes of the outbox's table, for a run that measures what they cost.
     *
     * @param suffixes of {@link #DROPPABLE_INDEXES}
     */
    void dropOutboxIndexes(Collection<String> suffixes) {
        for (String suffix : suffixes) {
            String index = "idx_" + OUTBOX_TABLE + "_" + suffix;
            this.admin.execute((this.dialect == DatabaseType.MYSQL) ? "DROP INDEX " + index + " ON " + OUTBOX_TABLE
                    : "DROP INDEX " + index);
        }
    }

    boolean supportsSkipLocked() {
        return this.dialect.supportsSkipLocked(this.adminPool);
    }

    void truncate(String table) {
        this.admin.execute("TRUNCATE TABLE " + table);
    }

    /**
     * Loads due PENDING rows without an ordering key, as a backlog the dispatcher finds by claiming.
     */
    void loadDue(String table, int rows, String keyPrefix) {
        loadDue(table, rows, keyPrefix, OrderingKeys.NONE);
    }

    /**
     * Loads due PENDING rows, as a backlog the dispatcher finds by claiming. Row n is inserted after
     * row n - 1, so each ordering key's rows have increasing ids, as the application's saves would
     * have given them.
     */
    void loadDue(String table, int rows, String keyPrefix, OrderingKeys orderingKeys) {
        loadDue(table, rows, keyPrefix, orderingKeys, Payloads.TOPIC);
    }

    /**
     * Loads due PENDING rows of a topic, as {@link #loadDue(String, int, String, OrderingKeys)} does.
     */
    void loadDue(String table, int rows, String keyPrefix, OrderingKeys orderingKeys, String topic) {
        Instant now = Instant.now();
        load(table, rows, keyPrefix, orderingKeys, topic, "PENDING", now.minusSeconds(60), now.minusSeconds(60));
    }

    /**
     * Loads SENT rows saved a week ago, as a table that has been in use for a while.
     */
    void loadSent(String table, int rows, String keyPrefix) {
        Instant weekAgo = Instant.now().minus(Duration.ofDays(7));
        load(table, rows, keyPrefix, OrderingKeys.NONE, Payloads.TOPIC, "SENT", weekAgo, weekAgo);
    }

    /**
     * Brings a freshly loaded table to the steady state of a table in use: planner statistics
     * current, the load's pages written to disk, and on PostgreSQL vacuumed, so that a measurement
     * does not pay for the load's background work.
     */
    void settle(String table) {
        switch (this.dialect) {
            case POSTGRESQL -> {
                this.admin.execute("VACUUM ANALYZE " + table);
                this.admin.execute("CHECKPOINT");
            }
            case MYSQL -> {
                this.admin.execute("ANALYZE TABLE " + table);
                // FOR EXPORT writes the table's dirty pages out before it returns; the lock ends at once.
                this.admin.execute((Connection connection) -> {
                    try (Statement statement = connection.createStatement()) {
                        statement.execute("FLUSH TABLES " + table + " FOR EXPORT");
                        statement.execute("UNLOCK TABLES");
                    }
                    return null;
                });
            }
            case H2 -> this.admin.execute("ANALYZE TABLE " + table);
        }
    }

    long count(String table, String state) {
        return Objects.requireNonNull(this.admin.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE state = ?",
                Long.class, state));
    }

    long countSentWithKeyPrefix(String table, String prefix) {
        return Objects.requireNonNull(this.admin.queryForObject("SELECT COUNT(*) FROM " + table
                + " WHERE state = 'SENT' AND message_key LIKE ?", Long.class, prefix + "%"));
    }

    long sumRetryCounts(String table) {
        return Objects.requireNonNull(this.admin.queryForObject("SELECT COALESCE(SUM(retry_count), 0) FROM " + table,
                Long.class));
    }

    /**
     * @return how many rows of the table have a message key that starts with the prefix
     */
    long countKeys(String table, String prefix) {
        return Objects.requireNonNull(this.admin.queryForObject("SELECT COUNT(*) FROM " + table
                + " WHERE message_key LIKE ?", Long.class, prefix + "%"));
    }

    long countAll(String table) {
        return Objects.requireNonNull(this.admin.queryForObject("SELECT COUNT(*) FROM " + table, Long.class));
    }

    /**
     * @return the server's count of statements received from all clients (MariaDB and MySQL), which
     * also counts what a driver sends on its own
     */
    OptionalLong serverStatements() {
        if (this.dialect != DatabaseType.MYSQL) {
            return OptionalLong.empty();
        }
        return this.admin.query("SHOW GLOBAL STATUS LIKE 'Questions'",
                rs -> rs.next() ? OptionalLong.of(rs.getLong(2)) : OptionalLong.empty());
    }

    private void load(String table, int rows, String keyPrefix, OrderingKeys orderingKeys, String topic,
            String state, Instant createdAt, Instant nextRetryAt) {
        LocalDateTime created = LocalDateTime.ofInstant(createdAt, ZoneOffset.UTC);
        LocalDateTime due = LocalDateTime.ofInstant(nextRetryAt, ZoneOffset.UTC);
        insertRows("INSERT INTO " + table + " (gmt_create, gmt_modified, message_key, message_type, topic, "
                + "message_body, ordering_key, state, retry_count, next_retry_at, lock_version) VALUES ",
                "(?, ?, ?, '" + Payloads.TYPE + "', ?, ?, ?, '" + state + "', 0, ?, 0)", rows,
                (insert, index, n) -> {
                    insert.setObject(index++, created);
                    insert.setObject(index++, created);
                    insert.setString(index++, Payloads.key(keyPrefix, n));
                    insert.setString(index++, topic);
                    insert.setString(index++, Payloads.orderCreated(n, createdAt));
                    insert.setString(index++, orderingKeys.of(n));
                    insert.setObject(index++, due);
                    return index;
                });
    }

    /**
     * Inserts rows 0 to {@code rows - 1} in multi-row INSERTs, committing every
     * {@value #ROWS_PER_LOAD_TRANSACTION} rows.
     */
    private void insertRows(String insertInto, String row, int rows, RowBinder binder) {
        this.admin.execute((Connection connection) -> {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try {
                for (int start = 0; start < rows; start += ROWS_PER_INSERT) {
                    int count = Math.min(ROWS_PER_INSERT, rows - start);
                    try (PreparedStatement insert = connection.prepareStatement(
                            insertInto + String.join(", ", Collections.nCopies(count, row)))) {
                        int index = 1;
                        for (int n = start; n < start + count; n++) {
                            index = binder.bind(insert, index, n);
                        }
                        insert.executeUpdate();
                    }
                    if ((start + count) % ROWS_PER_LOAD_TRANSACTION == 0 || start + count == rows) {
                        connection.commit();
                    }
                }
            }
            finally {
                connection.setAutoCommit(autoCommit);
            }
            return null;
        });
    }

    /** Binds row n's parameters from a position, and returns the position after them. */
    @FunctionalInterface
    private interface RowBinder {

        int bind(PreparedStatement insert, int index, int n) throws SQLException;
    }

    /** The message body's column type, the one the outbox's own migration gives it. */
    private String bodyType() {
        return switch (this.dialect) {
            case MYSQL -> "MEDIUMTEXT";
            case POSTGRESQL -> "TEXT";
            case H2 -> "CHARACTER LARGE OBJECT";
        };
    }

    private String identityColumn() {
        return switch (this.dialect) {
            case MYSQL -> "id BIGINT AUTO_INCREMENT PRIMARY KEY";
            case POSTGRESQL, H2 -> "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY";
        };
    }

    private String outboxMigration(String file) {
        String location = this.dialect.schemaLocation().substring("classpath:".length());
        try (InputStream in = BenchmarkDatabase.class.getClassLoader().getResourceAsStream(location + "/" + file)) {
            if (in == null) {
                throw new IllegalStateException("the outbox migration is not on the class path under " + location);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new IllegalStateException("could not read the outbox migration", ex);
        }
    }

    private static List<String> statements(String script) {
        String withoutComments = script.lines().filter(line -> !line.strip().startsWith("--"))
                .reduce("", (text, line) -> text + line + "\n");
        return Arrays.stream(withoutComments.split(";")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    @Override
    public void close() {
        this.adminPool.close();
    }
}
