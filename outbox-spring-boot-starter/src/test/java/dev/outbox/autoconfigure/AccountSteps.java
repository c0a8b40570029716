/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.sender.OutboxHeaders;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The steps of closing accounts, each a separate side effect that must run once and in order per account: saved
 * as sequenced messages with the account as ordering key, consumed in order through a broker, each run recorded
 * as a row of {@code account_step} in the consumer's transaction. Some deliveries "lose their acknowledgement":
 * the consumer's transaction commits, then the listener throws, so the broker delivers them again.
 */
final class AccountSteps {

    static final int ACCOUNTS = 10;

    static final int STEPS = 5;

    private static final String TYPE = "account.step";

    private final ApplicationContext context;

    private final JdbcTemplate jdbc;

    private final TransactionTemplate transaction;

    private final Inbox inbox;

    private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();

    private final AtomicInteger duplicates = new AtomicInteger();

    AccountSteps(ApplicationContext context) {
        this.context = context;
        this.jdbc = new JdbcTemplate(context.getBean(DataSource.class));
        this.transaction = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
        this.inbox = context.getBean(Inbox.class);
        this.jdbc.execute("DROP TABLE IF EXISTS account_step");
        this.jdbc.execute("CREATE TABLE account_step (id BIGINT AUTO_INCREMENT PRIMARY KEY, account VARCHAR(64) NOT NULL, "
                + "step INT NOT NULL)");
    }

    /**
     * Saves every account's steps, each in a transaction of its own, the accounts' interleaved, and waits until all
     * were sent.
     */
    void saveAndAwaitSent(String topic) {
        List<Long> ids = new ArrayList<>();
        for (int step = 1; step <= STEPS; step++) {
            for (int account = 0; account < ACCOUNTS; account++) {
                String orderingKey = "account-" + account;
                String key = orderingKey + "/step-" + step;
                ids.add(OutboxContexts.save(this.context, outbox -> outbox.message(TYPE).key(key).topic(topic)
                        .payload("{}").orderingKey(orderingKey).sequenced().save()).id());
            }
        }
        ids.forEach(id -> OutboxContexts.awaitSent(this.context, id));
    }

    /**
     * Consumes a delivery in order, as a listener does, in a transaction of its own; every third message's first
     * delivery throws after its commit, as if its acknowledgement were lost.
     *
     * @param headers the delivery's headers
     * @throws dev.outbox.consumer.inbox.OutOfOrderException for a message that came before an earlier one of its
     * account
     */
    void consume(Map<String, String> headers) {
        boolean duplicate = this.transaction.execute(status -> this.inbox.consumeInOrder("account-closing", TYPE,
                headers, () -> this.jdbc.update("INSERT INTO account_step (account, step) VALUES (?, ?)",
                        headers.get(OutboxHeaders.ORDERING_KEY),
                        Integer.parseInt(headers.get(OutboxHeaders.SEQUENCE))))).duplicate();
        if (duplicate) {
            this.duplicates.incrementAndGet();
        }
        String id = headers.get(OutboxHeaders.ID);
        if (Long.parseLong(id) % 3 == 0 && this.acknowledged.add(id)) {
            throw new IllegalStateException("acknowledgement of message " + id + " lost");
        }
    }

    /**
     * @return whether every account's steps ran, and every delivery whose acknowledgement was lost came again
     */
    boolean settled() {
        return count() >= ACCOUNTS * STEPS && this.duplicates.get() >= this.acknowledged.size();
    }

    /**
     * Asserts that each account's steps ran once each, in order, and that the redelivered ones were duplicates.
     */
    void assertEachAccountsStepsRanOnceInOrder() {
        assertThat(count()).isEqualTo(ACCOUNTS * STEPS);
        for (int account = 0; account < ACCOUNTS; account++) {
            assertThat(this.jdbc.queryForList("SELECT step FROM account_step WHERE account = ? ORDER BY id",
                    Integer.class, "account-" + account)).as("account-" + account)
                    .containsExactlyElementsOf(IntStream.rangeClosed(1, STEPS).boxed().toList());
        }
        assertThat(this.acknowledged).as("deliveries whose acknowledgement was lost").isNotEmpty();
    }

    private int count() {
        Integer count = this.jdbc.queryForObject("SELECT COUNT(*) FROM account_step", Integer.class);
        return (count != null) ? count : 0;
    }
}
