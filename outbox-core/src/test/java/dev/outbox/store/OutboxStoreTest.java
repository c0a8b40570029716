/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.store;

import java.sql.SQLException;
import java.util.UUID;

import javax.sql.DataSource;

import dev.outbox.settings.SettingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.datasource.AbstractDataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OutboxStoreTest {

    private static final DataSource UNREACHABLE = new AbstractDataSource() {

        @Override
        public java.sql.Connection getConnection() throws SQLException {
            throw new SQLException("unreachable");
        }

        @Override
        public java.sql.Connection getConnection(String username, String password) throws SQLException {
            throw new SQLException("unreachable");
        }
    };

    @Test
    void hasTheDefaultNameAndTablesUnlessGivenOthers() {
        OutboxStore store = OutboxStore.builder(UNREACHABLE).databaseType(DatabaseType.H2).build();

        assertThat(store.name()).isEqualTo("default").isEqualTo(OutboxStore.DEFAULT_NAME);
        assertThat(store.outboxTable()).isEqualTo("local_message").isEqualTo(OutboxStore.DEFAULT_OUTBOX_TABLE);
        assertThat(store.inboxTable()).isEqualTo("consumed_message").isEqualTo(OutboxStore.DEFAULT_INBOX_TABLE);
        assertThat(store.archiveTable()).isEqualTo("local_message_archive")
                .isEqualTo(OutboxStore.DEFAULT_ARCHIVE_TABLE);
        assertThat(store.dataSource()).isSameAs(UNREACHABLE);
    }

    @Test
    void keepsTheGivenNameAndTables() {
        OutboxStore store = OutboxStore.builder(UNREACHABLE).databaseType(DatabaseType.POSTGRESQL).name("orders")
                .outboxTable("order_outbox").inboxTable("order_inbox").archiveTable("order_archive").build();

        assertThat(store).hasToString(
                "OutboxStore 'orders' (POSTGRESQL, tables order_outbox, order_inbox, order_archive)");
    }

    @Test
    void aChosenDatabaseTypeNeedsNoConnection() {
        assertThat(OutboxStore.builder(UNREACHABLE).databaseType(DatabaseType.MYSQL).build().databaseType())
                .isEqualTo(DatabaseType.MYSQL);
    }

    @Test
    void detectsTheDatabaseTypeWhenNoneIsChosen() {
        DataSource h2 = new DriverManagerDataSource("jdbc:h2:mem:store-" + UUID.randomUUID());

        assertThat(OutboxStore.builder(h2).build().databaseType()).isEqualTo(DatabaseType.H2);
    }

    @Test
    void rejectsATableNameThatIsNotAPlainIdentifierWhenItIsSet() {
        OutboxStore.Builder builder = OutboxStore.builder(UNREACHABLE);

        assertThatIllegalArgumentException().isThrownBy(() -> builder.outboxTable("local_message; DROP"))
                .withMessage("table-name is invalid: 'local_message; DROP' is not a plain SQL identifier: use letters, digits "
                        + "and underscores, start with a letter or underscore, at most 48 characters");
        assertThatIllegalArgumentException().isThrownBy(() -> builder.inboxTable("consumed message"))
                .withMessageContaining("'consumed message' is not a plain SQL identifier");
        assertThatIllegalArgumentException().isThrownBy(() -> builder.archiveTable("archive-1"))
                .withMessageContaining("'archive-1' is not a plain SQL identifier");
    }

    @Test
    void rejectsAnArchiveTableNamedLikeTheOutboxTableWhenTheStoreIsBuilt() {
        OutboxStore.Builder builder = OutboxStore.builder(UNREACHABLE).databaseType(DatabaseType.MYSQL)
                .archiveTable("LOCAL_MESSAGE");

        assertThatExceptionOfType(SettingException.class).isThrownBy(builder::build)
                .withMessage("cleanup.archive table-name ('LOCAL_MESSAGE') is also the name of the outbox table: give "
                        + "each table of the store a name of its own")
                .satisfies(error -> assertThat(error.setting()).isEqualTo("table-name"))
                .satisfies(error -> assertThat(error.group()).isEqualTo("cleanup.archive"));
    }

    @Test
    void rejectsAnInboxTableNamedLikeTheOutboxTable() {
        OutboxStore.Builder builder = OutboxStore.builder(UNREACHABLE).databaseType(DatabaseType.MYSQL)
                .outboxTable("orders").inboxTable("orders");

        assertThatExceptionOfType(SettingException.class).isThrownBy(builder::build)
                .withMessage("inbox table-name ('orders') is also the name of the outbox table: give each table of "
                        + "the store a name of its own");
    }

    @Test
    void rejectsATableNamedLikeOneThatTheMigrationsDeriveFromAnother() {
        OutboxStore.Builder sequence = OutboxStore.builder(UNREACHABLE).databaseType(DatabaseType.MYSQL)
                .inboxTable("local_message_sequence");
        OutboxStore.Builder history = OutboxStore.builder(UNREACHABLE).databaseType(DatabaseType.MYSQL)
                .outboxTable("orders").archiveTable("orders_flyway_history");
        OutboxStore.Builder inboxSequence = OutboxStore.builder(UNREACHABLE).databaseType(DatabaseType.MYSQL)
                .outboxTable("orders_sequence").inboxTable("orders");
        OutboxStore.Builder idempotency = OutboxStore.builder(UNREACHABLE).databaseType(DatabaseType.MYSQL)
                .inboxTable("local_message_idempotency");

        assertThatExceptionOfType(SettingException.class).isThrownBy(sequence::build)
                .withMessage("inbox table-name ('local_message_sequence') is also the name of the outbox's sequence "
                        + "table (local_message_sequence): give each table of the store a name of its own");
        assertThatExceptionOfType(SettingException.class).isThrownBy(history::build)
                .withMessage("cleanup.archive table-name ('orders_flyway_history') is also the name of the history "
                        + "table of the migrations (orders_flyway_history): give each table of the store a name of "
                        + "its own");
        assertThatExceptionOfType(SettingException.class).isThrownBy(inboxSequence::build)
                .withMessage("inbox table-name ('orders') makes the inbox's sequence table orders_sequence, which is "
                        + "also the name of the outbox table: give each table of the store a name of its own");
        assertThatExceptionOfType(SettingException.class).isThrownBy(idempotency::build)
                .withMessage("inbox table-name ('local_message_idempotency') is also the name of the idempotency "
                        + "keys' table (local_message_idempotency): give each table of the store a name of its own");
    }

    @ParameterizedTest
    @ValueSource(strings = { "order", "USER", "Group", "key", "values", "rows", "offset", "year", "window" })
    void rejectsAReservedWordAsATableNameWhenItIsSet(String name) {
        OutboxStore.Builder builder = OutboxStore.builder(UNREACHABLE);

        assertThatExceptionOfType(SettingException.class).isThrownBy(() -> builder.archiveTable(name))
                .withMessage("cleanup.archive table-name is invalid: '" + name + "' is a reserved word of SQL on "
                        + "MySQL, MariaDB, PostgreSQL or H2: choose another name, for example " + name + "_outbox");
    }

    @Test
    void rejectsABlankName() {
        assertThatIllegalArgumentException().isThrownBy(() -> OutboxStore.builder(UNREACHABLE).name(" "))
                .withMessage("the store name must not be blank");
    }
}
