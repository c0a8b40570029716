/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.util.List;

import dev.outbox.message.MessageSummary;

/**
 * Reads back from a broker the records of messages the outbox recorded as SENT, for
 * {@link OutboxAdmin#reconcile}: whether each is still there and is the message's own.
 *
 * <p>An implementation answers for the rows it can read (for Kafka, those whose broker message id is
 * {@code topic-partition@offset}) and says {@link RecordStatus#NOT_CHECKABLE} for the others. It must not
 * change anything on the broker.
 */
@FunctionalInterface
public interface BrokerRecords {

    /**
     * @param sent SENT messages, at most {@value OutboxAdmin#RECONCILE_BATCH_SIZE}, each with its topic and the
     * broker message id its send recorded
     * @return one check per message, in any order
     */
    List<RecordCheck> check(List<MessageSummary> sent);
}
