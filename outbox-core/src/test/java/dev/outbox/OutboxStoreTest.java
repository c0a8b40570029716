/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.sql.SQLException;
import java.util.UUID;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.AbstractDataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
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
    void rejectsABlankName() {
        assertThatIllegalArgumentException().isThrownBy(() -> OutboxStore.builder(UNREACHABLE).name(" "))
                .withMessage("the store name must not be blank");
    }
}
