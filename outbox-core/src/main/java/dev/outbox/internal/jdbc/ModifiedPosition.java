/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;

/**
 * A position in the cleanup's scan of old rows of one state: by modification time, then id.
 *
 * @param modifiedAt the row's modification time
 * @param id the row's id
 */
public record ModifiedPosition(Instant modifiedAt, long id) {
}
