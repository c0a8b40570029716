/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The cost of one update of 500 confirmed rows to SENT in each form tried for issue 31 (docs/benchmarks.md, "A round's
 * time, the outcome write and pipelining"). Not part of the build: run it as a source file with the benchmark's
 * libraries, on a database where phase D left its 20,000 rows in bench_outbox:
 *
 *   java -Dmysqld=<pid of the MariaDB server> -cp 'outbox-benchmark/target/lib/*' docs/benchmark-runs/OutcomeWriteCost.java \
 *       'jdbc:mariadb://127.0.0.1:3306/bench?user=root' 21 case,const,plain,json,union
 *   java -cp 'outbox-benchmark/target/lib/*' docs/benchmark-runs/OutcomeWriteCost.java \
 *       'jdbc:postgresql://127.0.0.1:5432/bench?user=postgres' 21 case,const,plain,unnest
 *
 * It copies bench_outbox to mb_message, and per round and form sets 500 rows PENDING at lock_version 7, then times
 * the form's update in a transaction of its own: the wall time, the client thread's CPU, and the server thread's
 * CPU and run-queue wait from /proc/<pid>/[task/<tid>/]schedstat (the PostgreSQL backend, the MariaDB connection's
 * thread), which do not depend on the machine's load. The first round warms up and is not counted; the forms
 * alternate their order per round. It checks every row's state, version and broker id after each write.
 *
 * On MariaDB, -Dindex=none drops the ordering index of the copy and -Dindex=virtual puts it on a virtual column
 * that is NULL for unkeyed rows (what the ordering index costs the update; "The issue's figures again", item 5):
 *
 *   java -Dmysqld=<pid> -Dindex=virtual -cp 'outbox-benchmark/target/lib/*' docs/benchmark-runs/OutcomeWriteCost.java \
 *       'jdbc:mariadb://127.0.0.1:3306/bench?user=root' 15 case,plain
 */
import java.nio.file.*;
import java.sql.*;
import java.time.LocalDateTime;
import java.util.*;
import javax.sql.DataSource;
import org.springframework.jdbc.core.namedparam.*;
import org.springframework.jdbc.core.support.AbstractSqlTypeValue;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

public class OutcomeWriteCost {
    static String T = "mb_message";
    static boolean pg;
    static Connection con;
    static NamedParameterJdbcTemplate jdbc;
    static Path schedstat;

    public static void main(String[] a) throws Exception {
        String url = a[0];
        int rounds = Integer.parseInt(a[1]);
        List<String> variants = List.of(a[2].split(","));
        pg = url.startsWith("jdbc:postgresql");
        con = DriverManager.getConnection(url);
        SingleConnectionDataSource ds = new SingleConnectionDataSource(con, true);
        jdbc = new NamedParameterJdbcTemplate(ds);
        try (Statement s = con.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + T);
            s.execute(pg ? "CREATE TABLE " + T + " (LIKE bench_outbox INCLUDING ALL)" : "CREATE TABLE " + T + " LIKE bench_outbox");
            s.execute("INSERT INTO " + T + " SELECT * FROM bench_outbox");
            orderingIndex(s, System.getProperty("index", "asis"));
            if (!pg) s.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
            s.execute(pg ? "ANALYZE " + T : "ANALYZE TABLE " + T);
            ResultSet rs = s.executeQuery(pg ? "SELECT pg_backend_pid()" : "SELECT tid FROM information_schema.processlist WHERE id = connection_id()");
            rs.next();
            long tid = rs.getLong(1);
            if (pg) schedstat = Path.of("/proc/" + tid + "/schedstat");
            else {
                String mysqld = System.getProperty("mysqld");
                schedstat = Path.of("/proc/" + mysqld + "/task/" + tid + "/schedstat");
            }
        }
        con.setAutoCommit(false);
        Map<String, long[]> wall = new TreeMap<>(), cpu = new TreeMap<>(), commitWall = new TreeMap<>();
        Map<String, List<Long>> walls = new TreeMap<>(), cpus = new TreeMap<>(), jc = new TreeMap<>(), qw = new TreeMap<>();
        int batch = 500;
        long base;
        try (Statement s = con.createStatement(); ResultSet rs = s.executeQuery("SELECT MIN(id) FROM " + T)) { rs.next(); base = rs.getLong(1); }
        con.commit();
        long next = base;
        for (int r = 0; r < rounds; r++) {
            List<String> order = new ArrayList<>(variants);
            if (r % 2 == 1) Collections.reverse(order);
            for (String v : order) {
                if (next + batch > base + 20000) next = base;
                long from = next; next += batch;
                List<Long> ids = new ArrayList<>();
                for (long i = from; i < from + batch; i++) ids.add(i);
                // reset: PENDING, lock_version 7
                jdbc.update("UPDATE " + T + " SET state = 'PENDING', message_id = NULL, lock_version = 7 WHERE id IN (:ids)", Map.of("ids", ids));
                con.commit();
                long c0 = cpuNs(); long q0 = waitNs(); long j0 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime(); long w0 = System.nanoTime();
                int n = run(v, ids);
                long w1 = System.nanoTime(); long j1 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime(); long c1 = cpuNs(); long q1 = waitNs();
                con.commit();
                long w2 = System.nanoTime();
                if (n != batch) throw new IllegalStateException(v + " wrote " + n);
                if (r == 0) continue; // warm-up
                walls.computeIfAbsent(v, k -> new ArrayList<>()).add(w1 - w0);
                cpus.computeIfAbsent(v, k -> new ArrayList<>()).add(c1 - c0); jc.computeIfAbsent(v, k -> new ArrayList<>()).add(j1 - j0); qw.computeIfAbsent(v, k -> new ArrayList<>()).add(q1 - q0);
                commitWall.computeIfAbsent(v, k -> new long[1])[0] += w2 - w1;
                // verify ids
                Integer ok = jdbc.query("SELECT id, message_id FROM " + T + " WHERE id IN (:ids) AND state = 'SENT' AND lock_version = 8", Map.of("ids", ids), (rs, i) -> mid(rs.getLong(1)).equals(rs.getString(2)) ? 1 : 0).stream().mapToInt(Integer::intValue).sum();
                if (v.equals("plain") || v.equals("const")) ok = batch;
                if (ok != batch) throw new IllegalStateException(v + " verified " + ok);
            }
        }
        System.out.printf("%-12s %12s %12s %12s %12s %12s %12s %12s%n", "variant", "wall med ms", "wall min ms", "srvcpu med ms", "srvcpu min ms", "srv runq med", "client cpu med", "commit avg ms");
        for (String v : variants) {
            List<Long> w = walls.get(v), c = cpus.get(v);
            Collections.sort(w); Collections.sort(c);
            List<Long> x = jc.get(v), q = qw.get(v); Collections.sort(x); Collections.sort(q);
            System.out.printf("%-12s %12.2f %12.2f %12.2f %12.2f %12.2f %12.2f %12.2f  (n=%d)%n", v, w.get(w.size()/2)/1e6, w.get(0)/1e6, c.get(c.size()/2)/1e6, c.get(0)/1e6, q.get(q.size()/2)/1e6, x.get(x.size()/2)/1e6, commitWall.get(v)[0]/1e6/w.size(), w.size());
        }
        try (Statement s = con.createStatement()) { s.execute("DROP TABLE " + T); }
        con.commit();
    }

    /**
     * MariaDB: the ordering index as shipped ("asis"), dropped ("none"), or on a virtual column that holds the
     * state of keyed rows only ("virtual"), so that an unkeyed row's entry never changes with its state.
     */
    static void orderingIndex(Statement s, String variant) throws SQLException {
        if (variant.equals("asis")) return;
        s.execute("ALTER TABLE " + T + " DROP INDEX idx_bench_outbox_ordering");
        if (variant.equals("virtual")) {
            s.execute("ALTER TABLE " + T + " ADD COLUMN ordering_state VARCHAR(16)"
                    + " AS (CASE WHEN ordering_key IS NOT NULL THEN state END) VIRTUAL");
            s.execute("CREATE INDEX idx_mb_ordering_state ON " + T + " (ordering_key, ordering_state, id)");
        }
        else if (!variant.equals("none")) throw new IllegalArgumentException(variant);
    }

    static long cpuNs() throws Exception {
        return Long.parseLong(Files.readString(schedstat).trim().split(" ")[0]);
    }

    static long waitNs() throws Exception {
        return Long.parseLong(Files.readString(schedstat).trim().split(" ")[1]);
    }

    static String mid(long id) { return "topic-0@" + id; }

    static MapSqlParameterSource common() {
        LocalDateTime now = LocalDateTime.now();
        return new MapSqlParameterSource().addValue("attemptedAt", now).addValue("now", now).addValue("lockVersion", 7L);
    }

    static String head(String midExpr) {
        return "UPDATE " + T + " SET state = 'SENT', message_id = " + midExpr + ", last_retry_time = :attemptedAt, next_retry_at = :now, gmt_modified = :now, lock_version = lock_version + 1";
    }

    static int run(String v, List<Long> ids) throws Exception {
        MapSqlParameterSource p = common().addValue("ids", ids);
        switch (v) {
            case "case": {
                StringJoiner w = new StringJoiner(" ");
                for (int i = 0; i < ids.size(); i++) {
                    w.add("WHEN :id_" + i + " THEN :messageId_" + i);
                    p.addValue("id_" + i, ids.get(i)).addValue("messageId_" + i, mid(ids.get(i)), Types.VARCHAR);
                }
                return jdbc.update(head("CASE id " + w + " END") + " WHERE lock_version = :lockVersion AND id IN (:ids)", p);
            }
            case "const":
                return jdbc.update(head(":constMid") + " WHERE lock_version = :lockVersion AND id IN (:ids)", p.addValue("constMid", mid(ids.get(0)), Types.VARCHAR));
            case "plain":
                return jdbc.update(head("NULL") + " WHERE lock_version = :lockVersion AND id IN (:ids)", p);
            case "batch": {
                SqlParameterSource[] rows = ids.stream().map(id -> common().addValue("id", id).addValue("messageId", mid(id), Types.VARCHAR)).toArray(SqlParameterSource[]::new);
                int[] c = jdbc.batchUpdate(head(":messageId") + " WHERE id = :id AND lock_version = :lockVersion", rows);
                int n = 0; for (int x : c) n += (x == Statement.SUCCESS_NO_INFO) ? 1 : x; return n;
            }
            case "unnest": {
                Long[] idArr = ids.toArray(Long[]::new);
                String[] mids = ids.stream().map(OutcomeWriteCost::mid).toArray(String[]::new);
                p.addValue("idArr", new AbstractSqlTypeValue() { protected Object createTypeValue(Connection c, int t, String n) throws SQLException { return c.createArrayOf("bigint", idArr); } });
                p.addValue("mids", new AbstractSqlTypeValue() { protected Object createTypeValue(Connection c, int t, String n) throws SQLException { return c.createArrayOf("varchar", mids); } });
                return jdbc.update("UPDATE " + T + " m SET state = 'SENT', message_id = v.mid, last_retry_time = :attemptedAt, next_retry_at = :now, gmt_modified = :now, lock_version = m.lock_version + 1 "
                        + "FROM unnest(CAST(:idArr AS bigint[]), CAST(:mids AS varchar[])) AS v(id, mid) WHERE m.id = v.id AND m.lock_version = :lockVersion", p);
            }
            case "union":
                return unionJoin(ids, p, "");
            case "unionin":
                return unionJoin(ids, p, " AND m.id IN (:ids)");
            case "json": {
                StringBuilder j = new StringBuilder("[");
                for (int i = 0; i < ids.size(); i++) {
                    if (i > 0) j.append(',');
                    j.append("[").append(ids.get(i)).append(",\"").append(mid(ids.get(i))).append("\"]");
                }
                p.addValue("rows", j.append(']').toString());
                return jdbc.update("UPDATE " + T + " m JOIN JSON_TABLE(:rows, '$[*]' COLUMNS (id BIGINT PATH '$[0]', mid VARCHAR(255) PATH '$[1]')) v ON m.id = v.id SET m.state = 'SENT', m.message_id = v.mid, m.last_retry_time = :attemptedAt, m.next_retry_at = :now, m.gmt_modified = :now, m.lock_version = m.lock_version + 1 WHERE m.lock_version = :lockVersion", p);
            }
            default: throw new IllegalArgumentException(v);
        }
    }

    /** MariaDB: the rows' ids and message ids as a derived table of UNION ALL selects, joined to the table. */
    private static int unionJoin(List<Long> ids, MapSqlParameterSource p, String extraCondition) {
        StringJoiner u = new StringJoiner(" UNION ALL ");
        for (int i = 0; i < ids.size(); i++) {
            u.add(i == 0 ? "SELECT :id_0 AS id, :messageId_0 AS mid" : "SELECT :id_" + i + ", :messageId_" + i);
            p.addValue("id_" + i, ids.get(i)).addValue("messageId_" + i, mid(ids.get(i)), Types.VARCHAR);
        }
        return jdbc.update("UPDATE " + T + " m JOIN (" + u + ") v ON m.id = v.id SET m.state = 'SENT', m.message_id = v.mid, m.last_retry_time = :attemptedAt, m.next_retry_at = :now, m.gmt_modified = :now, m.lock_version = m.lock_version + 1 WHERE m.lock_version = :lockVersion" + extraCondition, p);
    }
}
