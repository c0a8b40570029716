/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.LocalDateTime;

import dev.outbox.internal.sql.TableName;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

/**
 * The report of the messages a consumer group has not consumed ({@code OutboxAdmin.unconsumed}) on a large inbox:
 * it must walk the SENT messages along an index of the outbox table and look each one up in the inbox by its unique
 * key {@code (idempotency_key, consumer_group)}, never read the inbox whole, per row or once (a hash of it). The
 * inbox holds four rows per message, of several groups, consumed by key and by outbox id, as a year of consumers
 * leaves it; the tables are filled by one INSERT ... SELECT each from a series of the database's own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class UnconsumedQueryPlanContract {

    static final TableName TABLE = new TableName(OutboxStore.DEFAULT_OUTBOX_TABLE);

    static final TableName INBOX = new TableName(OutboxStore.DEFAULT_INBOX_TABLE);

    static final String INBOX_KEY = "uk_" + INBOX + "_key_group";

    private static final int MESSAGES = 20_000;

    private static final LocalDateTime SENT = LocalDateTime.of(2026, 1, 1, 0, 0);

    private TestDatabase database;

    private JdbcTemplate jdbc;

    abstract TestDatabase.Kind kind();

    /**
     * @param count how many numbers
     * @return a query of the numbers 1 to {@code count} in a column {@code n}
     */
    abstract String series(int count);

    /**
     * @param plan the plan of the report's query
     */
    abstract void assertIndexLookupsOnly(String plan);

    @BeforeAll
    void largeInbox() {
        this.database = TestDatabase.create(kind(), "unconsumed_plan_" + kind().name());
        this.database.migrate();
        this.jdbc = new JdbcTemplate(this.database.newDataSource(2));
        this.jdbc.update("INSERT INTO " + TABLE + " (gmt_create, gmt_modified, message_key, message_type, topic,"
                + " message_body, state, retry_count, next_retry_at, message_id, lock_version)"
                + " SELECT ?, ?, CONCAT('order-', n), 'order.created', 'orders', '{}', 'SENT', 0, ?, CONCAT('orders@', n), 2"
                + " FROM (" + series(MESSAGES) + ") numbers", SENT, SENT, SENT);
        // Shipping consumes by key and missed every hundredth; billing by outbox id; two more groups by key.
        consumed("shipping", "CONCAT('order-', id)", "id % 100 <> 0");
        consumed("billing", "CONCAT(id, '')", "id % 100 <> 0");
        consumed("audit", "CONCAT('order-', id)", "1 = 1");
        consumed("search", "CONCAT('order-', id)", "1 = 1");
        for (TableName table : new TableName[] { TABLE, INBOX }) {
            this.jdbc.execute((kind() == TestDatabase.Kind.MARIADB) ? "ANALYZE TABLE " + table : "ANALYZE " + table);
        }
    }

    private void consumed(String group, String idempotencyKey, String which) {
        this.jdbc.update("INSERT INTO " + INBOX + " (consumer_group, idempotency_key, message_type, consumed_at)"
                + " SELECT ?, " + idempotencyKey + ", message_type, ? FROM " + TABLE + " WHERE " + which, group, SENT);
    }

    @AfterAll
    void closePools() {
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void theReportLooksEachSentMessageUpInTheInboxByItsUniqueKey() {
        AdminStatements sql = new AdminStatements(TABLE, INBOX, this.database.dialect());

        for (String group : new String[] { "shipping", "billing", "nobody" }) {
            for (long afterId : new long[] { 0, MESSAGES / 2 }) {
                String plan = QueryPlan.explain(this.jdbc, sql.unconsumed, new MapSqlParameterSource()
                        .addValue("consumerGroup", group).addValue("sentBefore", SENT.plusDays(1))
                        .addValue("afterId", afterId).addValue("limit", 51));
                System.out.println(kind() + " unconsumed plan of " + group + " after " + afterId + ":\n" + plan);
                assertIndexLookupsOnly(plan);
            }
        }
    }
}
