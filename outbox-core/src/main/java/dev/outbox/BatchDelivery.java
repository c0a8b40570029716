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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
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
import dev.outbox.observation.SendObservationContext;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import io.micrometer.observation.Observation;
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

    private final LocalHandlers handlers;

    private final FailurePlanner failures;

    private final Duration sendTimeout;

    private final Clock clock;

    private final OutboxMetrics metrics;

    private final OutboxObservations observations;

    private final RouteOutages outages;

    private final Duration lease;

    private final FinalFailures finalFailures;

    private final DeadLetters deadLetters;

    BatchDelivery(OutboxRepository repository, MessageRoutes routes, RouteOutages outages, LocalHandlers handlers,
            FailurePlanner failures, FinalFailures finalFailures, Duration lease, Duration sendTimeout, Clock clock,
            OutboxMetrics metrics, OutboxObservations observations) {
        this.repository = repository;
        this.finalFailures = finalFailures;
        this.deadLetters = new DeadLetters(repository, routes, lease, sendTimeout, clock, metrics);
        this.lease = lease;
        this.routes = routes;
        this.outages = outages;
        this.handlers = handlers;
        this.failures = failures;
        this.sendTimeout = sendTimeout;
        this.clock = clock;
        this.metrics = metrics;
        this.observations = observations;
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
     * than the window: the sends of the runs that a locked round may write ({@link #sendsWhileLocked}); the others
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
            boolean fits = run.positions().stream().allMatch(i -> sendsWhileLocked(batch.get(i), paused, switched));
            (fits ? locked : later).add(run);
        }
        later.addAll(sendInOrderOfKeys(batch, sends, locked, Set.of(), switched, attemptedAt, windowEnd,
                BatchDelivery::awaitUntil));
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
        sendInOrderOfKeys(batch, sends, KeyRun.of(batch), probes, switched, attemptedAt, deadline, leases::await);
        return complete(batch, sends, probes, switched, attemptedAt, this::writeOutcomes);
    }

    /** Whether a locked round may send the message and write its outcome in its transaction. */
    private boolean sendsWhileLocked(ClaimedMessage message, Set<MessageSender> paused, RouteSwitchState switched) {
        // A local handler writes through a transaction of its own, a fallback is one, and a dead letter is
        // published and awaited before its outcome is written: none of them while rows are locked.
        if (switched.toPull(message.type()) || localRoute(message, switched).isPresent()
                || this.routes.hasFallback(message.type())
                || this.routes.failures().deadLetterRouteFor(message.type()).isPresent()) {
            return false;
        }
        Optional<MessageSender> sender = this.routes.senderFor(message.type());
        return sender.isPresent() && !paused.contains(sender.get());
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
        return send.isCompletedExceptionally() && localRoute(message, switched).isPresent()
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
     * Starts every message without an ordering key and the first of each key's run at once, then each
     * next message of a key once the one before it was confirmed (at once, where the sender keeps the
     * order of pipelined sends), all within the deadline. A key's run stops at a failure. A send that runs
     * already (one a locked round started) is waited for, not started again.
     *
     * @param sends the sends, by position in the batch, filled in as they start; null for a message not started
     * @param runs the runs to send
     * @param waiter how to wait for a wave of sends
     * @return the runs the deadline cut short
     */
    private List<KeyRun> sendInOrderOfKeys(List<ClaimedMessage> batch, List<CompletableFuture<Confirmation>> sends,
            List<KeyRun> runs, Set<Long> probes, RouteSwitchState switched, Instant attemptedAt, long deadline,
            Waiter waiter) {
        Set<MessageSender> paused = this.outages.pausedSenders();
        List<CompletableFuture<Confirmation>> wave = sends.stream().filter(send -> send != null && !send.isDone())
                .toList();
        List<KeyRun> open = runs;
        while (true) {
            waiter.await(wave, deadline);
            if (System.nanoTime() - deadline >= 0) {
                return open;
            }
            open = open.stream().filter(run -> run.advance(sends)).toList();
            if (open.isEmpty()) {
                return open;
            }
            List<CompletableFuture<Confirmation>> started = new ArrayList<>();
            for (KeyRun run : open) {
                for (int position : run.startSegment(batch, (previous, next) -> pipelines(previous, next, switched))) {
                    CompletableFuture<Confirmation> send = sends.get(position);
                    if (send == null) {
                        send = start(batch.get(position), probes, paused, switched, attemptedAt);
                        sends.set(position, send);
                    }
                    started.add(send);
                    if (send.isCompletedExceptionally()) {
                        // Nothing of the key goes out behind a send that failed at once.
                        break;
                    }
                }
            }
            wave = started;
        }
    }

    /** Waits for a wave of sends until the deadline, without leases to renew: the rows are locked. */
    private static void awaitUntil(List<CompletableFuture<Confirmation>> wave, long deadline) {
        try {
            CompletableFuture.allOf(wave.toArray(CompletableFuture[]::new))
                    .get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        catch (ExecutionException | TimeoutException ex) {
            // Each send's own result is read by the caller.
        }
    }

    /** Whether {@code next} may be started before {@code previous}, of the same key, is confirmed. */
    private boolean pipelines(ClaimedMessage previous, ClaimedMessage next, RouteSwitchState switched) {
        if (localRoute(previous, switched).isPresent() || localRoute(next, switched).isPresent()) {
            return false;
        }
        Optional<MessageSender> sender = this.routes.senderFor(previous.type());
        return sender.isPresent() && sender.get().keepsOrderOfPipelinedSends()
                && sender.equals(this.routes.senderFor(next.type()));
    }

    private Optional<HandlerRoutes.LocalRoute> localRoute(ClaimedMessage message, RouteSwitchState switched) {
        return this.routes.handlers().routeFor(message.type(), message.retryCount(), switched.toFallback(message.type()));
    }

    private CompletableFuture<Confirmation> start(ClaimedMessage message, Set<Long> probes,
            Set<MessageSender> paused, RouteSwitchState switched, Instant attemptedAt) {
        if (switched.toPull(message.type())) {
            // Taken before the switch (handed off, or claimed by a round that read the switches earlier).
            return CompletableFuture.failedFuture(HeldBack.INSTANCE);
        }
        Optional<HandlerRoutes.LocalRoute> local = localRoute(message, switched);
        if (local.isPresent()) {
            return this.handlers.start(message, local.get(), attemptedAt);
        }
        Optional<MessageSender> sender = this.routes.senderFor(message.type());
        if (sender.isEmpty()) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "no sender is routed for message type '" + message.type() + "'"));
        }
        if (paused.contains(sender.get()) && !this.routes.hasFallback(message.type())
                && !probes.contains(message.id())) {
            return CompletableFuture.failedFuture(HeldBack.INSTANCE);
        }
        try {
            return send(sender.get(), message.toOutgoing());
        }
        catch (VirtualMachineError ex) {
            throw ex;
        }
        catch (RuntimeException | Error ex) {
            // A sender's broker client missing from the class path (NoClassDefFoundError) is a failed send too.
            return CompletableFuture.failedFuture(ex);
        }
    }

    /**
     * Sends in an observation whose tracing handler continues the trace saved with the message and gives the
     * broker the send's own propagation headers; the sender's call runs in its scope.
     */
    private CompletableFuture<Confirmation> send(MessageSender sender, OutgoingMessage message) {
        Observation observation = this.observations.send(message);
        if (observation.isNoop()) {
            return sender.send(message).toCompletableFuture().thenApply(BatchDelivery::acknowledged);
        }
        SendObservationContext context = (SendObservationContext) observation.start().getContext();
        CompletableFuture<Confirmation> send;
        // In scope, so that a broker client's own observation (a template with observation-enabled) is a child
        // of the send, instead of starting a trace of its own and putting its context in the message's headers.
        try (Observation.Scope scope = observation.openScope()) {
            send = sender.send(withHeaders(message, context.getCarrier())).toCompletableFuture()
                    .thenApply(BatchDelivery::acknowledged);
        }
        catch (RuntimeException | Error ex) {
            observation.error(ex).stop();
            throw ex;
        }
        return send.whenComplete((confirmation, error) -> {
            if (error != null) {
                observation.error((error instanceof CompletionException && error.getCause() != null)
                        ? error.getCause() : error);
            }
            else {
                context.outcome(SendObservationContext.Outcome.SENT);
            }
            observation.stop();
        });
    }

    private static OutgoingMessage withHeaders(OutgoingMessage message, @Nullable Map<String, String> propagation) {
        if (propagation == null || propagation.isEmpty()) {
            return message;
        }
        Map<String, String> headers = new LinkedHashMap<>(message.headers());
        headers.putAll(propagation);
        return new OutgoingMessage(message.id(), message.key(), message.type(), message.topic(),
                message.orderingKey(), headers, message.body(), message.attempt());
    }

    static Confirmation acknowledged(@Nullable String brokerMessageId) {
        if (brokerMessageId == null) {
            throw new IllegalStateException("the sender confirmed the message without a broker message id");
        }
        return new Confirmation.Acknowledged(brokerMessageId);
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
        if (error == HeldBack.INSTANCE) {
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
        if (localRoute(message, switched).isPresent()
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
            boolean local = localRoute(message, switched).isPresent();
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

    /**
     * What a locked round sent while its rows were locked.
     *
     * @param settled the rows whose outcome is known: their sends ended, or they were not attempted behind a failure
     * of their key
     * @param settledSends their sends, by position; null for a row not attempted
     * @param leased the rows that go on as leased rows: sends still running, and runs not sent in the window
     * @param sends every send, by position in the batch
     * @param batch the batch
     * @param attemptedAt when the sends started
     * @param deadlineNanos the {@link System#nanoTime()} at which the send timeout of the round ends
     */
    record LockedSends(List<ClaimedMessage> settled, List<CompletableFuture<Confirmation>> settledSends,
            List<ClaimedMessage> leased, List<CompletableFuture<Confirmation>> sends, List<ClaimedMessage> batch,
            Instant attemptedAt, long deadlineNanos) {

        @Nullable CompletableFuture<Confirmation> sendOf(long id) {
            for (int i = 0; i < this.batch.size(); i++) {
                if (this.batch.get(i).id() == id) {
                    return this.sends.get(i);
                }
            }
            return null;
        }
    }

    /** Waits for a wave of sends until a deadline. */
    @FunctionalInterface
    private interface Waiter {

        void await(List<CompletableFuture<Confirmation>> wave, long deadline);
    }

    /** The failure of a message held back, unsent, because its route is paused or its type switched to pull. */
    private static final class HeldBack extends RuntimeException {

        private static final long serialVersionUID = 1L;

        static final HeldBack INSTANCE = new HeldBack();

        private HeldBack() {
            super("the route is paused", null, false, false);
        }
    }
}
