/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import dev.outbox.internal.sql.TableName;

/**
 * The statements of the switch table ({@link TableName#switchTable}), the same on every database, each whole, with
 * named parameters, written for the store once, at construction ({@link StatementText}).
 */
final class RouteSwitchStatements {

    private static final String LIST = """
            SELECT message_type, mode, switched_at FROM local_message_switch ORDER BY message_type""";

    private static final String INSERT = """
            INSERT INTO local_message_switch (message_type, mode, switched_at) VALUES (:type, :mode, :switchedAt)""";

    /** Guarded by the mode read before, so that of two concurrent changes of one type only one matches. */
    private static final String CHANGE = """
            UPDATE local_message_switch SET mode = :mode, switched_at = :switchedAt
            WHERE message_type = :type AND mode = :from""";

    private static final String DELETE = """
            DELETE FROM local_message_switch WHERE message_type = :type""";

    final String list;

    final String insert;

    final String change;

    final String delete;

    RouteSwitchStatements(TableName outbox) {
        this.list = StatementText.forSwitchTable(LIST, outbox);
        this.insert = StatementText.forSwitchTable(INSERT, outbox);
        this.change = StatementText.forSwitchTable(CHANGE, outbox);
        this.delete = StatementText.forSwitchTable(DELETE, outbox);
    }
}
