/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.store;

import java.util.ArrayList;
import java.util.List;

import dev.outbox.internal.sql.TableName;
import dev.outbox.settings.Setting;

/**
 * Checks that the tables of one store have names of their own: the three that are set and those the migrations
 * derive from them (the sequence tables, the switch table, the idempotency keys' table, the history table). Two of them named alike would be
 * one table on every database, PostgreSQL and H2 folding unquoted names to one case, so they are compared
 * case-insensitively.
 */
final class StoreTables {

    private final List<Table> tables = new ArrayList<>();

    StoreTables(TableName outbox, TableName inbox, TableName archive) {
        add(OutboxStore.OUTBOX_TABLE, outbox.value(), "the outbox table", outbox.value());
        add(OutboxStore.OUTBOX_TABLE, outbox.value(), "the outbox's sequence table", outbox.sequenceTable());
        add(OutboxStore.OUTBOX_TABLE, outbox.value(), "the outbox's switch table", outbox.switchTable());
        add(OutboxStore.OUTBOX_TABLE, outbox.value(), "the idempotency keys' table", outbox.idempotencyTable());
        add(OutboxStore.OUTBOX_TABLE, outbox.value(), "the history table of the migrations", outbox.historyTable());
        add(OutboxStore.INBOX_TABLE, inbox.value(), "the inbox table", inbox.value());
        add(OutboxStore.INBOX_TABLE, inbox.value(), "the inbox's sequence table", inbox.sequenceTable());
        add(OutboxStore.ARCHIVE_TABLE, archive.value(), "the archive table", archive.value());
    }

    private void add(Setting<String> setting, String value, String role, String name) {
        this.tables.add(new Table(setting, value, role, name));
    }

    /**
     * @throws dev.outbox.settings.SettingException naming the later of two settings whose tables share a name
     */
    void requireDistinct() {
        for (int later = 1; later < this.tables.size(); later++) {
            Table table = this.tables.get(later);
            for (Table earlier : this.tables.subList(0, later)) {
                if (earlier.setting() != table.setting() && earlier.name().equalsIgnoreCase(table.name())) {
                    throw table.setting().invalid(table.clash(earlier));
                }
            }
        }
    }

    /** One table of the store: its name, its role, and the setting whose value it is or is derived from. */
    private record Table(Setting<String> setting, String value, String role, String name) {

        String clash(Table other) {
            String what = this.value.equals(this.name) ? "('" + this.value + "') is"
                    : "('" + this.value + "') makes " + this.role + " " + this.name + ", which is";
            return what + " also the name of " + other.role + ((other.name.equals(other.value)) ? ""
                    : " (" + other.name + ")") + ": give each table of the store a name of its own";
        }
    }
}
