/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.outbox.internal.sql.TableName;
import dev.outbox.message.MessageState;
import dev.outbox.store.DatabaseType;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class StatementSetTest {

    private static final TableName TABLE = new TableName("orders_outbox");

    private static final TableName INBOX = new TableName("orders_inbox");

    private static final TableName ARCHIVE = new TableName("orders_archive");

    private static final Pattern LITERAL = Pattern.compile("'([^']*)'");

    @ParameterizedTest
    @EnumSource(DatabaseType.class)
    void everyStatementNamesTheStoresTablesAndKeepsNoPlaceholderOfConstruction(DatabaseType dialect) {
        List<String> all = all(StatementSet.of(dialect, TABLE, INBOX, ARCHIVE));

        assertThat(all).hasSizeGreaterThan(40);
        for (String sql : all) {
            assertThat(sql).containsAnyOf("orders_outbox", "orders_inbox")
                    .doesNotContain(OutboxStore.DEFAULT_OUTBOX_TABLE).doesNotContain(OutboxStore.DEFAULT_INBOX_TABLE)
                    .doesNotContain("/* scope */").doesNotContain(StateLists.UNSENT_LIST)
                    .doesNotContain(StateLists.KEY_HOLDING_LIST).doesNotContain(StateLists.EACH_UNSENT)
                    .doesNotContain(StateLists.EACH_KEY_HOLDING).doesNotContainPattern("AND\\s+AND");
        }
        assertThat(StatementSet.of(dialect, TABLE, INBOX, ARCHIVE).cleanup().archive)
                .startsWith("INSERT INTO orders_archive (").contains("FROM orders_outbox\n");
    }

    @ParameterizedTest
    @EnumSource(DatabaseType.class)
    void everyLiteralOfEveryStatementIsAMessageState(DatabaseType dialect) {
        for (String sql : all(StatementSet.of(dialect, TABLE, INBOX, ARCHIVE))) {
            Matcher literal = LITERAL.matcher(sql);
            while (literal.find()) {
                // The one other literal: the empty text a missing fail reason is joined as.
                if (!literal.group(1).isEmpty()) {
                    assertThat(MessageState.valueOf(literal.group(1))).isNotNull();
                }
            }
        }
    }

    @Test
    void stateSetsAreWrittenOutOnePerLineOrAsAList() {
        ClaimStatements mysql = ClaimStatements.of(TABLE, DatabaseType.MYSQL);

        assertThat(mysql.runBounds).contains("state IN ('FAILED', 'SUSPENDED')");
        assertThat(new AdminStatements(TABLE, INBOX, DatabaseType.MYSQL).countBacklog)
                .contains("state IN ('PENDING', 'FAILED', 'SUSPENDED')");
        assertThat(mysql.lockDueHeads()).contains("""
                  AND (m.ordering_key IS NULL OR (
                    COALESCE((SELECT e.id FROM orders_outbox e WHERE e.ordering_key = m.ordering_key AND e.state = 'PENDING' ORDER BY e.id LIMIT 1), m.id) >= m.id
                    AND COALESCE((SELECT e.id FROM orders_outbox e WHERE e.ordering_key = m.ordering_key AND e.state = 'FAILED' ORDER BY e.id LIMIT 1), m.id) >= m.id
                    AND COALESCE((SELECT e.id FROM orders_outbox e WHERE e.ordering_key = m.ordering_key AND e.state = 'SUSPENDED' ORDER BY e.id LIMIT 1), m.id) >= m.id
                  ))
                """);
        assertThat(ClaimStatements.of(TABLE, DatabaseType.POSTGRESQL).withNothingEarlierUnsent()).contains("""
                    (SELECT e.id FROM orders_outbox e WHERE e.ordering_key = m.ordering_key AND e.state = 'PENDING' AND e.id NOT IN (:sentAlong) AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL
                    AND (SELECT e.id FROM orders_outbox e WHERE e.ordering_key = m.ordering_key AND e.state = 'FAILED' AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL
                    AND (SELECT e.id FROM orders_outbox e WHERE e.ordering_key = m.ordering_key AND e.state = 'SUSPENDED' AND e.id < m.id ORDER BY e.id DESC LIMIT 1) IS NULL
                  ))
                """.stripTrailing());
    }

    @Test
    void aScopeAddsItsConditionOnTheTopicsAndNamesItself() {
        ClaimStatements statements = ClaimStatements.of(TABLE, DatabaseType.MYSQL);
        ClaimScope except = ClaimScope.allExcept(List.of("jobs", "audit"));
        ClaimScope topic = ClaimScope.topic("jobs");

        assertThat(statements.window(ClaimScope.all(), false)).doesNotContain("m.topic");
        assertThat(statements.window(except, true)).contains("AND m.topic NOT IN (:topics)");
        assertThat(statements.anyDue(topic)).contains("AND m.topic = :topic");
        assertThat(ClaimScope.allExcept(List.of())).isSameAs(ClaimScope.all());
        assertThat(ClaimScope.all()).hasToString("all topics");
        assertThat(except).hasToString("all topics except audit, jobs");
        assertThat(topic).hasToString("topic jobs");
    }

    @Test
    void aScopeWithoutTheTypesOfAPausedRouteAddsItsConditionOnTheTypes() {
        ClaimStatements statements = ClaimStatements.of(TABLE, DatabaseType.POSTGRESQL);
        ClaimScope withoutPaused = ClaimScope.allExcept(List.of("jobs")).withoutTypes(List.of("order.created"));
        ClaimScope probe = ClaimScope.all().onlyTypes(List.of("order.created", "mail.requested"));

        assertThat(statements.window(withoutPaused, false))
                .contains("AND m.topic NOT IN (:topics)\n  AND m.message_type NOT IN (:types)");
        assertThat(statements.anyDue(probe)).contains("AND m.message_type IN (:types)").doesNotContain("m.topic");
        assertThat(withoutPaused.bind(new MapSqlParameterSource()).getValues())
                .containsEntry("topics", List.of("jobs")).containsEntry("types", List.of("order.created"));
        assertThat(ClaimScope.all().withoutTypes(List.of())).isEqualTo(ClaimScope.all());
        assertThat(probe).isEqualTo(ClaimScope.all().onlyTypes(List.of("mail.requested", "order.created")))
                .hasToString("all topics, types mail.requested, order.created");
        assertThatIllegalArgumentException().isThrownBy(() -> ClaimScope.all().onlyTypes(List.of()));
    }

    @Test
    void repeatedPartsAreNumberedPerRowAndWrittenOncePerCount() {
        ClaimStatements statements = ClaimStatements.of(TABLE, DatabaseType.MYSQL);

        assertThat(statements.markSent().statement(2)).contains("CASE id WHEN :id_0 THEN :messageId_0 WHEN :id_1 THEN :messageId_1 END")
                .doesNotContain(ClaimStatements.ROW_NUMBER + " ").isSameAs(statements.markSent().statement(2));
        assertThat(statements.followers(2)).contains(":key_0").contains(":key_1").containsOnlyOnce("UNION ALL")
                .doesNotContain(":key" + ClaimStatements.ROW_NUMBER).isSameAs(statements.followers(2));
    }

    @Test
    void postgresMarksRowsSentFromTwoArraysWithOneStatementForEveryCount() {
        SentUpdate update = ClaimStatements.of(TABLE, DatabaseType.POSTGRESQL).markSent();

        assertThat(update.statement(2)).contains("[array_position(CAST(:ids AS bigint[]), id)]")
                .contains("WHERE id = ANY(CAST(:ids AS bigint[]))")
                .doesNotContain("CASE").isSameAs(update.statement(500));
        assertThat(ClaimStatements.of(TABLE, DatabaseType.H2).markSent().statement(1))
                .contains("CASE id WHEN :id_0 THEN :messageId_0 END");
    }

    @Test
    void aPageLeavesOutTheFiltersNotAskedFor() {
        AdminStatements statements = new AdminStatements(TABLE, INBOX, DatabaseType.POSTGRESQL);

        assertThat(statements.page(false, false)).doesNotContain(":state").doesNotContain(":type");
        assertThat(statements.page(true, false)).contains("AND state = :state").doesNotContain(":type");
        assertThat(statements.page(false, true)).contains("AND message_type = :type").doesNotContain(":state");
        assertThat(statements.page(true, true)).contains(":state").contains(":type");
    }

    @Test
    void eachDatabaseInsertsUnlessTheKeyExistsInItsOwnWay() {
        assertThat(StatementSet.of(DatabaseType.MYSQL, TABLE, INBOX, ARCHIVE).messages().insert)
                .endsWith("ON DUPLICATE KEY UPDATE id = id");
        assertThat(StatementSet.of(DatabaseType.POSTGRESQL, TABLE, INBOX, ARCHIVE).inbox().insert)
                .endsWith("ON CONFLICT (idempotency_key, consumer_group) DO NOTHING");
        assertThat(StatementSet.of(DatabaseType.H2, TABLE, INBOX, ARCHIVE).messages().insert).endsWith(")");
        // Only MySQL needs a locking read to see a duplicate committed after its snapshot.
        assertThat(new MessageStatements(TABLE, DatabaseType.MYSQL).findIdByKey).endsWith("\nFOR UPDATE");
        assertThat(new MessageStatements(TABLE, DatabaseType.H2).findIdByKey).doesNotContain("FOR UPDATE");
    }

    @Test
    void onlyPostgresClaimsInOneStatement() {
        assertThat(ClaimStatements.of(TABLE, DatabaseType.POSTGRESQL).claimDueHeads()).startsWith("WITH due AS");
        assertThat(ClaimStatements.of(TABLE, DatabaseType.MYSQL).claimDueHeads()).isNull();
        assertThat(ClaimStatements.of(TABLE, DatabaseType.H2).claimDueHeads()).isNull();
    }

    /** Every statement of the set: each one its classes hold, and the ones they write per scope, count or filter. */
    private static List<String> all(StatementSet set) {
        List<String> all = new ArrayList<>();
        for (RecordComponent component : StatementSet.class.getRecordComponents()) {
            all.addAll(held(invoke(component, set)));
        }
        ClaimStatements claims = set.claims();
        all.addAll(List.of(claims.lockDueHeads(), claims.selectDueHeads(), claims.withNothingEarlierUnsent(),
                claims.followers(2), claims.markSent().statement(2)));
        for (ClaimScope scope : List.of(ClaimScope.all(), ClaimScope.allExcept(List.of("jobs")), ClaimScope.topic("jobs"),
                ClaimScope.all().withoutTypes(List.of("t")), ClaimScope.all().onlyTypes(List.of("t")))) {
            all.add(claims.window(scope, false));
            all.add(claims.window(scope, true));
            all.add(claims.anyDue(scope));
        }
        if (claims.claimDueHeads() != null) {
            all.add(claims.claimDueHeads());
        }
        return all;
    }

    private static List<String> held(Object statements) {
        List<String> held = new ArrayList<>();
        for (Class<?> type = statements.getClass(); type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                field.setAccessible(true);
                Object value = read(field, statements);
                if (value instanceof String sql) {
                    held.add(sql);
                }
                else if (value instanceof String[] sqls) {
                    held.addAll(Arrays.asList(sqls));
                }
                else if (value instanceof Map<?, ?> sqls) {
                    sqls.values().stream().filter(String.class::isInstance).map(String.class::cast).forEach(held::add);
                }
            }
        }
        return held;
    }

    private static Object invoke(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        }
        catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static Object read(Field field, Object owner) {
        try {
            return field.get(owner);
        }
        catch (IllegalAccessException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
