/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.outbox.internal.claim.RouteSwitchState;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.observation.SendObservationContext;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

/**
 * Starts the sends of a batch in the order of its ordering keys: each message to its broker's sender (in an
 * observation) or to its local handler, none while its route is paused but a probe, and none of a type switched
 * to pull consumers. It decides nothing about outcomes: {@link BatchDelivery} reads them.
 */
final class BatchSends {

    private final MessageRoutes routes;

    private final RouteOutages outages;

    private final LocalHandlers handlers;

    private final OutboxObservations observations;

    BatchSends(MessageRoutes routes, RouteOutages outages, LocalHandlers handlers, OutboxObservations observations) {
        this.routes = routes;
        this.outages = outages;
        this.handlers = handlers;
        this.observations = observations;
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
    List<KeyRun> inOrderOfKeys(List<ClaimedMessage> batch, List<CompletableFuture<Confirmation>> sends,
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
    static void awaitUntil(List<CompletableFuture<Confirmation>> wave, long deadline) {
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

    /** The local handler the message goes to, if it goes to one. */
    Optional<HandlerRoutes.LocalRoute> localRoute(ClaimedMessage message, RouteSwitchState switched) {
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
            return sender.send(message).toCompletableFuture().thenApply(BatchSends::acknowledged);
        }
        SendObservationContext context = (SendObservationContext) observation.start().getContext();
        CompletableFuture<Confirmation> send;
        // In scope, so that a broker client's own observation (a template with observation-enabled) is a child
        // of the send, instead of starting a trace of its own and putting its context in the message's headers.
        try (Observation.Scope scope = observation.openScope()) {
            send = sender.send(withHeaders(message, context.getCarrier())).toCompletableFuture()
                    .thenApply(BatchSends::acknowledged);
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

    /** Whether a locked round may send the message and write its outcome in its transaction. */
    boolean goesWhileLocked(ClaimedMessage message, Set<MessageSender> paused, RouteSwitchState switched) {
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

    /** Waits for a wave of sends until a deadline. */
    @FunctionalInterface
    interface Waiter {

        /**
         * @param wave sends started together
         * @param deadline the {@link System#nanoTime()} at which to stop waiting
         */
        void await(List<CompletableFuture<Confirmation>> wave, long deadline);
    }

    /** The failure of a message held back, unsent, because its route is paused or its type switched to pull. */
    static final class HeldBack extends RuntimeException {

        private static final long serialVersionUID = 1L;

        static final HeldBack INSTANCE = new HeldBack();

        private HeldBack() {
            super("the route is paused", null, false, false);
        }
    }
}
