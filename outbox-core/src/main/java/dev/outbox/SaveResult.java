/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

/**
 * What {@link OutboxTemplate} did with a message.
 *
 * @param id the id of the stored row: the new row, or for a duplicate the row saved first
 * @param duplicate whether a message with the same key and type already existed, so nothing was written
 */
public record SaveResult(long id, boolean duplicate) {
}
