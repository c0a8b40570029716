/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.schema.OutboxSchema;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dead letters on a real broker, with the core and a broker module only: a message whose destination the broker
 * refuses goes FAILED, and its type's dead-letter route publishes it, through the same sender, to a second
 * destination on the broker, with the reason, the original topic, the attempts and the outbox id, while the other
 * messages are sent and no route pauses; the row records the dead letter's broker id. A dead-letter destination the
 * broker refuses too leaves the row FAILED with a note of it. Each broker module's test extends it with how its
 * broker refuses a destination and how to read what arrived.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class BrokerDeadLetterContract {

    private static final String TYPE = "order.created";

    /** The attempts a message has before it is FAILED, one a minute of the test's clock. */
    protected static final int MAX_ATTEMPTS = 3;

    private static final Duration RETRY_DELAY = Duration.ofMinutes(1);

    private final MutableClock clock = new MutableClock(Instant.now());

    private TestDatabase database;

    private DataSource dataSource;

    private OutboxStore store;

    /**
     * A message as it arrived on the broker.
     *
     * @param brokerMessageId the id the sender records for it
     * @param headers its headers, the outbox's among them
     * @param body its body
     */
    public record Arrived(String brokerMessageId, Map<String, String> headers, String body) {
    }

    /** @return a sender of the broker module under test, connected to the real broker */
    protected abstract MessageSender sender() throws Exception;

    /** @return a new destination on the broker, which takes messages and which nothing else uses */
    protected abstract String newTopic() throws Exception;

    /** @return a new destination on the broker, to which the broker refuses every message */
    protected abstract String refusingTopic() throws Exception;

    /**
     * @return the attempts after which a message to {@link #refusingTopic} is FAILED: 1 when the sender classifies
     * the refusal as rejected for good, else {@link #MAX_ATTEMPTS}
     */
    protected abstract int attemptsUntilFailed();

    /** @return words of the broker's refusal, which the fail reason and the dead letter's reason hold */
    protected abstract String refusal();

    /** @return what arrived at a destination of {@link #newTopic}, read directly from the broker, oldest first */
    protected abstract List<Arrived> arrivedIn(String topic) throws Exception;

    /** Closes the client of {@link #sender} and deletes whatever the test made on the broker. */
    protected abstract void disconnect() throws Exception;

    @BeforeAll
    void createOutbox() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB,
                getClass().getSimpleName().toLowerCase(Locale.ROOT));
        this.dataSource = this.database.newDataSource(4);
        this.store = OutboxStore.builder(this.dataSource).build();
        OutboxSchema.migrate(this.store);
    }

    @AfterAll
    void closeOutbox() throws Exception {
        disconnect();
        if (this.database != null) {
            this.database.close();
        }
    }

    @Test
    void aMessageTheBrokerRefusesIsFailedAndDeadLetteredWithItsReasonWhileTheOthersAreSent() throws Exception {
        String topic = newTopic();
        String deadLetters = newTopic();
        String refusing = refusingTopic();
        Dispatcher dispatcher = deadLetteringTo(deadLetters);
        long poison = save(refusing, "poison");
        List<Long> others = List.of(save(topic, "other-1"), save(topic, "other-2"));

        StoredMessage failed = dispatchUntilFailed(dispatcher, poison);

        assertThat(others).allSatisfy(id -> assertThat(stored(id).state()).isEqualTo(MessageState.SENT));
        assertThat(arrivedIn(topic)).extracting(arrived -> arrived.headers().get(OutboxHeaders.ID))
                .containsExactlyElementsOf(others.stream().map(String::valueOf).toList());
        assertThat(dispatcher.pausedRoutes()).isEmpty();
        List<Arrived> deadLettered = arrivedIn(deadLetters);
        assertThat(deadLettered).hasSize(1);
        Arrived deadLetter = deadLettered.get(0);
        assertThat(failed.brokerMessageId()).isEqualTo("dead-letter:" + deadLetter.brokerMessageId());
        assertThat(deadLetter.body()).isEqualTo("{\"key\":\"poison\"}");
        assertThat(deadLetter.headers()).containsEntry(OutboxHeaders.ID, Long.toString(poison))
                .containsEntry(OutboxHeaders.TYPE, TYPE).containsEntry(OutboxHeaders.KEY, "poison")
                .containsEntry(OutboxHeaders.ORIGINAL_TOPIC, refusing)
                .containsEntry(OutboxHeaders.ATTEMPTS, Integer.toString(failed.retryCount()))
                .hasEntrySatisfying(OutboxHeaders.DEAD_LETTER_REASON, reason -> assertThat(reason)
                        .contains(refusal()).isEqualTo(failed.failReason().lines().findFirst().orElseThrow()));
    }

    @Test
    void aDeadLetterTheBrokerRefusesTooIsNotedInTheFailedRow() throws Exception {
        String refusingDeadLetters = refusingTopic();

        StoredMessage failed = dispatchUntilFailed(deadLetteringTo(refusingDeadLetters),
                save(refusingTopic(), "poison-twice"));

        assertThat(failed.brokerMessageId()).isNull();
        assertThat(failed.failReason()).contains("\nDead letter to '" + refusingDeadLetters + "' not published: ");
    }

    /** A dispatcher of the test's clock whose sender's route publishes the type's dead letters to a topic. */
    private Dispatcher deadLetteringTo(String deadLetters) throws Exception {
        MessageSender sender = sender();
        RetryPolicy policy = new RetryPolicy(RETRY_DELAY, 1.0, RETRY_DELAY, 0.0, MAX_ATTEMPTS);
        return Dispatcher.builder(this.store, MessageRoutes.builder().defaultSender(sender)
                .deadLetters(TYPE, sender, deadLetters).build()).clock(this.clock)
                .retryPolicies(new RetryPolicies(policy, Map.of(), null)).build();
    }

    /**
     * Dispatches on the test's thread, a retry delay of the test's clock apart, until a message the broker refuses
     * is FAILED, and checks that it took the attempts the broker's refusal takes and that its reason says why.
     */
    private StoredMessage dispatchUntilFailed(Dispatcher dispatcher, long id) {
        for (int attempt = 1; attempt <= MAX_ATTEMPTS && stored(id).state() != MessageState.FAILED; attempt++) {
            dispatcher.dispatchOnce();
            this.clock.advance(RETRY_DELAY);
        }
        StoredMessage message = stored(id);
        assertThat(message.state()).as("message %d after %d attempts", id, MAX_ATTEMPTS)
                .isEqualTo(MessageState.FAILED);
        assertThat(message.retryCount()).isEqualTo(attemptsUntilFailed());
        assertThat(message.failReason()).contains(refusal());
        return message;
    }

    private long save(String topic, String key) {
        OutboxTemplate outbox = OutboxTemplate.builder(this.store).clock(this.clock).build();
        return new TransactionTemplate(new DataSourceTransactionManager(this.dataSource)).execute(status -> outbox
                .message(TYPE).key(key).topic(topic).payload("{\"key\":\"" + key + "\"}").save().id());
    }

    private StoredMessage stored(long id) {
        return OutboxTemplate.builder(this.store).build().find(id).orElseThrow();
    }
}
