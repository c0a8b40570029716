/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.observation.ConsumeObservationContext;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.spi.OutgoingMessage;
import io.micrometer.observation.Observation;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Runs local handlers on their executor, each in a new transaction that also marks the
 * message CONSUMED, guarded by the lock version of the claim: the handler's writes and the mark
 * commit together, and roll back together when the handler fails or the lease was lost.
 */
final class LocalHandlers {

    private final OutboxRepository repository;

    private final TransactionTemplate transaction;

    private final Clock clock;

    private final Executor executor;

    private final OutboxObservations observations;

    LocalHandlers(OutboxRepository repository, PlatformTransactionManager transactionManager, Executor executor,
            Clock clock, OutboxObservations observations) {
        this.repository = repository;
        this.transaction = new TransactionTemplate(transactionManager);
        this.transaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.clock = clock;
        this.executor = executor;
        this.observations = observations;
    }

    /**
     * Starts handling a message. A handler that has not started when the returned stage is cancelled
     * never runs.
     *
     * @return a stage that completes once the handler succeeded and the message is marked CONSUMED; failed
     * with {@link Refused} when the executor refused the handler, which then never runs
     */
    CompletableFuture<Confirmation> start(ClaimedMessage message, HandlerRoutes.LocalRoute route,
            Instant attemptedAt) {
        try {
            return CompletableFuture.supplyAsync(() -> handle(message, route, attemptedAt), this.executor);
        }
        catch (RejectedExecutionException ex) {
            return CompletableFuture.failedFuture(new Refused(ex));
        }
    }

    private Confirmation handle(ClaimedMessage message, HandlerRoutes.LocalRoute route, Instant attemptedAt) {
        OutgoingMessage outgoing = message.toOutgoing();
        Observation observation = this.observations.consume(ConsumeObservationContext.Consumer.HANDLER, () -> outgoing)
                .start();
        try (Observation.Scope scope = observation.openScope()) {
            handleInTransaction(message, outgoing, route, attemptedAt);
            if (observation.getContext() instanceof ConsumeObservationContext context) {
                context.outcome(ConsumeObservationContext.Outcome.CONSUMED);
            }
            return new Confirmation.HandledLocally();
        }
        catch (CompletionException ex) {
            observation.error(ex.getCause());
            throw ex;
        }
        catch (RuntimeException ex) {
            observation.error(ex);
            throw ex;
        }
        finally {
            observation.stop();
        }
    }

    private void handleInTransaction(ClaimedMessage message, OutgoingMessage outgoing, HandlerRoutes.LocalRoute route,
            Instant attemptedAt) {
        try {
            this.transaction.executeWithoutResult(status -> {
                requireOutboxConnection();
                try {
                    route.handler().handle(outgoing);
                }
                catch (RuntimeException ex) {
                    throw ex;
                }
                catch (Exception ex) {
                    throw new HandlerException(ex);
                }
                if (!this.repository.markConsumed(message.id(), message.lockVersion(), route.deliveredBy(),
                        attemptedAt, this.clock.instant())) {
                    throw new IllegalStateException("the lease on message " + message.id() + " ran out while its "
                            + "handler ran, and another claim took the message over; the handler's writes are "
                            + "rolled back");
                }
            });
        }
        catch (HandlerException ex) {
            throw new CompletionException(ex.getCause());
        }
    }

    private void requireOutboxConnection() {
        if (!TransactionSynchronizationManager.hasResource(this.repository.dataSource())) {
            throw new IllegalStateException("the local handlers' transaction manager does not manage the outbox's "
                    + "DataSource, so the handler's writes would not commit with the CONSUMED mark; give the "
                    + "dispatcher a transaction manager for that DataSource");
        }
    }

    /**
     * The executor refused a handler (its queue is full, or it was shut down): told apart from a handler that
     * ran and threw a {@link RejectedExecutionException} of its own, which is the message's failure.
     */
    static final class Refused extends RuntimeException {

        private static final long serialVersionUID = 1L;

        Refused(RejectedExecutionException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** Carries a handler's checked exception out of the transaction callback, which rolls back on it. */
    private static final class HandlerException extends RuntimeException {

        HandlerException(Exception cause) {
            super(cause);
        }
    }
}
