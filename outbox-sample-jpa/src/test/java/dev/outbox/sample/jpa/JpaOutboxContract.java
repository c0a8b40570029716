/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample.jpa;

import java.util.List;
import java.util.stream.IntStream;

import dev.outbox.testing.TestDatabase;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.PlatformTransactionManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The outbox under Spring Data JPA and Hibernate, with Boot's {@link JpaTransactionManager}, on a real database:
 * an entity and its message commit together or not at all, also when Hibernate fails only at the flush of the
 * commit; a read-only transaction is refused; JDBC batching and an {@code IDENTITY} id generator work. One thin
 * subclass per database, each skipped, with the reason printed, where its server is missing.
 */
@SpringBootTest
@DirtiesContext
abstract class JpaOutboxContract {

    private static @Nullable TestDatabase database;

    @Autowired
    private JpaOrderService orders;

    @Autowired
    private PurchaseOrderRepository repository;

    @Autowired
    private JdbcTemplate jdbc;

    @Autowired
    private PlatformTransactionManager transactionManager;

    static void createDatabase(TestDatabase.Kind kind, String name) {
        database = TestDatabase.create(kind, name);
    }

    static void registerDatabase(DynamicPropertyRegistry registry) {
        database().springDataSource().forEach((name, value) -> registry.add(name, () -> value));
    }

    @AfterAll
    static void closeDatabase() {
        if (database != null) {
            database.close();
        }
    }

    private static TestDatabase database() {
        if (database == null) {
            throw new IllegalStateException("The test database is created in @BeforeAll");
        }
        return database;
    }

    @Test
    void theTransactionIsJpasAndTheEntityAndItsMessageCommitTogether() {
        assertThat(this.transactionManager).isInstanceOf(JpaTransactionManager.class);

        PurchaseOrder order = this.orders.place("o-100", "c-1", 3);

        assertThat(order.getId()).as("given by the database at insert").isNotNull();
        assertThat(this.repository.findByOrderNumber("o-100")).isPresent();
        assertThat(messages(JpaOrderService.ORDER_PLACED, "o-100")).isOne();
    }

    @Test
    void aRollbackLeavesNeitherTheEntityNorItsMessage() {
        assertThatThrownBy(() -> this.orders.placeThenFail("o-200", "c-2"))
                .isInstanceOf(IllegalStateException.class);

        assertThat(this.repository.findByOrderNumber("o-200")).isEmpty();
        assertThat(messages(JpaOrderService.ORDER_PLACED, "o-200")).isZero();
    }

    @Test
    void aConstraintViolationAtTheFlushOfTheCommitRollsTheMessageBackToo() {
        this.orders.place("o-300", "c-3", 1);
        this.orders.place("o-301", "c-3", 1);

        // The new number is written by the flush at commit, after the message was saved, and it is taken.
        assertThatThrownBy(() -> this.orders.renumber("o-300", "o-301"))
                .isInstanceOf(DataIntegrityViolationException.class);

        assertThat(messages(JpaOrderService.ORDER_RENUMBERED, "o-301")).isZero();
        assertThat(this.repository.findByOrderNumber("o-300")).isPresent();
    }

    @Test
    void aSaveInAReadOnlyTransactionIsRefusedWithTheOutboxesSentence() {
        assertThatThrownBy(() -> this.orders.saveInReadOnlyTransaction("o-400"))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessage("outbox.save(...) was called in a read-only transaction");

        assertThat(messages(JpaOrderService.ORDER_PLACED, "o-400")).isZero();
    }

    @Test
    void manyOrdersOfOneTransactionWithJdbcBatchingAndIdentityIdsAllCommitWithTheirMessages() {
        List<String> numbers = IntStream.range(0, 120).mapToObj(i -> "o-5" + i).toList();

        List<PurchaseOrder> placed = this.orders.placeAll(numbers, "c-5");

        assertThat(placed).extracting(PurchaseOrder::getId).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM purchase_order WHERE customer_id = 'c-5'",
                Long.class)).isEqualTo(120);
        assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM local_message WHERE message_type = ? AND "
                + "ordering_key = 'c-5'", Long.class, JpaOrderService.ORDER_PLACED)).isEqualTo(120);
    }

    private long messages(String type, String key) {
        Long count = this.jdbc.queryForObject("SELECT COUNT(*) FROM local_message WHERE message_type = ? AND "
                + "message_key = ?", Long.class, type, key);
        return (count != null) ? count : 0;
    }
}
