/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.ConnectException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;

/**
 * A broker that acknowledges every message at once, so that what is measured is the outbox and the
 * database; while it is down, it refuses every message instead, and while it is unreachable, every
 * send fails with a refused connection. Counts every delivery, every second
 * delivery of a message, every refused send, and every message of an ordering key that arrived after
 * a later one of its key ({@link KeyOrder}).
 */
final class AckingSender implements MessageSender {

    private final LongAdder deliveries = new LongAdder();

    private final LongAdder duplicates = new LongAdder();

    private final LongAdder refused = new LongAdder();

    private final Set<Long> delivered = ConcurrentHashMap.newKeySet();

    private final KeyOrder order = new KeyOrder();

    private final Consumer<OutgoingMessage> observer;

    private final boolean trackDuplicates;

    private volatile boolean down;

    private volatile boolean unreachable;

    private volatile boolean blindToOutages;

    private AckingSender(Consumer<OutgoingMessage> observer, boolean trackDuplicates) {
        this.observer = observer;
        this.trackDuplicates = trackDuplicates;
    }

    /**
     * @return a sender that remembers each message id, to count duplicates
     */
    static AckingSender tracking() {
        return new AckingSender(message -> {
        }, true);
    }

    /**
     * @param observer told about each message as it is sent
     * @return a sender that tells an observer about each message
     */
    static AckingSender observing(Consumer<OutgoingMessage> observer) {
        return new AckingSender(observer, true);
    }

    /**
     * @return a sender that only counts, for backlogs too large to remember every id
     */
    static AckingSender counting() {
        return new AckingSender(message -> {
        }, false);
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        if (this.unreachable) {
            this.refused.increment();
            return CompletableFuture.failedFuture(new ConnectException("Connection refused"));
        }
        if (this.down) {
            this.refused.increment();
            return CompletableFuture.failedFuture(new IllegalStateException("the broker is down"));
        }
        this.observer.accept(message);
        this.deliveries.increment();
        if (this.trackDuplicates && !this.delivered.add(message.id())) {
            this.duplicates.increment();
        }
        this.order.acknowledged(message);
        return CompletableFuture.completedFuture("ack-" + message.id());
    }

    /**
     * @param down whether the broker refuses every message from now on, or acknowledges them again
     */
    void down(boolean down) {
        this.down = down;
    }

    /**
     * @param unreachable whether every send fails from now on as it does when the broker cannot be reached
     * (a refused connection), or is acknowledged again
     */
    void unreachable(boolean unreachable) {
        this.unreachable = unreachable;
    }

    /**
     * Makes this sender classify every failure as the message's own, as senders did before the dispatcher
     * paused routes for unreachable brokers: each failure spends an attempt and the back-off grows.
     */
    void blindToOutages() {
        this.blindToOutages = true;
    }

    @Override
    public SendFailure classify(Throwable error) {
        return this.blindToOutages ? SendFailure.MESSAGE : MessageSender.super.classify(error);
    }

    long deliveries() {
        return this.deliveries.sum();
    }

    long duplicates() {
        return this.duplicates.sum();
    }

    long refused() {
        return this.refused.sum();
    }

    long orderViolations() {
        return this.order.violations();
    }

    int keysOutOfOrder() {
        return this.order.keysOutOfOrder();
    }
}
