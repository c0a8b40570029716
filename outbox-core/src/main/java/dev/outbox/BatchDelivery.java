/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.function.ToIntBiFunction;
import java.util.stream.Collectors;

import dev.outbox.internal.claim.FailurePlanner;
import dev.outbox.internal.claim.FailureReason;
import dev.outbox.internal.claim.RouteSwitchState;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.message.MessageState;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.SendFailure;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers one batch of leased rows and writes their outcomes: every send to a broker and every
 * local handler is started before any is awaited, but for the messages of an ordering key, each of
 * which waits for the one before it, the batch's leases renewed while they run ({@link BatchLeases}); then
 * the outcomes are written in one short transaction (a local handler's success is written by the handler's
 * own transaction). A send whose broker was unreachable pauses its route ({@link RouteOutages}); a failure
 * that no retry fixes makes its message FAILED at once ({@link FinalFailures}); a message that goes FAILED is
 * dead-lettered before its outcome is written, where its type has a dead-letter route ({@link DeadLetters}).
 * A local handler that its executor refuses (the pool's queue is full) is not attempted: its message comes due
 * again a lease later. A batch whose wait the dispatcher's stop interrupts hands back the sends it still waits
 * for, due at once and without an attempt spent, and writes its outcomes.
 */
final class BatchDelivery {

    private static final Logger logger = LoggerFactory.getLogger(BatchDelivery.class);

    private final OutboxRepository repository;

    private final MessageRoutes routes;

    private final FailurePlanner failures;

    private final Duration sendTimeout;

    private final Clock clock;

    private final OutboxMetrics metrics;

    private final RouteOutages outages;

    private final Duration lease;

    private final FinalFailures finalFailures;

    private final DeadLetters deadLetters;

    private final BatchSends sending;

    BatchDelivery(OutboxRepository repository, MessageRoutes routes, RouteOutages outages, LocalHandlers handlers,
            FailurePlanner failures, FinalFailures finalFailures, Duration lease, Duration sendTimeout, Clock clock,
            OutboxMetrics metrics, OutboxObservations observations) {
        this.repository = repository;
        this.finalFailures = finalFailures;
        this.deadLetters = new DeadLetters(repository, routes, lease, sendTimeout, clock, metrics);
        this.lease = lease;
        this.routes = routes;
        this.outages = outages;
        this.failures = failures;
        this.sendTimeout = sendTimeout;
        this.clock = clock;
        this.metrics = metrics;
        this.sending = new BatchSends(routes, outages, handlers, observations);
    }

    /**
     * @param batch rows leased to this instance
     * @param probes the ids of the rows claimed to test a paused route, which are sent although it is paused
     * @param switched the types switched away from their broker: those switched to their fallback go to it at once,
     * and those switched to pull consumers are handed back unsent, due at once for a pull consumer
     * @return how many were delivered, the earliest time a failed one is due again, and whether a paused route
     * resumed
     */
    Result deliver(List<ClaimedMessage> batch, Set<Long> probes, RouteSwitchState switched) {
        List<CompletableFuture<Confirmation>> sends = new ArrayList<>(Collections.nCopies(batch.size(), null));
        return deliver(batch, sends, probes, switched, this.clock.instant(),
                System.nanoTime() + this.sendTimeout.toNanos());
    }

    /**
     * Starts the sends of a batch whose rows the caller's transaction holds locked, and waits for them no longer
     * than the window: the sends of the runs that a locked round may write ({@link BatchSends#goesWhileLocked}); the others
     * are left for {@link #resume}.
     *
     * @param batch rows locked by the caller's transaction, or held back by those it locked, in id order
     * @param switched the types switched away from their broker
     * @param window how long to wait for the confirmations
     * @return the sends, and which rows go on as leased rows
     */
    LockedSends sendWhileLocked(List<ClaimedMessage> batch, RouteSwitchState switched, Duration window) {
        Instant attemptedAt = this.clock.instant();
        long start = System.nanoTime();
        long windowEnd = start + Math.min(window.toNanos(), this.sendTimeout.toNanos());
        List<CompletableFuture<Confirmation>> sends = new ArrayList<>(Collections.nCopies(batch.size(), null));
        Set<MessageSender> paused = this.outages.pausedSenders();
        List<KeyRun> locked = new ArrayList<>();
        List<KeyRun> later = new ArrayList<>();
        for (KeyRun run : KeyRun.of(batch)) {
            boolean fits = run.positions().stream()
                    .allMatch(i -> this.sending.goesWhileLocked(batch.get(i), paused, switched));
            (fits ? locked : later).add(run);
        }
        later.addAll(this.sending.inOrderOfKeys(batch, sends, locked, Set.of(), switched, attemptedAt, windowEnd,
                BatchSends::awaitUntil));
        Set<Integer> goOn = new HashSet<>();
        later.forEach(run -> goOn.addAll(run.positions()));
        List<ClaimedMessage> settled = new ArrayList<>();
        List<CompletableFuture<Confirmation>> settledSends = new ArrayList<>();
        List<ClaimedMessage> leased = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            CompletableFuture<Confirmation> send = sends.get(i);
            boolean done = send != null && send.isDone();
            if (!done && (send != null || goOn.contains(i))) {
                leased.add(batch.get(i));
            }
            else {
                settled.add(batch.get(i));
                settledSends.add(send);
            }
        }
        return new LockedSends(settled, settledSends, leased, sends, batch, attemptedAt,
                start + this.sendTimeout.toNanos());
    }

    /**
     * Writes, in the caller's transaction, the outcomes of the sends that ended while the rows were locked, and of
     * the rows not attempted behind a failure of their ordering key.
     *
     * @param sent what {@link #sendWhileLocked} started
     * @param switched the types switched away from their broker
     * @return what the settled sends did
     */
    Result settle(LockedSends sent, RouteSwitchState switched) {
        return complete(sent.settled(), sent.settledSends(), Set.of(), switched, sent.attemptedAt(),
                this.repository::write);
    }

    /**
     * Goes on with the rows of a locked round that were leased before its commit: waits for their sends that run,
     * starts the rest in order of their keys, all within the send timeout counted from the round's start, renewing
     * their leases, and writes their outcomes, as for any leased batch.
     *
     * @param sent what {@link #sendWhileLocked} started
     * @param leased the rows it left to go on that were leased, at their new versions, in id order
     * @param switched the types switched away from their broker
     * @return what delivering them did
     */
    Result resume(LockedSends sent, List<ClaimedMessage> leased, RouteSwitchState switched) {
        List<CompletableFuture<Confirmation>> sends = leased.stream().map(message -> sent.sendOf(message.id()))
                .collect(Collectors.toCollection(ArrayList::new));
        return deliver(leased, sends, Set.of(), switched, sent.attemptedAt(), sent.deadlineNanos());
    }

    private Result deliver(List<ClaimedMessage> batch, List<CompletableFuture<Confirmation>> sends, Set<Long> probes,
            RouteSwitchState switched, Instant attemptedAt, long deadline) {
        BatchLeases leases = new BatchLeases(this.repository, this.lease, this.clock, batch, sends);
        this.sending.inOrderOfKeys(batch, sends, KeyRun.of(batch), probes, switched, attemptedAt, deadline,
                leases::await);
        return complete(batch, sends, probes, switched, attemptedAt, this::writeOutcomes);
    }

    /** Writes the outcomes of a batch's sends, which have ended or run out of time, with the writer. */
    private Result complete(List<ClaimedMessage> batch, List<CompletableFuture<Confirmation>> sends, Set<Long> probes,
            RouteSwitchState switched, Instant attemptedAt, ToIntBiFunction<List<DeliveryOutcome>, Instant> writer) {
        boolean stopping = Thread.currentThread().isInterrupted();
        Instant now = this.clock.instant();
        boolean resumed = false;
        Set<MessageSender> reached = reachedSenders(batch, sends);
        for (MessageSender sender : reached) {
            resumed |= this.outages.resume(sender);
        }
        List<DeliveryOutcome> outcomes = new ArrayList<>(batch.size());
        Map<Integer, ClaimedMessage> failedForGood = new LinkedHashMap<>();
        int delivered = 0;
        int refused = 0;
        Instant earliestRetry = null;
        for (int i = 0; i < batch.size(); i++) {
            ClaimedMessage message = batch.get(i);
            CompletableFuture<Confirmation> send = sends.get(i);
            DeliveryOutcome outcome;
            if (send == null || (stopping && !send.isDone())) {
                if (send != null) {
                    // Handed back: a local handler still queued then never runs, and one that runs cannot mark it.
                    send.cancel(false);
                }
                outcome = new DeliveryOutcome.Released(message.id(), message.lockVersion(), now);
            }
            else if (refusedHandler(message, send, switched)) {
                refused++;
                this.metrics.postponed(message.type());
                outcome = new DeliveryOutcome.Released(message.id(), message.lockVersion(), now.plus(this.lease));
            }
            else {
                outcome = outcome(message, send, probes.contains(message.id()), reached, switched, attemptedAt, now);
            }
            if (outcome == null || outcome instanceof DeliveryOutcome.Sent) {
                delivered++;
            }
            if (outcome == null) {
                continue;
            }
            if (this.deadLetters.appliesTo(message, outcome)) {
                failedForGood.put(outcomes.size(), message);
            }
            outcomes.add(outcome);
            if (outcome instanceof DeliveryOutcome.Failed failed && failed.state() == MessageState.PENDING
                    && (earliestRetry == null || failed.nextRetryAt().isBefore(earliestRetry))) {
                earliestRetry = failed.nextRetryAt();
            }
        }
        this.deadLetters.publish(outcomes, failedForGood);
        int written = writer.applyAsInt(outcomes, now);
        if (written < outcomes.size()) {
            logger.info("{} of {} outcomes were not written: their lease ran out and another claim took them over",
                    outcomes.size() - written, outcomes.size());
        }
        if (refused > 0) {
            logger.warn("{} local handlers were not started: the handler pool's queue is full (its handlers run long "
                    + "or hang); their messages come due again in {}", refused, this.lease);
        }
        return new Result(delivered, earliestRetry, resumed, refused > 0);
    }

    /**
     * Writes the outcomes with the thread's interrupt cleared, so that a connection pool waiting for a
     * connection does not give up on it: the dispatcher's stop interrupts a batch so that it writes them and
     * ends, and waits for that.
     */
    private int writeOutcomes(List<DeliveryOutcome> outcomes, Instant now) {
        boolean interrupted = Thread.interrupted();
        try {
            return this.repository.complete(outcomes, now);
        }
        finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Whether the message's local handler was refused by its executor, before it started. */
    private boolean refusedHandler(ClaimedMessage message, CompletableFuture<Confirmation> send,
            RouteSwitchState switched) {
        return send.isCompletedExceptionally() && this.sending.localRoute(message, switched).isPresent()
                && failureOf(message, send, switched) instanceof LocalHandlers.Refused;
    }

    /** The senders that confirmed at least one of the batch's sends: their broker is reachable. */
    private Set<MessageSender> reachedSenders(List<ClaimedMessage> batch, List<CompletableFuture<Confirmation>> sends) {
        Set<MessageSender> reached = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < batch.size(); i++) {
            CompletableFuture<Confirmation> send = sends.get(i);
            if (send != null && send.isDone() && !send.isCompletedExceptionally()
                    && send.join() instanceof Confirmation.Acknowledged) {
                this.routes.senderFor(batch.get(i).type()).ifPresent(reached::add);
            }
        }
        return reached;
    }

    /**
     * @return what to write to the row, or null when there is nothing left to write
     */
    private @Nullable DeliveryOutcome outcome(ClaimedMessage message, CompletableFuture<Confirmation> send,
            boolean probe, Set<MessageSender> reached, RouteSwitchState switched, Instant attemptedAt, Instant now) {
        Throwable error = failureOf(message, send, switched);
        if (error == null) {
            this.metrics.delivered(message.type(), Duration.between(message.createdAt(), now));
            if (send.join() instanceof Confirmation.Acknowledged acknowledged) {
                this.metrics.sent(message.type());
                return new DeliveryOutcome.Sent(message.id(), message.lockVersion(), attemptedAt,
                        acknowledged.brokerMessageId());
            }
            this.metrics.consumed(message.type());
            return null;
        }
        if (error == BatchSends.HeldBack.INSTANCE) {
            this.metrics.postponed(message.type());
            return new DeliveryOutcome.Released(message.id(), message.lockVersion(), now);
        }
        Optional<MessageSender> sender = brokerRoute(message, switched);
        SendFailure kind = sender.map(route -> classify(route, error)).orElse(SendFailure.MESSAGE);
        if (kind == SendFailure.UNREACHABLE && !reached.contains(sender.get())) {
            return postponed(message, sender.get(), error, probe, now);
        }
        Optional<String> finalBecause = this.finalFailures.finalBecause(message, kind, error);
        DeliveryOutcome.Failed failed = this.failures.plan(message, error, finalBecause.isPresent(), attemptedAt,
                now);
        boolean exhausted = failed.state() == MessageState.FAILED;
        this.metrics.failed(message.type(), exhausted);
        logger.warn("Outbox message {} (type {}) failed attempt {}{}: {}", message.id(), message.type(),
                failed.retryCount(), exhausted ? " and is now FAILED" + finalBecause.map(why -> ": " + why).orElse("")
                        : "", FailureReason.firstLine(failed.failReason()));
        return failed;
    }

    /**
     * @return the sender whose classification of the message's failure decides what it does: none when a local
     * handler failed, or when the type has a fallback handler, whose failures all count towards it (an
     * unreachable failure next to a success of the same sender in the batch counts as the message's own too)
     */
    private Optional<MessageSender> brokerRoute(ClaimedMessage message, RouteSwitchState switched) {
        if (this.sending.localRoute(message, switched).isPresent()
                || this.routes.hasFallback(message.type())) {
            return Optional.empty();
        }
        return this.routes.senderFor(message.type());
    }

    private static SendFailure classify(MessageSender sender, Throwable error) {
        try {
            return sender.classify(error);
        }
        catch (RuntimeException ex) {
            logger.warn("The outbox sender {} could not classify a send failure; counting it as the message's own",
                    sender, ex);
            return SendFailure.MESSAGE;
        }
    }

    /**
     * Pauses the sender's route and hands the message back unsent, due at once for when the route resumes, or
     * a probe interval later for a probe, so that the next probe tries another message.
     */
    private DeliveryOutcome postponed(ClaimedMessage message, MessageSender sender, Throwable error, boolean probe,
            Instant now) {
        this.outages.pause(sender, FailureReason.firstLine(FailureReason.of(error)));
        if (probe) {
            this.outages.probeFailed(sender);
        }
        this.metrics.postponed(message.type());
        logger.debug("Outbox message {} (type {}) waits for its broker: {}", message.id(), message.type(),
                error.toString());
        return new DeliveryOutcome.Released(message.id(), message.lockVersion(),
                probe ? now.plus(this.outages.probeInterval()) : now);
    }

    private @Nullable Throwable failureOf(ClaimedMessage message, CompletableFuture<Confirmation> send,
            RouteSwitchState switched) {
        if (!send.isDone()) {
            // A local handler still queued then never runs: its failure outcome is written now.
            send.cancel(false);
            boolean local = this.sending.localRoute(message, switched).isPresent();
            return new TimeoutException(local ? "the local handler did not finish within " + this.sendTimeout
                    : "the broker did not confirm the message within " + this.sendTimeout);
        }
        try {
            send.join();
            return null;
        }
        catch (CompletionException | CancellationException ex) {
            return (ex.getCause() != null) ? ex.getCause() : ex;
        }
    }

    /**
     * What delivering a batch did.
     *
     * @param delivered the messages a broker confirmed or a local handler consumed
     * @param earliestRetry the earliest time a message that failed is due again, or null
     * @param resumed whether a send through a paused route succeeded, so that its waiting messages are due
     * @param handlersRefused whether local handlers were refused because their executor's queue is full, so that
     * claiming more at once would only lease rows that wait
     */
    record Result(int delivered, @Nullable Instant earliestRetry, boolean resumed, boolean handlersRefused) {

        static final Result NONE = new Result(0, null, false, false);

        /**
         * @param other what delivering other rows did
         * @return what delivering both did
         */
        Result and(Result other) {
            Instant earliest = (this.earliestRetry == null || (other.earliestRetry != null
                    && other.earliestRetry.isBefore(this.earliestRetry))) ? other.earliestRetry : this.earliestRetry;
            return new Result(this.delivered + other.delivered, earliest, this.resumed || other.resumed,
                    this.handlersRefused || other.handlersRefused);
        }
    }
}
