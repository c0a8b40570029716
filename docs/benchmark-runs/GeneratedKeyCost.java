/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

/*
 * The client CPU of one save's insert with its generated id read two ways (issue 31, item 3; docs/benchmarks.md,
 * "Where the write path's time goes"): "holder", Spring's GeneratedKeyHolder as the library read it before, and
 * "direct", ParsedOnceJdbcTemplate.insertReturningId as it reads it now. Not part of the build. It sits in the
 * library's package to reach the package-private template, so it is compiled beside the benchmark's libraries and
 * run from the same class path (a source-file launch would load it in a class loader of its own, outside the package):
 *
 *   javac -d outbox-benchmark/target/generated-key-cost -cp 'outbox-benchmark/target/lib/*' docs/benchmark-runs/GeneratedKeyCost.java
 *   java -cp "outbox-benchmark/target/generated-key-cost:outbox-benchmark/target/lib/*" dev.outbox.internal.jdbc.GeneratedKeyCost \
 *       'jdbc:mariadb://127.0.0.1:3306/bench?user=root' 41 2000
 *   java -cp "outbox-benchmark/target/generated-key-cost:outbox-benchmark/target/lib/*" dev.outbox.internal.jdbc.GeneratedKeyCost \
 *       'jdbc:postgresql://127.0.0.1:5432/bench?user=postgres' 41 2000
 *
 * Arguments: the JDBC URL, the rounds (the first warms up and is not counted), the inserts per form and round. On
 * one connection, in auto-commit, each form inserts its rows into a table of its own with the save's duplicate
 * clause (ON DUPLICATE KEY UPDATE id = id, ON CONFLICT DO NOTHING), the forms alternating their order per round,
 * and the inserting thread's CPU time (ThreadMXBean) is read around each form's rows. Every tenth insert repeats a
 * key, which both forms must report as a duplicate. It prints the median and quartiles of the CPU per insert.
 */
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

public class GeneratedKeyCost {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    interface Form {
        OptionalLong insert(String sql, MapSqlParameterSource values);
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        int rounds = Integer.parseInt(args[1]);
        int perRound = Integer.parseInt(args[2]);
        boolean postgres = url.startsWith("jdbc:postgresql");
        Connection connection = DriverManager.getConnection(url);
        ParsedOnceJdbcTemplate jdbc = new ParsedOnceJdbcTemplate(
                new JdbcTemplate(new SingleConnectionDataSource(connection, true)));
        Map<String, Form> forms = new LinkedHashMap<>();
        forms.put("holder", (sql, values) -> {
            KeyHolder keys = new GeneratedKeyHolder();
            jdbc.update(sql, values, keys, new String[] { "id" });
            Number id = keys.getKeyList().isEmpty() ? null : keys.getKey();
            return (id != null) ? OptionalLong.of(id.longValue()) : OptionalLong.empty();
        });
        forms.put("direct", jdbc::insertReturningId);
        Map<String, String> inserts = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement()) {
            for (String form : forms.keySet()) {
                String table = "gk_" + form;
                statement.execute("DROP TABLE IF EXISTS " + table);
                statement.execute("CREATE TABLE " + table + " (id " + (postgres ? "BIGSERIAL" : "BIGINT AUTO_INCREMENT")
                        + " PRIMARY KEY, message_key VARCHAR(128) NOT NULL UNIQUE, created_at TIMESTAMP NOT NULL,"
                        + " topic VARCHAR(255) NOT NULL, body TEXT NOT NULL, headers TEXT)");
                inserts.put(form, "INSERT INTO " + table + " (message_key, created_at, topic, body, headers)"
                        + " VALUES (:key, :createdAt, :topic, :body, :headers)"
                        + (postgres ? " ON CONFLICT (message_key) DO NOTHING" : " ON DUPLICATE KEY UPDATE id = id"));
            }
        }
        Map<String, List<Double>> cpuPerInsert = new LinkedHashMap<>();
        List<String> order = new ArrayList<>(forms.keySet());
        for (int round = 0; round < rounds; round++) {
            Collections.reverse(order);
            for (String form : order) {
                long start = THREADS.getCurrentThreadCpuTime();
                for (int i = 0; i < perRound; i++) {
                    int n = round * perRound + i;
                    boolean repeat = i % 10 == 9;
                    OptionalLong id = forms.get(form).insert(inserts.get(form), new MapSqlParameterSource()
                            .addValue("key", "k-" + (repeat ? n - 1 : n))
                            .addValue("createdAt", LocalDateTime.now())
                            .addValue("topic", "orders")
                            .addValue("body", "{\"order\":" + n + "}")
                            .addValue("headers", null, Types.VARCHAR));
                    if (id.isPresent() == repeat) {
                        throw new IllegalStateException(form + ": insert " + n + " gave " + id + ", repeat " + repeat);
                    }
                }
                if (round > 0) {
                    cpuPerInsert.computeIfAbsent(form, f -> new ArrayList<>())
                            .add((THREADS.getCurrentThreadCpuTime() - start) / 1_000.0 / perRound);
                }
            }
        }
        System.out.println(connection.getMetaData().getDatabaseProductVersion() + ", " + (rounds - 1) + " rounds of "
                + perRound + " inserts per form; client CPU per insert, µs:");
        System.out.println("| form | median | quartiles |");
        System.out.println("|---|---|---|");
        cpuPerInsert.forEach((form, values) -> {
            Collections.sort(values);
            int size = values.size();
            System.out.printf("| %s | %.1f | %.1f–%.1f |%n", form, values.get(size / 2), values.get(size / 4),
                    values.get(3 * size / 4));
        });
    }
}
