/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.outbox.Dispatcher;
import dev.outbox.admin.MessagePage;
import dev.outbox.admin.MessageQuery;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.message.MessageState;
import dev.outbox.message.MessageSummary;
import dev.outbox.message.StoredMessage;
import org.jspecify.annotations.Nullable;

/**
 * What a test of an application that saves outbox messages needs, with no broker and no waiting: {@link #drain()}
 * delivers on the test's thread what is due, through the application's routes, to a {@link RecordingMessageSender}
 * (or to the application's local handlers); {@link #sent()} and {@link #saved()} assert on the outcome.
 *
 * <pre>{@code
 * orders.place(new Order("o-1", "c-42"));      // saves the order and its message in one transaction
 *
 * assertEquals(1, kit.drain());
 * kit.sent().ofType("order.created").single().hasKey("o-1").hasOrderingKey("c-42");
 * kit.saved(MessageState.SENT).withKey("o-1").hasSize(1);
 * }</pre>
 *
 * <p>The dispatcher must not run on threads of its own ({@link Dispatcher#start()}), which would race the test:
 * {@link AutoConfigureOutboxTest} keeps the starter from starting it. In a Spring Boot test the kit is a bean;
 * without Spring Boot, build it with {@link #builder}.
 */
public final class OutboxTestKit {

    /** The most dispatch rounds that {@link #drain()} runs before it gives up. */
    public static final int DEFAULT_MAX_ROUNDS = 1_000;

    private final Dispatcher dispatcher;

    private final RecordingMessageSender sender;

    private final @Nullable OutboxAdmin admin;

    private final @Nullable OutboxTestClock clock;

    private OutboxTestKit(Builder builder) {
        this.dispatcher = builder.dispatcher;
        this.sender = builder.sender;
        this.admin = builder.admin;
        this.clock = builder.clock;
    }

    /**
     * @param dispatcher the application's dispatcher, not started
     * @param sender the sender that the dispatcher's routes send through
     * @return a builder of a kit
     */
    public static Builder builder(Dispatcher dispatcher, RecordingMessageSender sender) {
        return new Builder(dispatcher, sender);
    }

    /**
     * Runs the dispatcher on this thread, round after round, until nothing is due: the messages committed so far,
     * and the retries and delayed messages whose time has come by the outbox's clock. A message due later, such as
     * the retry of a send that failed, waits: with an {@link OutboxTestClock}, {@linkplain OutboxTestClock#advance
     * move the clock} and drain again. Local handlers have run when it returns.
     *
     * @return how many attempts were made: messages sent, failed, or handled by local handlers
     * @throws IllegalStateException when the dispatcher runs on threads of its own, which would race the drain
     * @throws AssertionError when the last of {@value #DEFAULT_MAX_ROUNDS} rounds still dispatched messages
     */
    public int drain() {
        return drain(DEFAULT_MAX_ROUNDS);
    }

    /**
     * Runs the dispatcher as {@link #drain()} does, for at most a number of rounds.
     *
     * @param maxRounds the most rounds to run, at least 1; each sends at most a batch
     * ({@code outbox.dispatcher.batch-size})
     * @return how many attempts were made: messages sent, failed, or handled by local handlers
     * @throws IllegalStateException when the dispatcher runs on threads of its own, which would race the drain
     * @throws AssertionError when the last of those rounds still dispatched messages
     */
    public int drain(int maxRounds) {
        if (maxRounds < 1) {
            throw new IllegalArgumentException("maxRounds must be at least 1, not " + maxRounds);
        }
        if (this.dispatcher.isRunning()) {
            throw new IllegalStateException("The outbox dispatcher runs on threads of its own, which would race "
                    + "drain(): keep it from starting with @AutoConfigureOutboxTest or "
                    + "outbox.dispatcher.auto-startup=false, or stop it first");
        }
        int attempts = 0;
        for (int round = 0; round < maxRounds; round++) {
            int processed = this.dispatcher.dispatchOnce();
            if (processed == 0) {
                return attempts;
            }
            attempts += processed;
        }
        throw new AssertionError("drain() made " + attempts + " attempts in " + maxRounds + " rounds and its last "
                + "round still dispatched messages. A message that fails and is due again at once (a retry delay of 0, "
                + "or a clock that moves on its own) is attempted again and again: use an OutboxTestClock. The failed "
                + "sends: " + this.sender.failed());
    }

    /**
     * @return the sender that stands in for the broker: to tell it to fail, or to see the failed sends
     */
    public RecordingMessageSender sender() {
        return this.sender;
    }

    /**
     * @return the messages sent (confirmed by the recording sender) since the last {@link #reset()}, in the order
     * they were sent
     */
    public Messages<SentMessage> sent() {
        return this.sender.sent();
    }

    /**
     * @return every message in the outbox's table, in the order they were saved; rows of earlier tests on the same
     * database are among them, so narrow down by key or type
     * @throws IllegalStateException when the kit was built without an {@link OutboxAdmin}
     */
    public Messages<StoredMessage> saved() {
        return Messages.saved("saved messages", rows(null));
    }

    /**
     * @param state a state
     * @return the messages in that state in the outbox's table, in the order they were saved
     * @throws IllegalStateException when the kit was built without an {@link OutboxAdmin}
     */
    public Messages<StoredMessage> saved(MessageState state) {
        Objects.requireNonNull(state, "state");
        return Messages.saved(state + " messages", rows(state));
    }

    /**
     * @return the outbox's clock, to move it
     * @throws IllegalStateException when the outbox's clock is not an {@link OutboxTestClock}
     */
    public OutboxTestClock clock() {
        if (this.clock == null) {
            throw new IllegalStateException("The outbox's clock is not an OutboxTestClock: the application declares "
                    + "its own outboxClock bean, or the kit was built without Builder.clock; move that clock instead");
        }
        return this.clock;
    }

    /**
     * Forgets what was sent and ends the failures the sender was told to simulate; the outbox's table is left as it
     * is. In a Spring Boot test it runs before each test method.
     */
    public void reset() {
        this.sender.reset();
    }

    private List<StoredMessage> rows(@Nullable MessageState state) {
        if (this.admin == null) {
            throw new IllegalStateException("The kit reads saved messages through an OutboxAdmin: build it with "
                    + "Builder.admin");
        }
        List<StoredMessage> rows = new ArrayList<>();
        Long afterId = 0L;
        while (afterId != null) {
            MessagePage page = this.admin.page(new MessageQuery(state, null, afterId, MessageQuery.MAX_SIZE));
            for (MessageSummary summary : page.messages()) {
                this.admin.find(summary.id()).ifPresent(rows::add);
            }
            afterId = page.nextAfterId();
        }
        return rows;
    }

    /**
     * Builds an {@link OutboxTestKit}.
     */
    public static final class Builder {

        private final Dispatcher dispatcher;

        private final RecordingMessageSender sender;

        private @Nullable OutboxAdmin admin;

        private @Nullable OutboxTestClock clock;

        private Builder(Dispatcher dispatcher, RecordingMessageSender sender) {
            this.dispatcher = Objects.requireNonNull(dispatcher, "dispatcher");
            this.sender = Objects.requireNonNull(sender, "sender");
        }

        /**
         * @param admin the admin of the dispatcher's store, through which {@link OutboxTestKit#saved()} reads
         * @return this builder
         */
        public Builder admin(OutboxAdmin admin) {
            this.admin = Objects.requireNonNull(admin, "admin");
            return this;
        }

        /**
         * @param clock the clock the dispatcher, the template and the admin were built with, which
         * {@link OutboxTestKit#clock()} gives the test to move
         * @return this builder
         */
        public Builder clock(OutboxTestClock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * @return the kit
         */
        public OutboxTestKit build() {
            return new OutboxTestKit(this);
        }
    }
}
