/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.store.OutboxStore;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Three steps of one account, saved as sequenced messages, the second stuck (due only in an hour) so that it holds
 * the third back, as a message an operator meets in the console: the operator suspends it and skips it, and later
 * resumes it. The consumer runs the steps in order through the inbox and records each run in {@code skipped_step}.
 */
final class SkippedStep {

    private static final String GROUP = "account-closing";

    private static final String TYPE = "account.step";

    private static final String ACCOUNT = "closing-account";

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final ApplicationContext context;

    private final JdbcTemplate jdbc;

    private final TransactionTemplate transaction;

    private final Inbox inbox;

    private final OutboxAdmin admin;

    private long second;

    SkippedStep(ApplicationContext context) {
        this.context = context;
        this.jdbc = new JdbcTemplate(context.getBean(DataSource.class));
        this.transaction = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
        this.inbox = context.getBean(Inbox.class);
        this.admin = context.getBean(OutboxAdmin.class);
        this.jdbc.execute("DROP TABLE IF EXISTS skipped_step");
        this.jdbc.execute("CREATE TABLE skipped_step (id BIGINT AUTO_INCREMENT PRIMARY KEY, step INT NOT NULL)");
    }

    /**
     * Saves steps 1, 2 (stuck) and 3, and waits until step 1 was sent.
     */
    void saveWithTheSecondStuck(String topic) {
        long first = save(topic, 1, Duration.ZERO);
        this.second = save(topic, 2, Duration.ofHours(1));
        save(topic, 3, Duration.ZERO);
        OutboxContexts.awaitSent(this.context, first);
    }

    /**
     * Consumes a delivery in order, as a listener does, in a transaction of its own.
     *
     * @param headers the delivery's headers
     */
    void consume(Map<String, String> headers) {
        this.transaction.execute(status -> this.inbox.consumeInOrder(GROUP, TYPE, headers, () -> this.jdbc.update(
                "INSERT INTO skipped_step (step) VALUES (?)", Integer.parseInt(headers.get(OutboxHeaders.SEQUENCE)))));
    }

    /**
     * With the consumer running: step 1 runs; the operator suspends and skips step 2, and the consumer runs step 3
     * instead of holding it; the operator resumes step 2, and it runs once, late.
     */
    void skipTheSecondThenResumeIt() {
        await().atMost(PATIENCE).until(() -> applied().equals(List.of(1)));
        assertThat(this.admin.suspend(this.second).outcome()).isEqualTo(Outcome.DONE);
        assertThat(this.admin.skip(this.second).outcome()).isEqualTo(Outcome.DONE);

        await().atMost(PATIENCE).until(() -> applied().equals(List.of(1, 3)));
        assertThat(passedNumber()).as("step 2, recorded as skipped").isEqualTo(Inbox.SKIPPED_RESULT);
        long kept = Long.parseLong(this.admin.find(this.second).orElseThrow().headers().get(OutboxHeaders.SKIPPED));

        assertThat(this.admin.resume(kept).outcome()).isEqualTo(Outcome.DONE);
        await().atMost(PATIENCE).until(() -> applied().equals(List.of(1, 3, 2)));
        assertThat(passedNumber()).isEqualTo("applied late");
    }

    private long save(String topic, int step, Duration delay) {
        return OutboxContexts.save(this.context, outbox -> outbox.message(TYPE).key(ACCOUNT + "/step-" + step)
                .topic(topic).payload("{}").orderingKey(ACCOUNT).sequenced().delay(delay).save()).id();
    }

    private List<Integer> applied() {
        return this.jdbc.queryForList("SELECT step FROM skipped_step ORDER BY id", Integer.class);
    }

    private String passedNumber() {
        return this.jdbc.queryForObject("SELECT result FROM " + OutboxStore.DEFAULT_INBOX_TABLE
                + " WHERE consumer_group = ? AND idempotency_key = ?", String.class, GROUP, "outbox-skipped:2:" + ACCOUNT);
    }
}
