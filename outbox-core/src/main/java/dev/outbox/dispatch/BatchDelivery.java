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
 * Sends one batch of leased rows and writes their outcomes: every send is started before any is
 * awaited, then the outcomes are written in one short transaction.
 */
final class BatchDelivery {

    private static final Logger logger = LoggerFactory.getLogger(BatchDelivery.class);

    private final OutboxRepository repository;

    private final MessageRoutes routes;

    private final FailurePlanner failures;

    private final Duration sendTimeout;

    private final Clock clock;

    private final OutboxMetrics metrics;

    BatchDelivery(OutboxRepository repository, MessageRoutes routes, FailurePlanner failures, Duration sendTimeout,
            Clock clock, OutboxMetrics metrics) {
        this.repository = repository;
        this.routes = routes;
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
        List<CompletableFuture<String>> sends = new ArrayList<>(batch.size());
        for (ClaimedMessage message : batch) {
            sends.add(start(message));
        }
        awaitAll(sends);
        Instant now = this.clock.instant();
        List<DeliveryOutcome> outcomes = new ArrayList<>(batch.size());
        Instant earliestRetry = null;
        for (int i = 0; i < batch.size(); i++) {
            ClaimedMessage message = batch.get(i);
            DeliveryOutcome outcome = outcome(message, sends.get(i), attemptedAt, now);
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

    private CompletableFuture<String> start(ClaimedMessage message) {
        Optional<MessageSender> sender = this.routes.senderFor(message.type());
        if (sender.isEmpty()) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "no sender is routed for message type '" + message.type() + "'"));
        }
        try {
            return sender.get().send(message.toOutgoing()).toCompletableFuture();
        }
        catch (VirtualMachineError ex) {
            throw ex;
        }
        catch (RuntimeException | Error ex) {
            // A sender's broker client missing from the class path (NoClassDefFoundError) is a failed send too.
            return CompletableFuture.failedFuture(ex);
        }
    }

    private void awaitAll(List<CompletableFuture<String>> sends) {
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

    private DeliveryOutcome outcome(ClaimedMessage message, CompletableFuture<String> send, Instant attemptedAt,
            Instant now) {
        Throwable error = failureOf(send);
        if (error == null) {
            String brokerMessageId = send.join();
            if (brokerMessageId != null) {
                this.metrics.sent(message.type());
                return new DeliveryOutcome.Sent(message.id(), message.lockVersion(), attemptedAt, brokerMessageId);
            }
            error = new IllegalStateException("the sender confirmed the message without a broker message id");
        }
        DeliveryOutcome.Failed failed = this.failures.plan(message, error, attemptedAt, now);
        boolean exhausted = failed.state() == MessageState.FAILED;
        this.metrics.failed(message.type(), exhausted);
        logger.warn("Outbox message {} (type {}) failed attempt {}{}: {}", message.id(), message.type(),
                failed.retryCount(), exhausted ? " and is now FAILED" : "", FailureReason.firstLine(failed.failReason()));
        return failed;
    }

    private @Nullable Throwable failureOf(CompletableFuture<String> send) {
        if (!send.isDone()) {
            return new TimeoutException("the broker did not confirm the message within " + this.sendTimeout);
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
