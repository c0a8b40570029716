/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

/**
 * Where a sent message's record is, as {@link KafkaMessageSender} records it: {@code topic-partition@offset}.
 *
 * @param partition the topic and partition
 * @param offset the record's offset in it
 */
record KafkaRecordId(TopicPartition partition, long offset) {

    /** Kafka's topic names are letters, digits, '.', '_' and '-': another form (a dead letter's, a fallback's) is not one. */
    private static final Pattern FORM = Pattern.compile("([A-Za-z0-9._-]+)-(\\d{1,9})@(\\d{1,19})");

    /**
     * @param brokerMessageId the id a send recorded, if any
     * @return the record's place, when the id has the Kafka sender's form
     */
    static Optional<KafkaRecordId> parse(@Nullable String brokerMessageId) {
        if (brokerMessageId == null) {
            return Optional.empty();
        }
        Matcher id = FORM.matcher(brokerMessageId);
        if (!id.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new KafkaRecordId(new TopicPartition(id.group(1), Integer.parseInt(id.group(2))),
                    Long.parseLong(id.group(3))));
        }
        catch (NumberFormatException ex) {
            return Optional.empty();
        }
    }
}
