/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.guard;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.outbox.store.DatabaseType;
import org.jspecify.annotations.Nullable;

/**
 * The statements of a {@link StaleUpdateGuard}, written once from validated identifiers. Each binds
 * the values of the set columns in their configured order.
 *
 * @param update sets the columns and the version where the key's stored version is older; binds the
 * values, the version, the key, the version
 * @param insert inserts the key's first row; binds the key, the version, the values
 * @param upsert the insert that updates an existing row only if its version is older, in one statement,
 * binding like {@code insert}; null where the database has none that reports a stale message as no row
 * changed (MySQL's {@code ON DUPLICATE KEY UPDATE} counts it as found, with the drivers' defaults)
 */
record GuardSql(String update, String insert, @Nullable String upsert) {

    static GuardSql of(DatabaseType database, String table, String keyColumn, String versionColumn,
            List<String> columns) {
        List<String> written = new ArrayList<>(columns);
        written.add(versionColumn);
        String update = "UPDATE " + table + " SET " + join(written, column -> column + " = ?")
                + " WHERE " + keyColumn + " = ? AND " + versionColumn + " < ?";
        List<String> inserted = new ArrayList<>();
        inserted.add(keyColumn);
        inserted.add(versionColumn);
        inserted.addAll(columns);
        String insert = "INSERT INTO " + table + " (" + String.join(", ", inserted) + ") VALUES ("
                + String.join(", ", Collections.nCopies(inserted.size(), "?")) + ")";
        String upsert = switch (database) {
            case POSTGRESQL -> insert + " ON CONFLICT (" + keyColumn + ") DO UPDATE SET "
                    + join(written, column -> column + " = EXCLUDED." + column)
                    + " WHERE " + table + "." + versionColumn + " < EXCLUDED." + versionColumn;
            case MYSQL, H2 -> null;
        };
        return new GuardSql(update, insert, upsert);
    }

    private static String join(List<String> columns, Function<String, String> each) {
        return columns.stream().map(each).collect(Collectors.joining(", "));
    }
}
