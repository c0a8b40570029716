/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

/**
 * The databases the outbox runs on. An {@link OutboxStore} detects its database from the
 * {@code DataSource}'s metadata unless one is chosen.
 */
public enum DatabaseType {

    /** MySQL 8 and MariaDB 10.6+ (older versions work with the optimistic claim). */
    MYSQL,

    /** PostgreSQL 12+. */
    POSTGRESQL,

    /** H2 2.x, for embedded development. */
    H2
}
