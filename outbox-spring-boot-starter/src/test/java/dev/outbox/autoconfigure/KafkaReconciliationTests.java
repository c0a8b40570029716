/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import javax.sql.DataSource;

import dev.outbox.admin.BrokerRecords;
import dev.outbox.admin.OperationResult;
import dev.outbox.admin.Outcome;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.RecordCheck;
import dev.outbox.admin.RecordStatus;
import dev.outbox.admin.Reconciliation;
import dev.outbox.admin.ReconciliationQuery;
import dev.outbox.sender.kafka.KafkaRecords;
import dev.outbox.sender.kafka.autoconfigure.OutboxKafkaAutoConfiguration;
import dev.outbox.testing.TestDatabase;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Reconciliation on a real Kafka (an in-process KRaft broker) from a PostgreSQL outbox: records deleted from the
 * partition are reported missing, a row that names another message's record mismatched, a row with an id of
 * another form not checkable, the rest found; re-sent, the lost messages are found again.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaReconciliationTests {

    private static final String ORDERS = "outbox-reconciled-orders";

    private EmbeddedKafkaKraftBroker kafka;

    private TestDatabase database;

    @BeforeAll
    void startBroker() {
        this.database = TestDatabase.create(TestDatabase.Kind.POSTGRESQL, "kafka_reconciliation");
        this.kafka = new EmbeddedKafkaKraftBroker(1, 1, ORDERS);
        this.kafka.afterPropertiesSet();
    }

    @AfterAll
    void stopBroker() {
        if (this.kafka != null) {
            this.kafka.destroy();
        }
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(KafkaAutoConfiguration.class,
                        OutboxKafkaAutoConfiguration.class, OutboxAdminAutoConfiguration.class))
                .withPropertyValues("spring.kafka.bootstrap-servers=" + this.kafka.getBrokersAsString(),
                        "outbox.dispatcher.poll-interval=100ms", "outbox.dispatcher.max-poll-interval=200ms");
    }

    @Test
    void recordsDeletedFromThePartitionAreReportedMissingAndFoundAgainOnceResent() {
        runner().run(context -> {
            Instant from = Instant.now().minus(Duration.ofMinutes(1));
            List<Long> ids = List.of(save(context, "order-1"), save(context, "order-2"), save(context, "order-3"),
                    save(context, "order-4"), save(context, "order-5"));
            ids.forEach(id -> OutboxContexts.awaitSent(context, id));
            long firstKept = offset(context, ids.get(2));
            deleteRecordsBefore(firstKept);
            JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
            // A row that names the record of another message, and one sent by some other way.
            jdbc.update("UPDATE local_message SET message_id = ? WHERE id = ?",
                    OutboxContexts.stored(context, ids.get(4)).brokerMessageId(), ids.get(3));
            jdbc.update("UPDATE local_message SET message_id = 'fallback:local' WHERE id = ?", ids.get(4));
            Instant to = Instant.now().plus(Duration.ofMinutes(1));
            OutboxAdmin admin = context.getBean(OutboxAdmin.class);
            BrokerRecords kafkaRecords = context.getBean(BrokerRecords.class);
            assertThat(kafkaRecords).isInstanceOf(KafkaRecords.class);

            Reconciliation report = admin.reconcile(ReconciliationQuery.of(from, to), kafkaRecords);

            assertThat(report.checked()).isEqualTo(5);
            assertThat(report.found()).isOne();
            assertThat(report.notCheckable()).isOne();
            assertThat(report.problems()).extracting(RecordCheck::id, RecordCheck::status).containsExactly(
                    tuple(ids.get(0), RecordStatus.MISSING),
                    tuple(ids.get(1), RecordStatus.MISSING),
                    tuple(ids.get(3), RecordStatus.MISMATCHED));
            assertThat(report.problems().get(0).detail()).contains("below its earliest offset " + firstKept);
            assertThat(report.problems().get(2).detail()).contains("the record of outbox id " + ids.get(4));

            List<OperationResult> resent = admin.resend(report.problemIds());

            assertThat(resent).extracting(OperationResult::outcome).containsOnly(Outcome.DONE);
            report.problemIds().forEach(id -> OutboxContexts.awaitSent(context, id));
            Reconciliation after = admin.reconcile(ReconciliationQuery.of(from, Instant.now().plus(Duration.ofMinutes(1))),
                    kafkaRecords);
            assertThat(after.problems()).isEmpty();
            assertThat(after.found()).isEqualTo(4);
            assertThat(KafkaTestRecords.consume(this.kafka.getBrokersAsString(), ORDERS, 6, Duration.ofSeconds(20)))
                    .extracting(KafkaTestRecords::outboxId).contains(ids.get(0), ids.get(1), ids.get(3));
        });
    }

    @Test
    void aRowOfADeletedTopicOrPartitionIsMissing() {
        runner().run(context -> {
            Instant from = Instant.now().minus(Duration.ofMinutes(1));
            long id = save(context, "order-9");
            OutboxContexts.awaitSent(context, id);
            new JdbcTemplate(context.getBean(DataSource.class)).update("UPDATE local_message SET message_id = ? WHERE id = ?",
                    ORDERS + "-7@0", id);

            Reconciliation report = context.getBean(OutboxAdmin.class).reconcile(ReconciliationQuery.of(from,
                    Instant.now().plus(Duration.ofMinutes(1))), context.getBean(BrokerRecords.class));

            assertThat(report.problems()).singleElement().satisfies(problem -> {
                assertThat(problem.status()).isEqualTo(RecordStatus.MISSING);
                assertThat(problem.detail()).contains("has no partition 7");
            });
        });
    }

    private static long save(ApplicationContext context, String key) {
        return OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key).topic(ORDERS)
                .payload("{}").save()).id();
    }

    private static long offset(ApplicationContext context, long id) {
        String messageId = OutboxContexts.stored(context, id).brokerMessageId();
        return Long.parseLong(messageId.substring(messageId.lastIndexOf('@') + 1));
    }

    private void deleteRecordsBefore(long offset) throws Exception {
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.kafka.getBrokersAsString());
        try (AdminClient admin = AdminClient.create(properties)) {
            admin.deleteRecords(Map.of(new TopicPartition(ORDERS, 0), RecordsToDelete.beforeOffset(offset))).all()
                    .get();
        }
    }
}
