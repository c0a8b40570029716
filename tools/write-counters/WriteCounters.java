/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What one write transaction of benchmark phase W costs the database server, read from the server's own counters:
 * the outbox's save through the library, the same-shape baseline's plain INSERT and the lean baseline's INSERT,
 * each after the same business row, on one connection. Per transaction: the JDBC calls the client made (counted
 * under the pool), the writing thread's CPU time and the server's, on MariaDB the session's statement and handler
 * counters and the redo log written, on PostgreSQL the WAL records of the transactions themselves (pg_walinspect),
 * by type.
 *
 * <p>Usage: {@code java -cp outbox-benchmark/target/outbox-benchmark.jar tools/write-counters/WriteCounters.java
 * JDBC_URL [TRANSACTIONS [REPEATS]]}, against a database where {@code --phases=W} ran once (it creates the tables),
 * on the server's machine: the server's CPU time is read from /proc (PostgreSQL's backend of the connection; on
 * MariaDB the whole server, with {@code -Dserver.pid=PID}, exact only on a server of its own).
 * Redo bytes on MariaDB are the server's global LSN: exact only on a server no other client writes to, and a mean
 * over many transactions, as page splits come in steps.
 */
public final class WriteCounters {

    private static final String INSERT_ORDER = "INSERT INTO bench_order (customer, amount, created_at)"
            + " VALUES (?, ?, ?)";

    private static final String INSERT_PLAIN = "INSERT INTO bench_plain (gmt_create, gmt_modified, message_key,"
            + " message_type, topic, message_body, headers, ordering_key, state, retry_count, next_retry_at,"
            + " lock_version) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, 'PENDING', 0, ?, 0)";

    private static final String INSERT_LEAN = "INSERT INTO bench_lean (message_key, topic, message_body, status,"
            + " created_at) VALUES (?, ?, ?, 0, ?)";

    private static final List<String> MARIADB_SESSION = List.of("Questions", "Com_insert", "Com_select", "Com_commit",
            "Com_rollback", "Com_set_option", "Handler_write", "Handler_read_key", "Handler_update", "Handler_commit",
            "Handler_prepare");

    private static final List<String> MARIADB_GLOBAL = List.of("Innodb_lsn_current");

    private static final List<String> MARIADB_SESSION_AND_GLOBAL = java.util.stream.Stream
            .concat(MARIADB_SESSION.stream(), MARIADB_GLOBAL.stream()).toList();

    /** The kernel's clock ticks per second (USER_HZ), in which /proc reports a process's CPU time. */
    private static final double TICKS_PER_SECOND = 100;

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory
            .getThreadMXBean();

    private final AtomicLong jdbcCalls = new AtomicLong();

    /** The number in the next message's key: every transaction saves a new key. */
    private long nextKey;

    /** The server process whose CPU time is read: PostgreSQL's backend of the connection, or -Dserver.pid. */
    private final long serverProcess;

    private final HikariDataSource pool;

    private final DatabaseType dialect;

    private final TransactionTemplate transactions;

    private final JdbcTemplate jdbc;

    private final OutboxTemplate outbox;

    private WriteCounters(String url) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(counting(new DriverManagerDataSource(url)));
        // One connection: the session counters read between the transactions are the transactions' own.
        config.setMaximumPoolSize(1);
        this.pool = new HikariDataSource(config);
        this.dialect = DatabaseType.detect(this.pool);
        OutboxStore store = OutboxStore.builder(this.pool).databaseType(this.dialect).outboxTable("bench_outbox")
                .build();
        // As in phase W: saves hand their messages to a dispatcher that is never started.
        Dispatcher dispatcher = Dispatcher.builder(store,
                MessageRoutes.to(message -> CompletableFuture.completedFuture("id"))).build();
        this.outbox = OutboxTemplate.builder(store).handoff(dispatcher).build();
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(this.pool));
        this.jdbc = new JdbcTemplate(this.pool);
        this.serverProcess = (this.dialect == DatabaseType.POSTGRESQL)
                ? this.jdbc.queryForObject("SELECT pg_backend_pid()", Long.class) : Long.getLong("server.pid", -1);
    }

    public static void main(String[] args) throws Exception {
        int transactions = (args.length > 1) ? Integer.parseInt(args[1]) : 1000;
        int repeats = (args.length > 2) ? Integer.parseInt(args[2]) : 5;
        WriteCounters counters = new WriteCounters(args[0]);
        try {
            counters.run(transactions, repeats);
        }
        finally {
            counters.pool.close();
        }
    }

    private void run(int transactions, int repeats) {
        Map<String, LongConsumer> shapes = new LinkedHashMap<>();
        String run = UUID.randomUUID().toString().substring(0, 8);
        shapes.put("outbox", n -> this.transactions.executeWithoutResult(status -> {
            insertOrder(n);
            this.outbox.message("order.created").key("wc-" + run + "-o-" + n).topic("orders").payload(body(n)).save();
        }));
        shapes.put("plain", n -> this.transactions.executeWithoutResult(status -> {
            insertOrder(n);
            LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
            this.jdbc.update(INSERT_PLAIN, now, now, "wc-" + run + "-p-" + n, "order.created", "orders", body(n), now);
        }));
        shapes.put("lean", n -> this.transactions.executeWithoutResult(status -> {
            insertOrder(n);
            this.jdbc.update(INSERT_LEAN, "wc-" + run + "-l-" + n, "orders", body(n),
                    LocalDateTime.now(ZoneOffset.UTC));
        }));
        for (LongConsumer shape : shapes.values()) {
            for (int n = 0; n < 2000; n++) {
                shape.accept(this.nextKey++);
            }
        }
        Map<String, Map<String, Double>> sums = new LinkedHashMap<>();
        for (int repeat = 0; repeat < repeats; repeat++) {
            // The shapes take turns, each first in one repeat.
            List<String> order = new ArrayList<>(shapes.keySet());
            java.util.Collections.rotate(order, -repeat);
            for (String shape : order) {
                Map<String, Double> perTransaction = measure(shapes.get(shape), transactions);
                sums.merge(shape, perTransaction, WriteCounters::sum);
            }
        }
        System.out.printf(Locale.ROOT, "%s, %d transactions per shape in %d repeats, server CPU of process %d,"
                + " mean per transaction:%n", this.dialect, transactions * repeats, repeats, this.serverProcess);
        List<String> names = new ArrayList<>();
        sums.values().forEach(shape -> shape.keySet().stream().filter(name -> !names.contains(name))
                .forEach(names::add));
        System.out.println("| counter | " + String.join(" | ", sums.keySet()) + " |");
        System.out.println("|---" + "|---".repeat(sums.size()) + "|");
        for (String name : names) {
            StringBuilder row = new StringBuilder("| " + name + " |");
            for (Map<String, Double> shape : sums.values()) {
                row.append(String.format(Locale.ROOT, " %.2f |", shape.getOrDefault(name, 0.0) / repeats));
            }
            System.out.println(row);
        }
    }

    private Map<String, Double> measure(LongConsumer shape, int transactions) {
        for (int attempt = 1;; attempt++) {
            try {
                return measureOnce(shape, transactions);
            }
            catch (org.springframework.dao.DataAccessResourceFailureException ex) {
                // A checkpoint removed the WAL segments before they were read, which a busy server does: again.
                if (attempt == 5) {
                    throw ex;
                }
                System.err.println("Measuring again: " + ex.getMostSpecificCause().getMessage());
            }
        }
    }

    private Map<String, Double> measureOnce(LongConsumer shape, int transactions) {
        Map<String, Long> before = counters();
        Map<String, Long> idle = counters();
        long calls = this.jdbcCalls.get();
        long clientNanos = THREADS.getCurrentThreadCpuTime();
        for (int n = 0; n < transactions; n++) {
            shape.accept(this.nextKey++);
        }
        clientNanos = THREADS.getCurrentThreadCpuTime() - clientNanos;
        long shapeCalls = this.jdbcCalls.get() - calls;
        Map<String, Long> after = counters();
        Map<String, Double> perTransaction = new LinkedHashMap<>();
        perTransaction.put("JDBC calls (client)", (double) shapeCalls / transactions);
        perTransaction.put("client CPU, µs (the writing thread)", clientNanos / 1e3 / transactions);
        perTransaction.put("server CPU, µs",
                (after.get("cpu ticks") - idle.get("cpu ticks")) * 1e6 / TICKS_PER_SECOND / transactions);
        if (this.dialect == DatabaseType.POSTGRESQL) {
            perTransaction.putAll(walRecords(before.get("lsn"), after.get("lsn"), transactions));
            return perTransaction;
        }
        for (String name : MARIADB_SESSION_AND_GLOBAL) {
            // A read of the counters itself counts in some of them: it is taken off once.
            long reading = idle.get(name) - before.get(name);
            long delta = after.get(name) - idle.get(name) - (MARIADB_GLOBAL.contains(name) ? 0 : reading);
            perTransaction.put(name, (double) delta / transactions);
        }
        return perTransaction;
    }

    private Map<String, Long> counters() {
        Map<String, Long> values = new LinkedHashMap<>();
        try (Connection connection = this.pool.getConnection(); Statement statement = connection.createStatement()) {
            values.put("cpu ticks", cpuTicks(this.serverProcess));
            if (this.dialect == DatabaseType.POSTGRESQL) {
                try (ResultSet lsn = statement.executeQuery("SELECT pg_current_wal_flush_lsn() - '0/0'::pg_lsn")) {
                    lsn.next();
                    values.put("lsn", lsn.getLong(1));
                }
                return values;
            }
            read(statement, "SHOW SESSION STATUS", MARIADB_SESSION, values);
            read(statement, "SHOW GLOBAL STATUS", MARIADB_GLOBAL, values);
            return values;
        }
        catch (java.sql.SQLException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** User and system time of a process on this machine, from /proc; 0 when there is none to read. */
    private static long cpuTicks(long pid) {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", Long.toString(pid), "stat"));
            // The fields after the command name, which is in parentheses and may hold spaces: utime and stime
            // are the 14th and 15th of the line.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        }
        catch (java.io.IOException ex) {
            return 0;
        }
    }

    private static void read(Statement statement, String show, List<String> names, Map<String, Long> into)
            throws java.sql.SQLException {
        try (ResultSet status = statement.executeQuery(show)) {
            Map<String, Long> all = new LinkedHashMap<>();
            while (status.next()) {
                all.put(status.getString(1), parse(status.getString(2)));
            }
            names.forEach(name -> into.put(name, all.get(name)));
        }
    }

    /**
     * The WAL records of the transactions that wrote to this database's relations between two positions, by
     * resource manager and type: their count and their bytes without full-page images (which depend on when the
     * last checkpoint was, not on the statement).
     */
    private Map<String, Double> walRecords(long from, long to, int transactions) {
        String query = """
                WITH r AS (SELECT * FROM pg_get_wal_records_info(
                        '0/0'::pg_lsn + ?::numeric, '0/0'::pg_lsn + ?::numeric)),
                     mine AS (SELECT DISTINCT xid FROM r WHERE xid <> '0'::xid AND block_ref LIKE '%/'
                        || (SELECT oid FROM pg_database WHERE datname = current_database()) || '/%')
                SELECT resource_manager || ' ' || record_type, count(*), sum(record_length - fpi_length)
                FROM r WHERE xid IN (SELECT xid FROM mine) GROUP BY 1 ORDER BY 1""";
        Map<String, Double> records = new LinkedHashMap<>();
        double total = 0;
        for (Map<String, Object> row : this.jdbc.queryForList(query, from, to)) {
            List<Object> columns = new ArrayList<>(row.values());
            double bytes = ((Number) columns.get(2)).doubleValue() / transactions;
            records.put("WAL " + columns.get(0) + " records", ((Number) columns.get(1)).doubleValue() / transactions);
            records.put("WAL " + columns.get(0) + " bytes", bytes);
            total += bytes;
        }
        records.put("WAL bytes of these transactions (no FPI)", total);
        records.put("WAL bytes, whole server (other clients too)", (double) (to - from) / transactions);
        return records;
    }

    private void insertOrder(long n) {
        this.jdbc.update(INSERT_ORDER, "customer-" + (n % 10_000), java.math.BigDecimal.valueOf(1000 + n % 99_000, 2),
                LocalDateTime.now(ZoneOffset.UTC));
    }

    /** The benchmark's order.created payload (Payloads.orderCreated), about 200 bytes of JSON. */
    private static String body(long n) {
        return ("{\"orderId\":\"order-%08d\",\"customerId\":\"customer-%04d\",\"amount\":\"%d.%02d\","
                + "\"currency\":\"EUR\",").formatted(n, n % 10_000, 10 + n % 990, n % 100)
                + "\"items\":[{\"sku\":\"SKU-%05d\",\"quantity\":2},{\"sku\":\"SKU-%05d\",\"quantity\":1}],"
                        .formatted(n % 50_000, (n + 7) % 50_000)
                + "\"createdAt\":\"" + java.time.Instant.now() + "\"}";
    }

    private static long parse(String value) {
        try {
            return Long.parseLong(value);
        }
        catch (NumberFormatException ex) {
            return 0;
        }
    }

    private static Map<String, Double> sum(Map<String, Double> a, Map<String, Double> b) {
        Map<String, Double> total = new LinkedHashMap<>(a);
        b.forEach((name, value) -> total.merge(name, value, Double::sum));
        return total;
    }

    /** Counts the calls that reach the server: statement executions, commits, rollbacks, auto-commit changes. */
    private DataSource counting(DataSource target) {
        return (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { DataSource.class },
                (proxy, method, args) -> {
                    Object result = invoke(target, method, args);
                    return (result instanceof Connection connection) ? wrap(connection, Connection.class) : result;
                });
    }

    private <T> T wrap(T target, Class<T> type) {
        Class<?>[] types = (target instanceof java.sql.PreparedStatement)
                ? new Class<?>[] { java.sql.PreparedStatement.class } : new Class<?>[] { type };
        return type.cast(Proxy.newProxyInstance(getClass().getClassLoader(), types, (proxy, method, args) -> {
            String name = method.getName();
            if (name.startsWith("execute") || name.equals("commit") || name.equals("rollback")
                    || name.equals("setAutoCommit")) {
                this.jdbcCalls.incrementAndGet();
            }
            Object result = invoke(target, method, args);
            if (result instanceof java.sql.PreparedStatement prepared) {
                return wrap(prepared, java.sql.PreparedStatement.class);
            }
            return (result instanceof Statement plain) ? wrap(plain, Statement.class) : result;
        }));
    }

    private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        }
        catch (InvocationTargetException ex) {
            throw ex.getCause();
        }
    }
}
