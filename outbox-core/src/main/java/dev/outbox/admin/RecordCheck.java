/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

/**
 * The answer of {@link BrokerRecords} for one SENT message.
 *
 * @param id the message id
 * @param status whether the broker holds its record
 * @param detail why, in a sentence: for example the record's offset and the partition's earliest offset
 */
public record RecordCheck(long id, RecordStatus status, String detail) {

    /**
     * @return whether the message should be sent again: its record is missing or is another message's
     */
    public boolean problem() {
        return this.status == RecordStatus.MISSING || this.status == RecordStatus.MISMATCHED;
    }
}
