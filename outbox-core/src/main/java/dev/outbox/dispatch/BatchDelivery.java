package dev.outbox.dispatch;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.outbox.MessageState;
import dev.outbox.jdbc.ClaimedMessage;
import dev.outbox.jdbc.DeliveryOutcome;
import dev.outbox.jdbc.OutboxRepository;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.spi.MessageSender;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers one batch of leased rows and writes their outcomes: every send to a broker and every
 * local handler is started before any is awaited, then the outcomes are written in one short
 * transaction (a local handler's success is written by the handler's own transaction).
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

    BatchDelivery(OutboxRepository repository, MessageRoutes routes, LocalHandlers handlers, FailurePlanner failures,
            Duration sendTimeout, Clock clock, OutboxMetrics metrics) {
        this.repository = repository;
        this.routes = routes;
        this.handlers = handlers;
        this.failures = failures;
        this.sendTimeout = sendTimeout;
        this.clock = clock;
        this.metrics = metrics;
    }

    /**
     * @param batch rows leased to this instance
     * @return the earliest time a failed row of the batch is due again, if any will be
     */
    Optional<Instant> deliver(List<ClaimedMessage> batch) {
        Instant attemptedAt = this.clock.instant();
        List<CompletableFuture<Confirmation>> sends = new ArrayList<>(batch.size());
        for (ClaimedMessage message : batch) {
            sends.add(start(message, attemptedAt));
        }
        awaitAll(sends);
        Instant now = this.clock.instant();
        List<DeliveryOutcome> outcomes = new ArrayList<>(batch.size());
        Instant earliestRetry = null;
        for (int i = 0; i < batch.size(); i++) {
            ClaimedMessage message = batch.get(i);
            DeliveryOutcome outcome = outcome(message, sends.get(i), attemptedAt, now);
            if (outcome == null) {
                continue;
            }
            outcomes.add(outcome);
            if (outcome instanceof DeliveryOutcome.Failed failed && failed.state() == MessageState.PENDING
                    && (earliestRetry == null || failed.nextRetryAt().isBefore(earliestRetry))) {
                earliestRetry = failed.nextRetryAt();
            }
        }
        int written = this.repository.complete(outcomes, now);
        if (written < outcomes.size()) {
            logger.info("{} of {} outcomes were not written: their lease ran out and another claim took them over",
                    outcomes.size() - written, outcomes.size());
        }
        return Optional.ofNullable(earliestRetry);
    }

    private CompletableFuture<Confirmation> start(ClaimedMessage message, Instant attemptedAt) {
        Optional<MessageRoutes.LocalRoute> local = this.routes.localRouteFor(message.type(), message.retryCount());
        if (local.isPresent()) {
            return this.handlers.start(message, local.get(), attemptedAt);
        }
        Optional<MessageSender> sender = this.routes.senderFor(message.type());
        if (sender.isEmpty()) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "no sender is routed for message type '" + message.type() + "'"));
        }
        try {
            return sender.get().send(message.toOutgoing()).toCompletableFuture().thenApply(BatchDelivery::acknowledged);
        }
        catch (VirtualMachineError ex) {
            throw ex;
        }
        catch (RuntimeException | Error ex) {
            // A sender's broker client missing from the class path (NoClassDefFoundError) is a failed send too.
            return CompletableFuture.failedFuture(ex);
        }
    }

    private static Confirmation acknowledged(@Nullable String brokerMessageId) {
        if (brokerMessageId == null) {
            throw new IllegalStateException("the sender confirmed the message without a broker message id");
        }
        return new Confirmation.Acknowledged(brokerMessageId);
    }

    private void awaitAll(List<CompletableFuture<Confirmation>> sends) {
        try {
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new))
                    .get(this.sendTimeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        catch (ExecutionException | TimeoutException ex) {
            // Each send's own result is read below; unfinished ones count as timed out.
        }
    }

    /**
     * @return what to write to the row, or null when there is nothing left to write
     */
    private @Nullable DeliveryOutcome outcome(ClaimedMessage message, CompletableFuture<Confirmation> send,
            Instant attemptedAt, Instant now) {
        Throwable error = failureOf(message, send);
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
        DeliveryOutcome.Failed failed = this.failures.plan(message, error, attemptedAt, now);
        boolean exhausted = failed.state() == MessageState.FAILED;
        this.metrics.failed(message.type(), exhausted);
        logger.warn("Outbox message {} (type {}) failed attempt {}{}: {}", message.id(), message.type(),
                failed.retryCount(), exhausted ? " and is now FAILED" : "", FailureReason.firstLine(failed.failReason()));
        return failed;
    }

    private @Nullable Throwable failureOf(ClaimedMessage message, CompletableFuture<Confirmation> send) {
        if (!send.isDone()) {
            // A local handler still queued then never runs: its failure outcome is written now.
            send.cancel(false);
            boolean local = this.routes.localRouteFor(message.type(), message.retryCount()).isPresent();
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
}
