/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.jspecify.annotations.Nullable;

/**
 * A {@link MessageSender} that stands in for the broker in tests: it records every message it is given, in the
 * order it was given them, and confirms it at once with the id {@value #MESSAGE_ID_PREFIX}{@code <outbox id>},
 * unless it was told to fail it. Safe to use from several threads.
 *
 * <p>Told to fail ({@link #failType}, {@link #failKey}, {@link #failWhen}), it fails the matching sends with the
 * given {@link SendFailure}, which {@link #classify} reports to the dispatcher: {@link SendFailure#MESSAGE} is a
 * failure to retry (the message spends an attempt and goes FAILED when its retry policy's attempts are spent),
 * {@link SendFailure#REJECTED} one for good (FAILED at once), {@link SendFailure#UNREACHABLE} an outage of the
 * broker (the route pauses, no attempt spent). Failed sends are recorded apart from the confirmed ones
 * ({@link #failed()}, {@link #sent()}).
 *
 * <p>It does not promise that pipelined sends of an ordering key keep their order
 * ({@link #keepsOrderOfPipelinedSends()} is false), so the dispatcher sends a key's messages one after another,
 * the way that is safe for every broker.
 */
public final class RecordingMessageSender implements MessageSender {

    /** The sender name of the messages sent through this sender itself rather than through {@link #as}. */
    public static final String DEFAULT_NAME = "recording";

    /** How the id that this sender confirms a message with starts; the outbox id follows. */
    public static final String MESSAGE_ID_PREFIX = "recorded-";

    private final List<FailureRule> failures = new CopyOnWriteArrayList<>();

    private final Object lock = new Object();

    private final List<SentMessage> sent = new ArrayList<>();

    private final List<SentMessage> failed = new ArrayList<>();

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        return record(DEFAULT_NAME, message);
    }

    /**
     * @param error why a send failed
     * @return the failure this sender was told to simulate, or {@link SendFailure#of} for any other error
     */
    @Override
    public SendFailure classify(Throwable error) {
        return (error instanceof SimulatedSendFailure simulated) ? simulated.failure() : SendFailure.of(error);
    }

    /**
     * A sender under another name that records into this one, so that a test can tell which of several senders a
     * message went through ({@link SentMessage#sender()}).
     *
     * @param name the name to record its sends under, such as the bean name of the sender it stands in for
     * @return a sender that records into this one and fails as this one is told to
     */
    public MessageSender as(String name) {
        Objects.requireNonNull(name, "name");
        return new Named(name);
    }

    /**
     * Fails, from now on, every send of a message type.
     *
     * @param type the message type
     * @param failure whose fault the failure is: {@link SendFailure#MESSAGE} to retry, {@link SendFailure#REJECTED}
     * for good, {@link SendFailure#UNREACHABLE} as an outage of the broker
     * @return this sender
     */
    public RecordingMessageSender failType(String type, SendFailure failure) {
        Objects.requireNonNull(type, "type");
        return failWhen(message -> message.type().equals(type), failure);
    }

    /**
     * Fails, from now on, every send of a message with a business key.
     *
     * @param key the message key
     * @param failure whose fault the failure is, as for {@link #failType}
     * @return this sender
     */
    public RecordingMessageSender failKey(String key, SendFailure failure) {
        Objects.requireNonNull(key, "key");
        return failWhen(message -> message.key().equals(key), failure);
    }

    /**
     * Fails, from now on, every send of a message that passes a test.
     *
     * @param which the messages to fail
     * @param failure whose fault the failure is, as for {@link #failType}
     * @return this sender
     */
    public RecordingMessageSender failWhen(Predicate<OutgoingMessage> which, SendFailure failure) {
        this.failures.add(new FailureRule(Objects.requireNonNull(which, "which"),
                Objects.requireNonNull(failure, "failure")));
        return this;
    }

    /**
     * Ends every failure this sender was told to simulate: the next sends succeed.
     */
    public void stopFailing() {
        this.failures.clear();
    }

    /**
     * Forgets what was sent and what to fail, as before a test.
     */
    public void reset() {
        stopFailing();
        synchronized (this.lock) {
            this.sent.clear();
            this.failed.clear();
        }
    }

    /**
     * @return the messages this sender confirmed, in the order it was given them
     */
    public Messages<SentMessage> sent() {
        synchronized (this.lock) {
            return Messages.sent("sent messages", List.copyOf(this.sent));
        }
    }

    /**
     * @return the sends this sender failed as it was told to, in the order it was given them; a message retried
     * is there once per failed attempt
     */
    public Messages<SentMessage> failed() {
        synchronized (this.lock) {
            return Messages.sent("failed sends", List.copyOf(this.failed));
        }
    }

    private CompletionStage<String> record(String sender, OutgoingMessage message) {
        SendFailure failure = failureOf(message);
        synchronized (this.lock) {
            ((failure == null) ? this.sent : this.failed).add(new SentMessage(sender, message));
        }
        return (failure == null) ? CompletableFuture.completedFuture(MESSAGE_ID_PREFIX + message.id())
                : CompletableFuture.failedFuture(new SimulatedSendFailure(message, failure));
    }

    private @Nullable SendFailure failureOf(OutgoingMessage message) {
        return this.failures.stream().filter(rule -> rule.which().test(message)).map(FailureRule::failure)
                .findFirst().orElse(null);
    }

    private record FailureRule(Predicate<OutgoingMessage> which, SendFailure failure) {
    }

    /** This sender under another name. */
    private final class Named implements MessageSender {

        private final String name;

        Named(String name) {
            this.name = name;
        }

        @Override
        public CompletionStage<String> send(OutgoingMessage message) {
            return record(this.name, message);
        }

        @Override
        public SendFailure classify(Throwable error) {
            return RecordingMessageSender.this.classify(error);
        }

        @Override
        public String toString() {
            return "RecordingMessageSender as '" + this.name + "'";
        }
    }
}
