/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.sql;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TableNameTest {

    private static final String LONGEST = "t" + "x".repeat(47);

    @ParameterizedTest
    @ValueSource(strings = { "local_message", "_outbox", "X", "a1", "Outbox_2024_v2", "__", "t" + "x23456789" })
    void acceptsPlainIdentifiers(String name) {
        assertThat(new TableName(name).value()).isEqualTo(name);
    }

    @Test
    void acceptsAnIdentifierOfExactlyFortyEightCharacters() {
        assertThat(LONGEST).hasSize(48);
        assertThat(new TableName(LONGEST).value()).isEqualTo(LONGEST);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "x; drop table y",
            "local_message; DROP TABLE users; --",
            "local_message--",
            "x' OR '1'='1",
            "x/*comment*/",
            "schema.local_message",
            "\"local_message\"",
            "`local_message`",
            "[local_message]",
            "local-message",
            "local message",
            " local_message",
            "local_message ",
            "local_message\n",
            "1local_message",
            "9",
            "naïve",
            "таблица",
            "",
            " "
    })
    void rejectsAnythingButAPlainIdentifierNamingTheRule(String name) {
        assertThatIllegalArgumentException().isThrownBy(() -> new TableName(name))
                .withMessageContaining("'" + name + "'")
                .withMessageContaining("is not a plain SQL identifier")
                .withMessageContaining("letters, digits and underscores")
                .withMessageContaining("start with a letter or underscore")
                .withMessageContaining("at most 48 characters");
    }

    @ParameterizedTest
    @ValueSource(strings = { "order", "ORDER", "user", "table", "index", "value", "current_user", "lock" })
    void rejectsAReservedWordWhateverItsCase(String name) {
        assertThatIllegalArgumentException().isThrownBy(() -> new TableName(name))
                .withMessage("table name '" + name + "' is a reserved word of SQL on MySQL, MariaDB, PostgreSQL or H2: "
                        + "choose another name, for example " + name + "_outbox");
    }

    @ParameterizedTest
    @ValueSource(strings = { "orders", "users", "order_outbox", "user_inbox", "tables" })
    void acceptsNamesThatOnlyContainAReservedWord(String name) {
        assertThat(new TableName(name).value()).isEqualTo(name);
    }

    @Test
    void aStoreOfTheDefaultOutboxTableKeepsTheSharedHistoryAndAnyOtherHasItsOwn() {
        assertThat(new TableName("local_message").historyTable()).isEqualTo("outbox_schema_history");
        assertThat(new TableName("order_outbox").historyTable()).isEqualTo("order_outbox_flyway_history");
        assertThat(new TableName(LONGEST).historyTable()).hasSize(63);
    }

    @Test
    void rejectsAnIdentifierOfFortyNineCharacters() {
        String tooLong = LONGEST + "x";

        assertThatIllegalArgumentException().isThrownBy(() -> new TableName(tooLong))
                .withMessageContaining("at most 48 characters");
    }
}
