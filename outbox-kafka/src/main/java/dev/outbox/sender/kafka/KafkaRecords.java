/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

import dev.outbox.admin.BrokerRecords;
import dev.outbox.admin.RecordCheck;
import dev.outbox.admin.RecordStatus;
import dev.outbox.message.MessageSummary;
import dev.outbox.sender.OutboxHeaders;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Reads back from Kafka the records of SENT messages, for reconciliation: each row names its record as
 * {@code topic-partition@offset}, which this reads with a consumer of its own (assigned to the partition and
 * positioned at the offset, in no consumer group, committing nothing) and checks for the row's
 * {@value OutboxHeaders#ID} header. A record below the partition's earliest offset (deleted by retention or by
 * {@code deleteRecords}), at or past its end, or gone by compaction is {@link RecordStatus#MISSING}; a record of
 * another outbox id is {@link RecordStatus#MISMATCHED}; a row whose id has another form (a dead letter's, a
 * fallback's, another broker's) is {@link RecordStatus#NOT_CHECKABLE}.
 */
public final class KafkaRecords implements BrokerRecords {

    /** How long one read of the broker (offsets, or a record) may wait before its rows are reported unanswered. */
    public static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

    private static final Duration POLL = Duration.ofMillis(500);

    private final Supplier<Consumer<byte[], byte[]>> consumers;

    /**
     * @param consumers makes a new consumer for each check; it is closed at the end of the check
     */
    public KafkaRecords(Supplier<Consumer<byte[], byte[]>> consumers) {
        this.consumers = consumers;
    }

    /**
     * @param template the template the outbox sends with: its producer's connection settings (servers, security)
     * are those of the consumer that reads back
     * @return a reader of the brokers the template sends to
     */
    public static KafkaRecords of(KafkaTemplate<?, ?> template) {
        Map<String, Object> properties = new HashMap<>(template.getProducerFactory().getConfigurationProperties());
        properties.keySet().retainAll(ConsumerConfig.configNames());
        properties.remove(ConsumerConfig.CLIENT_ID_CONFIG);
        properties.remove(ConsumerConfig.GROUP_ID_CONFIG);
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        properties.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500);
        return new KafkaRecords(() -> new KafkaConsumer<>(properties, new ByteArrayDeserializer(),
                new ByteArrayDeserializer()));
    }

    @Override
    public List<RecordCheck> check(List<MessageSummary> sent) {
        List<RecordCheck> checks = new ArrayList<>(sent.size());
        Map<TopicPartition, TreeMap<Long, List<Long>>> idsByOffset = new HashMap<>();
        for (MessageSummary message : sent) {
            Optional<KafkaRecordId> record = KafkaRecordId.parse(message.brokerMessageId());
            if (record.isEmpty()) {
                checks.add(new RecordCheck(message.id(), RecordStatus.NOT_CHECKABLE, "its broker message id '"
                        + message.brokerMessageId() + "' names no Kafka record (topic-partition@offset)"));
            }
            else {
                idsByOffset.computeIfAbsent(record.get().partition(), partition -> new TreeMap<>())
                        .computeIfAbsent(record.get().offset(), offset -> new ArrayList<>()).add(message.id());
            }
        }
        if (!idsByOffset.isEmpty()) {
            try (Consumer<byte[], byte[]> consumer = this.consumers.get()) {
                idsByOffset.forEach((partition, ids) -> checks.addAll(new PartitionCheck(consumer, partition, ids)
                        .run()));
            }
        }
        return checks;
    }

    /** The checks of one partition's records, read in offset order. */
    private static final class PartitionCheck {

        private final Consumer<byte[], byte[]> consumer;

        private final TopicPartition partition;

        /** The ids of the rows that name each offset: one, unless rows disagree with the broker. */
        private final TreeMap<Long, List<Long>> idsByOffset;

        private final List<RecordCheck> checks = new ArrayList<>();

        /** The records read so far, of the offsets asked for. */
        private final Map<Long, ConsumerRecord<byte[], byte[]>> read = new HashMap<>();

        /** The offset the reads have reached: below it, an offset asked for and not read holds no record. */
        private long readUpTo = -1;

        PartitionCheck(Consumer<byte[], byte[]> consumer, TopicPartition partition,
                TreeMap<Long, List<Long>> idsByOffset) {
            this.consumer = consumer;
            this.partition = partition;
            this.idsByOffset = idsByOffset;
        }

        List<RecordCheck> run() {
            boolean exists = this.consumer.partitionsFor(this.partition.topic(), READ_TIMEOUT).stream()
                    .anyMatch(info -> info.partition() == this.partition.partition());
            if (!exists) {
                this.idsByOffset.values().stream().flatMap(List::stream).forEach(id -> missing(id, "the topic " + this.partition.topic()
                        + " has no partition " + this.partition.partition() + " any more"));
                return this.checks;
            }
            long start = this.consumer.beginningOffsets(List.of(this.partition), READ_TIMEOUT).get(this.partition);
            long end = this.consumer.endOffsets(List.of(this.partition), READ_TIMEOUT).get(this.partition);
            this.consumer.assign(List.of(this.partition));
            this.idsByOffset.forEach((offset, ids) -> ids.forEach(id -> {
                if (offset < start) {
                    missing(id, "offset " + offset + " of " + this.partition + " is below its earliest offset "
                            + start + ": deleted by retention or by hand");
                }
                else if (offset >= end) {
                    missing(id, "offset " + offset + " of " + this.partition + " is at or past its end offset "
                            + end + ": lost by the broker");
                }
                else {
                    check(id, offset);
                }
            }));
            return this.checks;
        }

        private void check(long id, long offset) {
            if (offset >= this.readUpTo && !readFrom(offset)) {
                this.checks.add(new RecordCheck(id, RecordStatus.NOT_CHECKABLE, "offset " + offset + " of "
                        + this.partition + " could not be read within " + READ_TIMEOUT));
                return;
            }
            ConsumerRecord<byte[], byte[]> record = this.read.get(offset);
            if (record == null) {
                missing(id, "offset " + offset + " of " + this.partition + " holds no record any more (compacted)");
                return;
            }
            Header header = record.headers().lastHeader(OutboxHeaders.ID);
            String outboxId = (header != null) ? new String(header.value(), StandardCharsets.UTF_8) : null;
            if (Long.toString(id).equals(outboxId)) {
                this.checks.add(new RecordCheck(id, RecordStatus.FOUND, "offset " + offset + " of " + this.partition));
            }
            else {
                this.checks.add(new RecordCheck(id, RecordStatus.MISMATCHED, "offset " + offset + " of "
                        + this.partition + " holds " + ((outboxId != null) ? "the record of outbox id " + outboxId
                                : "a record without the " + OutboxHeaders.ID + " header")));
            }
        }

        /**
         * Reads the partition from an offset until the reads pass it, keeping the records of the offsets asked for.
         *
         * @return whether the offset was passed within the timeout
         */
        private boolean readFrom(long offset) {
            this.consumer.seek(this.partition, offset);
            long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : this.consumer.poll(POLL).records(this.partition)) {
                    if (this.idsByOffset.containsKey(record.offset())) {
                        this.read.put(record.offset(), record);
                    }
                }
                this.readUpTo = this.consumer.position(this.partition);
                if (this.readUpTo > offset) {
                    return true;
                }
            }
            return false;
        }

        private void missing(long id, String detail) {
            this.checks.add(new RecordCheck(id, RecordStatus.MISSING, detail));
        }
    }
}
