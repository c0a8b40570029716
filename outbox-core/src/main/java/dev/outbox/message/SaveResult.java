/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.message;


/**
 * What {@link dev.outbox.OutboxTemplate} did with a message.
 *
 * @param id the id of the stored row: the new row, or for a duplicate the row saved first
 * @param duplicate whether a message with the same key and type already existed, so nothing was written
 * @param sequence the number a sequenced message took within its ordering key ({@link dev.outbox.MessageBuilder#sequenced()}),
 * from 1; 0 when the message is not sequenced, or is a duplicate, which takes no number
 */
public record SaveResult(long id, boolean duplicate, long sequence) {

    /**
     * The result of a save that took no number.
     *
     * @param id the id of the stored row: the new row, or for a duplicate the row saved first
     * @param duplicate whether a message with the same key and type already existed, so nothing was written
     */
    public SaveResult(long id, boolean duplicate) {
        this(id, duplicate, 0);
    }
}
