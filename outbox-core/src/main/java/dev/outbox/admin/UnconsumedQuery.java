/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Duration;

/**
 * Which page of the messages a consumer group has not consumed to read ({@link OutboxAdmin#unconsumed}): SENT
 * messages sent more than a while ago, after an id, in id order.
 *
 * @param consumerGroup the consumer group, as its consumer names it in the inbox
 * @param olderThan only messages sent at least this long ago: the time the group may take to consume one
 * @param afterId only messages with a greater id: 0 for the first page, then the page's
 * {@link MessagePage#nextAfterId()}
 * @param size the most messages on the page, 1 to {@value MessageQuery#MAX_SIZE}
 */
public record UnconsumedQuery(String consumerGroup, Duration olderThan, long afterId, int size) {

    /** The width of the inbox's {@code consumer_group} column. */
    private static final int MAX_CONSUMER_GROUP_LENGTH = 128;

    /**
     * @param consumerGroup the consumer group, as its consumer names it in the inbox
     * @param olderThan only messages sent at least this long ago
     * @param afterId only messages with a greater id: 0 for the first page
     * @param size the most messages on the page, 1 to {@value MessageQuery#MAX_SIZE}
     * @throws IllegalArgumentException when the group is blank or longer than 128 characters, the duration
     * negative, the id negative, or the size outside 1 to {@value MessageQuery#MAX_SIZE}
     */
    public UnconsumedQuery {
        if (consumerGroup.isBlank() || consumerGroup.length() > MAX_CONSUMER_GROUP_LENGTH) {
            throw new IllegalArgumentException("A consumer group has 1 to " + MAX_CONSUMER_GROUP_LENGTH
                    + " characters and is not blank, was '" + consumerGroup + "'");
        }
        if (olderThan.isNegative()) {
            throw new IllegalArgumentException("olderThan must not be negative, was " + olderThan);
        }
        AdminArguments.requirePage(afterId, size, MessageQuery.MAX_SIZE);
    }
}
