/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

/**
 * How a message was confirmed delivered.
 */
sealed interface Confirmation {

    /**
     * The broker acknowledged the message; the row is to be marked SENT.
     *
     * @param brokerMessageId the id the broker assigned
     */
    record Acknowledged(String brokerMessageId) implements Confirmation {
    }

    /**
     * A local handler succeeded and its transaction marked the row CONSUMED already.
     */
    record HandledLocally() implements Confirmation {
    }
}
