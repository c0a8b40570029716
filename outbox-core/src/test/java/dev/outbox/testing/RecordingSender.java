/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.net.ConnectException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;

/**
 * A sender that records what it is asked to send, confirms with {@code rec-<id>}, and fails the
 * messages a test chooses, or rejects them for good ({@link SendFailure#REJECTED}). Thread-safe.
 */
public final class RecordingSender implements MessageSender {

    private final List<OutgoingMessage> sent = new CopyOnWriteArrayList<>();

    private final Set<String> failingKeys = ConcurrentHashMap.newKeySet();

    private final Set<String> rejectedKeys = ConcurrentHashMap.newKeySet();

    private volatile Predicate<OutgoingMessage> failing = message -> false;

    private volatile boolean unreachable;

    private final AtomicInteger unreachableAttempts = new AtomicInteger();

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        if (this.unreachable) {
            this.unreachableAttempts.incrementAndGet();
            return CompletableFuture.failedFuture(new ConnectException("Connection refused"));
        }
        if (this.rejectedKeys.contains(message.key())) {
            return CompletableFuture.failedFuture(new Rejection("broker rejected " + message.key() + " for good"));
        }
        if (this.failingKeys.contains(message.key()) || this.failing.test(message)) {
            return CompletableFuture.failedFuture(new IllegalStateException("broker refused " + message.key()));
        }
        this.sent.add(message);
        return CompletableFuture.completedFuture("rec-" + message.id());
    }

    /**
     * @param key a message key whose sends fail until {@link #heal} is called
     */
    public void failKey(String key) {
        this.failingKeys.add(key);
    }

    /**
     * @param key a message key whose sends the broker rejects for good until {@link #heal} is called
     */
    public void rejectKey(String key) {
        this.rejectedKeys.add(key);
    }

    @Override
    public SendFailure classify(Throwable error) {
        return (error instanceof Rejection) ? SendFailure.REJECTED : SendFailure.of(error);
    }

    /**
     * @param predicate which messages fail
     */
    public void failWhen(Predicate<OutgoingMessage> predicate) {
        this.failing = predicate;
    }

    /** Makes every send fail as a broker that cannot be reached does, until {@link #heal} is called. */
    public void becomeUnreachable() {
        this.unreachable = true;
    }

    /**
     * @return how many sends were tried while the broker was unreachable
     */
    public int unreachableAttempts() {
        return this.unreachableAttempts.get();
    }

    /** Lets every send succeed again. */
    public void heal() {
        this.failingKeys.clear();
        this.rejectedKeys.clear();
        this.failing = message -> false;
        this.unreachable = false;
    }

    /**
     * @return the messages confirmed so far, in the order they were sent
     */
    public List<OutgoingMessage> sent() {
        return List.copyOf(this.sent);
    }

    /**
     * @return the keys of the messages confirmed so far, in order
     */
    public List<String> sentKeys() {
        return this.sent.stream().map(OutgoingMessage::key).toList();
    }

    /** What the broker answers a message it rejects for good. */
    private static final class Rejection extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        Rejection(String message) {
            super(message);
        }
    }
}
