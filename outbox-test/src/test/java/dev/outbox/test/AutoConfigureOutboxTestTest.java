/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.time.Clock;
import java.time.Duration;

import dev.outbox.Dispatcher;
import dev.outbox.OutboxTemplate;
import dev.outbox.autoconfigure.OutboxAutoConfiguration;
import dev.outbox.message.MessageState;
import dev.outbox.spi.SendFailure;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link AutoConfigureOutboxTest} in a {@code @SpringBootTest}: the dispatcher does not start, the application's
 * sender records, the outbox's clock is the test clock, and the kit forgets one test's sends and failures before
 * the next test (the methods run in order to show it).
 */
@SpringBootTest(properties = { "spring.datasource.url=jdbc:h2:mem:auto-configure-outbox-test;DB_CLOSE_DELAY=-1",
    "outbox.logging-sender.enabled=true" })
@AutoConfigureOutboxTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AutoConfigureOutboxTestTest {

    @Autowired
    private OutboxTestKit kit;

    @Autowired
    private Dispatcher dispatcher;

    @Autowired
    private OutboxTemplate outbox;

    @Autowired
    private TransactionTemplate transaction;

    @Autowired
    @Qualifier(OutboxAutoConfiguration.CLOCK_BEAN_NAME)
    private Clock outboxClock;

    @Test
    @Order(1)
    void theDispatcherDeliversOnlyWhenTheTestDrains() {
        assertThat(this.dispatcher.isRunning()).isFalse();
        assertThat(this.outboxClock).isSameAs(this.kit.clock());
        this.kit.sender().failType("order.paid", SendFailure.MESSAGE);

        save("order.created", "o-1");
        save("order.paid", "o-1");
        this.kit.sent().isEmpty();

        assertThat(this.kit.drain()).isEqualTo(2);
        this.kit.sent().hasKeys("o-1").single().hasType("order.created");
        this.kit.sender().failed().single().hasType("order.paid");
    }

    @Test
    @Order(2)
    void eachTestStartsWithNothingSentAndNothingToFail() {
        this.kit.sent().isEmpty();
        this.kit.sender().failed().isEmpty();
        this.kit.clock().advance(Duration.ofHours(1));

        assertThat(this.kit.drain()).as("the retry of the earlier test's failed send").isEqualTo(1);

        this.kit.sent().single().hasType("order.paid");
        this.kit.saved(MessageState.SENT).withKey("o-1").hasSize(2);
    }

    private void save(String type, String key) {
        this.transaction.executeWithoutResult(status -> this.outbox.save(type, key, "orders", "{}"));
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application {
    }
}
