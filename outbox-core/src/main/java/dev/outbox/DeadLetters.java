/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import dev.outbox.internal.claim.FailureReason;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.message.MessageState;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes a copy of each message that goes FAILED to its type's dead-letter destination
 * ({@link MessageRoutes.Builder#deadLetters}) before the batch's outcomes are written, so that the row records
 * the dead letter: {@code dead-letter:<broker id>} in place of a broker message id, or, when the publish failed
 * or was not confirmed within the send timeout, a note after the fail reason. Either way the row is FAILED, so
 * nothing is lost. Only a message that goes FAILED from PENDING is dead-lettered: a slow retry of a FAILED
 * message that fails again sends no second dead letter.
 */
final class DeadLetters {

    /** What a dead-lettered row records in place of a broker message id, before the dead letter's id. */
    static final String PREFIX = "dead-letter:";

    /** Keeps the reason header short: the row has the whole reason. */
    private static final int MAX_REASON_HEADER_LENGTH = 500;

    private static final Logger logger = LoggerFactory.getLogger(DeadLetters.class);

    private final OutboxRepository repository;

    private final MessageRoutes routes;

    private final Duration lease;

    private final Duration sendTimeout;

    private final Clock clock;

    private final OutboxMetrics metrics;

    DeadLetters(OutboxRepository repository, MessageRoutes routes, Duration lease, Duration sendTimeout, Clock clock,
            OutboxMetrics metrics) {
        this.repository = repository;
        this.routes = routes;
        this.lease = lease;
        this.sendTimeout = sendTimeout;
        this.clock = clock;
        this.metrics = metrics;
    }

    /**
     * @return whether the outcome makes the message FAILED now and its type has a dead-letter route
     */
    boolean appliesTo(ClaimedMessage message, DeliveryOutcome outcome) {
        return outcome instanceof DeliveryOutcome.Failed failed && failed.state() == MessageState.FAILED
                && message.state() == MessageState.PENDING
                && this.routes.failures().deadLetterRouteFor(message.type()).isPresent();
    }

    /**
     * Publishes the dead letters at once and waits for them within the send timeout, renewing their rows'
     * leases meanwhile.
     *
     * @param outcomes the batch's outcomes; each one dead-lettered is replaced by one that records it
     * @param failedForGood the messages to dead-letter, by the position of their outcome, for which
     * {@link #appliesTo} holds
     */
    void publish(List<DeliveryOutcome> outcomes, Map<Integer, ClaimedMessage> failedForGood) {
        if (failedForGood.isEmpty()) {
            return;
        }
        List<ClaimedMessage> messages = new ArrayList<>(failedForGood.values());
        List<CompletableFuture<Confirmation>> sends = new ArrayList<>(messages.size());
        List<String> topics = new ArrayList<>(messages.size());
        failedForGood.forEach((position, message) -> {
            FailureRoutes.DeadLetterRoute route = this.routes.failures().deadLetterRouteFor(message.type()).orElseThrow();
            topics.add(route.topic());
            sends.add(start(route, deadLetter(message, (DeliveryOutcome.Failed) outcomes.get(position),
                    route.topic())));
        });
        new BatchLeases(this.repository, this.lease, this.clock, messages, sends)
                .await(sends, System.nanoTime() + this.sendTimeout.toNanos());
        int i = 0;
        for (Map.Entry<Integer, ClaimedMessage> entry : failedForGood.entrySet()) {
            DeliveryOutcome.Failed failed = (DeliveryOutcome.Failed) outcomes.get(entry.getKey());
            outcomes.set(entry.getKey(), recorded(entry.getValue(), failed, topics.get(i), sends.get(i)));
            i++;
        }
    }

    private static CompletableFuture<Confirmation> start(FailureRoutes.DeadLetterRoute route,
            OutgoingMessage deadLetter) {
        try {
            return route.sender().send(deadLetter).toCompletableFuture().thenApply(BatchSends::acknowledged);
        }
        catch (RuntimeException ex) {
            return CompletableFuture.failedFuture(ex);
        }
    }

    /**
     * @return the message as its dead letter: its id, key, type, ordering key, headers and body, to the dead-letter
     * topic, with the headers that tell why it failed, where it went and after how many attempts
     */
    private static OutgoingMessage deadLetter(ClaimedMessage message, DeliveryOutcome.Failed failed, String topic) {
        Map<String, String> headers = new LinkedHashMap<>(message.headers());
        headers.put(OutboxHeaders.DEAD_LETTER_REASON,
                FailureReason.bounded(FailureReason.firstLine(failed.failReason()), MAX_REASON_HEADER_LENGTH));
        headers.put(OutboxHeaders.ORIGINAL_TOPIC, message.topic());
        headers.put(OutboxHeaders.ATTEMPTS, Integer.toString(failed.retryCount()));
        return new OutgoingMessage(message.id(), message.key(), message.type(), topic, message.orderingKey(),
                headers, message.body(), failed.retryCount());
    }

    private DeliveryOutcome.Failed recorded(ClaimedMessage message, DeliveryOutcome.Failed failed, String topic,
            CompletableFuture<Confirmation> send) {
        String problem;
        if (!send.isDone()) {
            problem = "not confirmed within " + this.sendTimeout + " (it may still arrive)";
        }
        else {
            try {
                String id = ((Confirmation.Acknowledged) send.join()).brokerMessageId();
                this.metrics.deadLettered(message.type(), true);
                logger.info("Outbox message {} (type {}) is FAILED and was published to dead-letter topic {}",
                        message.id(), message.type(), topic);
                return failed.recording(PREFIX + id);
            }
            catch (CompletionException | CancellationException ex) {
                Throwable error = (ex.getCause() != null) ? ex.getCause() : ex;
                problem = "not published: " + FailureReason.summary(error);
            }
        }
        this.metrics.deadLettered(message.type(), false);
        logger.warn("Outbox message {} (type {}) is FAILED, and its dead letter to topic {} was {}", message.id(),
                message.type(), topic, problem);
        return failed.because(FailureReason.withNote(failed.failReason(),
                "Dead letter to '" + topic + "' " + problem));
    }
}
