/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

/**
 * A candidate of the optimistic claim as read, before its lease.
 *
 * @param id the row id
 * @param lockVersion its version when read
 */
record RowVersion(long id, long lockVersion) {
}
