/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.net.ConnectException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import dev.outbox.internal.claim.FailurePlanner;
import dev.outbox.internal.claim.FailureReason;
import dev.outbox.internal.claim.RouteSwitchState;
import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.message.MessageState;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.RetryDecision;
import dev.outbox.spi.SendFailure;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.transaction.PlatformTransactionManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

class BatchDeliveryTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00.123Z");

    private static final Instant SAVED = NOW.minusMillis(250);

    private static final Duration GENEROUS = Duration.ofSeconds(5);

    private static final Duration PROBE_INTERVAL = Duration.ofSeconds(2);

    private static final Duration LEASE = Duration.ofSeconds(8);

    /** 1 s doubling to 1 min, 3 attempts, no jitter, no slow retry. */
    private static final RetryPolicies POLICIES = new RetryPolicies(
            new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1), 0.0, 3), Map.of(), null);

    private final OutboxRepository repository = mock(OutboxRepository.class);

    private final PlatformTransactionManager transactionManager = mock(PlatformTransactionManager.class);

    private final RecordingMetrics metrics = new RecordingMetrics();

    /** The outages of the last {@link #delivery}. */
    private RouteOutages outages;

    private RetryDecision retryDecision = RetryDecision.ALWAYS;

    @BeforeEach
    void repositoryWritesEveryOutcome() {
        when(this.repository.complete(anyList(), any())).thenAnswer(call -> call.<List<?>>getArgument(0).size());
    }

    @Test
    void sendsEachMessageThroughTheSenderRoutedForItsType() {
        List<OutgoingMessage> toKafka = new CopyOnWriteArrayList<>();
        List<OutgoingMessage> toRabbit = new CopyOnWriteArrayList<>();
        MessageRoutes routes = MessageRoutes.builder()
                .route("order.created", confirming("kafka", toKafka))
                .route("mail.requested", confirming("rabbit", toRabbit))
                .build();

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created"), row(2, "mail.requested"),
                row(3, "order.created")), Set.of(), RouteSwitchState.NONE);

        assertThat(toKafka).extracting(OutgoingMessage::id).containsExactly(1L, 3L);
        assertThat(toRabbit).extracting(OutgoingMessage::id).containsExactly(2L);
        assertThat(writtenOutcomes()).containsExactly(
                new DeliveryOutcome.Sent(1, 5, NOW, "kafka-1"),
                new DeliveryOutcome.Sent(2, 5, NOW, "rabbit-2"),
                new DeliveryOutcome.Sent(3, 5, NOW, "kafka-3"));
    }

    @Test
    void theSenderSeesTheWholeMessageAndWhichAttemptThisIs() {
        List<OutgoingMessage> seen = new CopyOnWriteArrayList<>();
        ClaimedMessage row = new ClaimedMessage(9, 4, "key-9", "order.created", "orders", "customer-1",
                Map.of("tenant", "acme"), "{\"id\":9}", 2, MessageState.PENDING, SAVED);

        delivery(MessageRoutes.to(confirming("kafka", seen)), GENEROUS).deliver(List.of(row), Set.of(), RouteSwitchState.NONE);

        assertThat(seen).containsExactly(new OutgoingMessage(9, "key-9", "order.created", "orders", "customer-1",
                Map.of("tenant", "acme"), "{\"id\":9}", 3));
    }

    @Test
    void aSenderThatThrowsFailsOnlyItsOwnMessage() {
        MessageRoutes routes = MessageRoutes.builder()
                .route("poison", message -> {
                    throw new IllegalArgumentException("cannot encode record");
                })
                .defaultSender(confirming("kafka", new CopyOnWriteArrayList<>()))
                .build();

        delivery(routes, GENEROUS).deliver(List.of(row(1, "poison"), row(2, "order.created")), Set.of(), RouteSwitchState.NONE);

        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertFailed(outcomes.get(0), 1, "java.lang.IllegalArgumentException: cannot encode record");
        assertThat(outcomes.get(1)).isEqualTo(new DeliveryOutcome.Sent(2, 5, NOW, "kafka-2"));
    }

    @Test
    void aSenderThatThrowsAnErrorAlsoCountsAsAFailedSend() {
        // MessageSender: "Throwing from send counts as a failed send." A broker client missing from the
        // class path throws NoClassDefFoundError; it must not lose the outcomes of the rest of the batch.
        MessageRoutes routes = MessageRoutes.builder()
                .route("broken", message -> {
                    throw new NoClassDefFoundError("org/apache/kafka/clients/producer/Producer");
                })
                .defaultSender(confirming("kafka", new CopyOnWriteArrayList<>()))
                .build();

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created"), row(2, "broken")), Set.of(), RouteSwitchState.NONE);

        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertThat(outcomes.get(0)).isEqualTo(new DeliveryOutcome.Sent(1, 5, NOW, "kafka-1"));
        assertFailed(outcomes.get(1), 2, "java.lang.NoClassDefFoundError: org/apache/kafka/clients/producer/Producer");
    }

    @Test
    void aFailedFutureFailsTheMessageWithTheBrokersReason() {
        MessageRoutes routes = MessageRoutes.to(
                message -> CompletableFuture.failedFuture(new IllegalStateException("broker refused " + message.key())));

        Instant earliestRetry = delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created")), Set.of(), RouteSwitchState.NONE).earliestRetry();

        DeliveryOutcome outcome = writtenOutcomes().get(0);
        assertFailed(outcome, 1, "java.lang.IllegalStateException: broker refused key-1");
        assertThat(((DeliveryOutcome.Failed) outcome).state()).isEqualTo(MessageState.PENDING);
        assertThat(((DeliveryOutcome.Failed) outcome).retryCount()).isEqualTo(1);
        assertThat(((DeliveryOutcome.Failed) outcome).nextRetryAt()).isEqualTo(NOW.plusSeconds(1));
        assertThat(earliestRetry).isEqualTo(NOW.plusSeconds(1));
    }

    @Test
    void aFutureFailingLaterFromAnotherThreadFailsTheMessage() {
        MessageRoutes routes = MessageRoutes.to(message -> CompletableFuture.supplyAsync(() -> {
            throw new IllegalStateException("NOT_ENOUGH_REPLICAS");
        }));

        assertTimeoutPreemptively(GENEROUS, () -> delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created")), Set.of(), RouteSwitchState.NONE));

        assertFailed(writtenOutcomes().get(0), 1, "java.lang.IllegalStateException: NOT_ENOUGH_REPLICAS");
    }

    @Test
    void aCancelledSendFailsTheMessage() {
        MessageRoutes routes = MessageRoutes.to(message -> {
            CompletableFuture<String> future = new CompletableFuture<>();
            future.cancel(false);
            return future;
        });

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created")), Set.of(), RouteSwitchState.NONE);

        assertFailed(writtenOutcomes().get(0), 1, "java.util.concurrent.CancellationException");
    }

    @Test
    void aSendThatNeverCompletesTimesOutAndPausesItsRouteWithoutSpendingAnAttempt() {
        MessageRoutes routes = MessageRoutes.builder()
                .route("stuck", message -> new CompletableFuture<>())
                .defaultSender(confirming("kafka", new CopyOnWriteArrayList<>()))
                .build();

        assertTimeoutPreemptively(GENEROUS, () -> delivery(routes, Duration.ofMillis(50))
                .deliver(List.of(row(1, "stuck"), row(2, "order.created")), Set.of(), RouteSwitchState.NONE));

        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertThat(outcomes.get(0)).isEqualTo(new DeliveryOutcome.Released(1, 5, NOW));
        assertThat(outcomes.get(1)).isEqualTo(new DeliveryOutcome.Sent(2, 5, NOW, "kafka-2"));
        assertThat(this.outages.pausedRoutes()).singleElement().satisfies(paused -> {
            assertThat(paused.route()).isEqualTo("stuck");
            assertThat(paused.reason()).isEqualTo(
                    "java.util.concurrent.TimeoutException: the broker did not confirm the message within PT0.05S");
        });
    }

    @Test
    void aTypeWithoutARouteFailsWithAClearReason() {
        MessageRoutes routes = MessageRoutes.builder().route("order.created", confirming("kafka",
                new CopyOnWriteArrayList<>())).build();

        delivery(routes, GENEROUS).deliver(List.of(row(1, "invoice.issued"), row(2, "order.created")), Set.of(), RouteSwitchState.NONE);

        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertFailed(outcomes.get(0), 1,
                "java.lang.IllegalStateException: no sender is routed for message type 'invoice.issued'");
        assertThat(outcomes.get(1)).isInstanceOf(DeliveryOutcome.Sent.class);
    }

    @Test
    void aSenderConfirmingWithoutABrokerIdFailsTheMessage() {
        MessageRoutes routes = MessageRoutes.to(message -> CompletableFuture.completedFuture(null));

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created")), Set.of(), RouteSwitchState.NONE);

        assertFailed(writtenOutcomes().get(0), 1,
                "java.lang.IllegalStateException: the sender confirmed the message without a broker message id");
        assertThat(this.metrics.events).containsExactly("failed order.created retry");
    }

    @Test
    void aSenderReturningNoStageAtAllFailsTheMessage() {
        MessageRoutes routes = MessageRoutes.to(message -> null);

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created")), Set.of(), RouteSwitchState.NONE);

        assertThat(writtenOutcomes().get(0)).isInstanceOf(DeliveryOutcome.Failed.class);
    }

    @Test
    void theLastAllowedAttemptParksTheMessageAsFailedAndIsNotAnEarliestRetry() {
        MessageRoutes routes = MessageRoutes.to(message -> CompletableFuture.failedFuture(new IllegalStateException("down")));
        ClaimedMessage lastAttempt = new ClaimedMessage(1, 5, "key-1", "order.created", "orders", null, Map.of(), "{}",
                2, MessageState.PENDING, SAVED);

        Instant earliestRetry = delivery(routes, GENEROUS).deliver(List.of(lastAttempt), Set.of(), RouteSwitchState.NONE).earliestRetry();

        DeliveryOutcome.Failed failed = (DeliveryOutcome.Failed) writtenOutcomes().get(0);
        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.retryCount()).isEqualTo(3);
        assertThat(earliestRetry).isNull();
    }

    @Test
    void returnsTheEarliestRetryOfTheBatch() {
        MessageRoutes routes = MessageRoutes.to(message -> CompletableFuture.failedFuture(new IllegalStateException("down")));
        ClaimedMessage secondAttempt = new ClaimedMessage(1, 5, "key-1", "order.created", "orders", null, Map.of(),
                "{}", 1, MessageState.PENDING, SAVED);
        ClaimedMessage firstAttempt = row(2, "order.created");

        Instant earliestRetry = delivery(routes, GENEROUS).deliver(List.of(secondAttempt, firstAttempt), Set.of(), RouteSwitchState.NONE)
                .earliestRetry();

        assertThat(earliestRetry).isEqualTo(NOW.plusSeconds(1));
    }

    @Test
    void aBatchThatAllSucceedsHasNoRetry() {
        BatchDelivery.Result result = delivery(MessageRoutes.to(confirming("kafka", new CopyOnWriteArrayList<>())),
                GENEROUS).deliver(List.of(row(1, "order.created")), Set.of(), RouteSwitchState.NONE);

        assertThat(result.earliestRetry()).isNull();
        assertThat(result.delivered()).isOne();
    }

    @Test
    void countsSentRetriedAndFailedMessagesPerType() {
        MessageRoutes routes = MessageRoutes.builder()
                .route("order.created", confirming("kafka", new CopyOnWriteArrayList<>()))
                .route("mail.requested", message -> CompletableFuture.failedFuture(new IllegalStateException("down")))
                .build();
        ClaimedMessage exhausted = new ClaimedMessage(3, 5, "key-3", "mail.requested", "mails", null, Map.of(), "{}",
                2, MessageState.PENDING, SAVED);

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created"), row(2, "mail.requested"), exhausted,
                row(4, "order.created")), Set.of(), RouteSwitchState.NONE);

        assertThat(this.metrics.events).containsExactly("delivered order.created after PT0.25S", "sent order.created",
                "failed mail.requested retry", "failed mail.requested exhausted",
                "delivered order.created after PT0.25S", "sent order.created");
    }

    @Test
    void writesAllOutcomesOfTheBatchInOneCall() {
        MessageRoutes routes = MessageRoutes.builder()
                .route("order.created", confirming("kafka", new CopyOnWriteArrayList<>()))
                .route("mail.requested", message -> CompletableFuture.failedFuture(new IllegalStateException("down")))
                .build();

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created"), row(2, "mail.requested")), Set.of(), RouteSwitchState.NONE);

        assertThat(writtenOutcomes()).extracting(DeliveryOutcome::id).containsExactly(1L, 2L);
    }

    @Test
    void startsEverySendBeforeWaitingForAny() {
        int batchSize = 5;
        CountDownLatch allStarted = new CountDownLatch(batchSize);
        Map<Long, CompletableFuture<String>> inFlight = new ConcurrentHashMap<>();
        MessageSender sender = message -> {
            CompletableFuture<String> confirmation = new CompletableFuture<>();
            inFlight.put(message.id(), confirmation);
            allStarted.countDown();
            return confirmation;
        };
        // The broker confirms nothing until every message of the batch has been handed to it.
        Thread broker = new Thread(() -> {
            try {
                if (allStarted.await(GENEROUS.toSeconds(), TimeUnit.SECONDS)) {
                    inFlight.forEach((id, confirmation) -> confirmation.complete("broker-" + id));
                }
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }, "fake-broker");
        broker.setDaemon(true);
        broker.start();
        List<ClaimedMessage> batch = List.of(row(1, "t"), row(2, "t"), row(3, "t"), row(4, "t"), row(5, "t"));

        assertTimeoutPreemptively(GENEROUS,
                () -> delivery(MessageRoutes.to(sender), Duration.ofSeconds(2)).deliver(batch, Set.of(), RouteSwitchState.NONE));

        assertThat(writtenOutcomes()).allSatisfy(outcome -> assertThat(outcome).isInstanceOf(DeliveryOutcome.Sent.class))
                .extracting(outcome -> ((DeliveryOutcome.Sent) outcome).brokerMessageId())
                .containsExactly("broker-1", "broker-2", "broker-3", "broker-4", "broker-5");
    }

    @Test
    void startsEachMessageOfAnOrderingKeyOnlyAfterTheOneBeforeItWasConfirmed() {
        Map<Long, CompletableFuture<String>> acks = new ConcurrentHashMap<>();
        List<Long> started = new CopyOnWriteArrayList<>();
        List<Long> startedBeforeThePreviousOfItsKeyWasConfirmed = new CopyOnWriteArrayList<>();
        Map<Long, Long> previousOfKey = Map.of(4L, 1L, 5L, 4L);
        MessageSender answeredLater = message -> {
            Long previous = previousOfKey.get(message.id());
            if (previous != null && !acks.get(previous).isDone()) {
                startedBeforeThePreviousOfItsKeyWasConfirmed.add(message.id());
            }
            started.add(message.id());
            CompletableFuture<String> ack = new CompletableFuture<>();
            acks.put(message.id(), ack);
            // The broker answers from its own thread, a little later.
            CompletableFuture.runAsync(() -> ack.complete("broker-" + message.id()),
                    CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS));
            return ack;
        };
        List<ClaimedMessage> batch = List.of(ordered(1, "customer-7"), ordered(2, "customer-8"), row(3, "t"),
                ordered(4, "customer-7"), ordered(5, "customer-7"));

        BatchDelivery.Result result = delivery(MessageRoutes.to(answeredLater), GENEROUS).deliver(batch, Set.of(), RouteSwitchState.NONE);

        assertThat(result.delivered()).isEqualTo(5);
        assertThat(started.subList(0, 3)).as("the first of each key and the unordered message start at once")
                .containsExactlyInAnyOrder(1L, 2L, 3L);
        assertThat(started.subList(3, 5)).containsExactly(4L, 5L);
        assertThat(startedBeforeThePreviousOfItsKeyWasConfirmed).isEmpty();
        assertThat(writtenOutcomes()).allSatisfy(outcome -> assertThat(outcome).isInstanceOf(DeliveryOutcome.Sent.class));
    }

    @Test
    void aFailureStopsTheRestOfItsKeyWhichIsReleasedWithoutAnAttemptCounted() {
        List<Long> started = new CopyOnWriteArrayList<>();
        MessageSender failingTwo = message -> {
            started.add(message.id());
            return (message.id() == 2) ? CompletableFuture.failedFuture(new IllegalStateException("refused"))
                    : CompletableFuture.completedFuture("broker-" + message.id());
        };
        List<ClaimedMessage> batch = List.of(ordered(1, "customer-7"), ordered(2, "customer-7"),
                ordered(3, "customer-7"), ordered(4, "customer-8"));

        BatchDelivery.Result result = delivery(MessageRoutes.to(failingTwo), GENEROUS).deliver(batch, Set.of(), RouteSwitchState.NONE);

        assertThat(started).containsExactlyInAnyOrder(1L, 2L, 4L);
        assertThat(result.delivered()).isEqualTo(2);
        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertThat(outcomes.get(0)).isInstanceOf(DeliveryOutcome.Sent.class);
        assertFailed(outcomes.get(1), 2, "java.lang.IllegalStateException: refused");
        assertThat(outcomes.get(2)).isEqualTo(new DeliveryOutcome.Released(3, 5, NOW));
        assertThat(outcomes.get(3)).isInstanceOf(DeliveryOutcome.Sent.class);
    }

    @Test
    void aSenderThatKeepsTheOrderOfPipelinedSendsGetsAKeysRunAtOnce() {
        List<Long> started = new CopyOnWriteArrayList<>();
        CompletableFuture<String> firstAck = new CompletableFuture<>();
        MessageSender pipelining = new MessageSender() {
            @Override
            public CompletableFuture<String> send(OutgoingMessage message) {
                started.add(message.id());
                if (message.id() == 3) {
                    // All three are in flight before the broker confirms the first.
                    firstAck.complete("broker-1");
                }
                return (message.id() == 1) ? firstAck : CompletableFuture.completedFuture("broker-" + message.id());
            }

            @Override
            public boolean keepsOrderOfPipelinedSends() {
                return true;
            }
        };

        delivery(MessageRoutes.to(pipelining), GENEROUS).deliver(List.of(ordered(1, "customer-7"),
                ordered(2, "customer-7"), ordered(3, "customer-7")), Set.of(), RouteSwitchState.NONE);

        assertThat(started).containsExactly(1L, 2L, 3L);
        assertThat(writtenOutcomes()).allSatisfy(outcome -> assertThat(outcome).isInstanceOf(DeliveryOutcome.Sent.class));
    }

    @Test
    void whatOfAKeyIsLeftWhenTheSendTimeoutRunsOutIsReleased() {
        MessageSender neverAnswers = message -> new CompletableFuture<>();

        delivery(MessageRoutes.to(neverAnswers), Duration.ofMillis(50)).deliver(List.of(ordered(1, "customer-7"),
                ordered(2, "customer-7")), Set.of(), RouteSwitchState.NONE);

        assertThat(writtenOutcomes()).containsExactly(new DeliveryOutcome.Released(1, 5, NOW),
                new DeliveryOutcome.Released(2, 5, NOW));
    }

    @Test
    void anUnreachableBrokerPausesTheRouteAndSpendsNoAttempt() {
        MessageRoutes routes = MessageRoutes.builder()
                .route("order.created", unreachable())
                .route("mail.requested", confirming("rabbit", new CopyOnWriteArrayList<>()))
                .build();

        BatchDelivery.Result result = delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created"),
                row(2, "order.created"), row(3, "mail.requested")), Set.of(), RouteSwitchState.NONE);

        assertThat(writtenOutcomes()).containsExactly(new DeliveryOutcome.Released(1, 5, NOW),
                new DeliveryOutcome.Released(2, 5, NOW), new DeliveryOutcome.Sent(3, 5, NOW, "rabbit-3"));
        assertThat(result.earliestRetry()).isNull();
        assertThat(this.outages.pausedRoutes()).singleElement().satisfies(paused -> {
            assertThat(paused.route()).isEqualTo("order.created");
            assertThat(paused.pausedAt()).isEqualTo(NOW);
            assertThat(paused.reason()).isEqualTo("java.net.ConnectException: Connection refused");
            assertThat(paused.nextProbeAt()).isEqualTo(NOW.plus(PROBE_INTERVAL));
        });
        assertThat(this.metrics.events).contains("paused order.created", "postponed order.created")
                .noneMatch(event -> event.startsWith("failed"));
    }

    @Test
    void anUnreachableFailureNextToASuccessOfTheSameRouteIsTheMessagesOwn() {
        MessageSender flaky = message -> (message.id() == 1)
                ? CompletableFuture.failedFuture(new ConnectException("Connection refused"))
                : CompletableFuture.completedFuture("kafka-" + message.id());

        delivery(MessageRoutes.to(flaky), GENEROUS).deliver(List.of(row(1, "order.created"), row(2, "order.created")),
                Set.of(), RouteSwitchState.NONE);

        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertFailed(outcomes.get(0), 1, "java.net.ConnectException: Connection refused");
        assertThat(outcomes.get(1)).isEqualTo(new DeliveryOutcome.Sent(2, 5, NOW, "kafka-2"));
        assertThat(this.outages.pausedRoutes()).isEmpty();
    }

    @Test
    void aPausedRouteHoldsItsMessagesBackButItsProbe() {
        List<OutgoingMessage> sent = new CopyOnWriteArrayList<>();
        MessageSender broker = confirming("kafka", sent);
        MessageRoutes routes = MessageRoutes.to(broker);
        BatchDelivery delivery = delivery(routes, GENEROUS);
        this.outages.pause(broker, "java.net.ConnectException: Connection refused");

        BatchDelivery.Result result = delivery.deliver(List.of(row(1, "order.created"), row(2, "order.created")),
                Set.of(2L), RouteSwitchState.NONE);

        assertThat(sent).extracting(OutgoingMessage::id).containsExactly(2L);
        assertThat(writtenOutcomes()).containsExactly(new DeliveryOutcome.Released(1, 5, NOW),
                new DeliveryOutcome.Sent(2, 5, NOW, "kafka-2"));
        assertThat(result.resumed()).isTrue();
        assertThat(this.outages.pausedRoutes()).isEmpty();
        assertThat(this.metrics.events).contains("postponed order.created", "resumed default");
    }

    @Test
    void aProbeThatFindsTheBrokerUnreachableWaitsAProbeIntervalSoThatTheNextProbeTriesAnotherMessage() {
        MessageSender broker = unreachable();
        BatchDelivery delivery = delivery(MessageRoutes.to(broker), GENEROUS);
        this.outages.pause(broker, "java.net.ConnectException: Connection refused");

        BatchDelivery.Result result = delivery.deliver(List.of(row(1, "order.created")), Set.of(1L), RouteSwitchState.NONE);

        assertThat(writtenOutcomes()).containsExactly(new DeliveryOutcome.Released(1, 5, NOW.plus(PROBE_INTERVAL)));
        assertThat(result.resumed()).isFalse();
        assertThat(this.outages.pausedRoutes()).singleElement()
                .satisfies(paused -> assertThat(paused.probes()).isEqualTo(1));
    }

    @Test
    void aTypeWithAFallbackHandlerCountsUnreachableFailuresSoThatItsFallbackTakesOver() {
        MessageRoutes routes = MessageRoutes.builder()
                .route("order.created", unreachable())
                .fallback("order.created", "orders-db", message -> { }, 3)
                .build();

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created")), Set.of(), RouteSwitchState.NONE);

        assertFailed(writtenOutcomes().get(0), 1, "java.net.ConnectException: Connection refused");
        assertThat(this.outages.pausedRoutes()).isEmpty();
    }

    @Test
    void theSendersOwnClassificationDecides() {
        MessageSender rejectsAll = classifying(
                message -> CompletableFuture.failedFuture(new IllegalStateException("broker connection lost")),
                error -> (error instanceof IllegalStateException) ? SendFailure.UNREACHABLE : SendFailure.MESSAGE);
        MessageSender throwsWhenClassifying = classifying(
                message -> CompletableFuture.failedFuture(new ConnectException("Connection refused")), error -> {
                    throw new UnsupportedOperationException("no classification");
                });
        MessageRoutes routes = MessageRoutes.builder().route("order.created", rejectsAll)
                .route("mail.requested", throwsWhenClassifying).build();

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created"), row(2, "mail.requested")), Set.of(), RouteSwitchState.NONE);

        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertThat(outcomes.get(0)).isEqualTo(new DeliveryOutcome.Released(1, 5, NOW));
        assertFailed(outcomes.get(1), 2, "java.net.ConnectException: Connection refused");
        assertThat(this.outages.pausedRoutes()).extracting(PausedRoute::route).containsExactly("order.created");
    }

    @Test
    void aMessageTheBrokerRejectsForGoodIsFailedAtOnceWhileTheOthersAreSent() {
        MessageSender rejectsLargeOnes = classifying(message -> (message.id() % 2 == 1)
                ? CompletableFuture.failedFuture(new IllegalArgumentException("record too large"))
                : CompletableFuture.completedFuture("kafka-" + message.id()),
                error -> (error instanceof IllegalArgumentException) ? SendFailure.REJECTED : SendFailure.MESSAGE);
        MessageRoutes routes = MessageRoutes.builder().defaultSender(rejectsLargeOnes)
                .route("mail.requested", rejectsLargeOnes)
                .fallback("mail.requested", "mail-db", message -> { }, 3).build();

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created"), row(2, "order.created"),
                row(3, "mail.requested")), Set.of(), RouteSwitchState.NONE);

        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertThat(outcomes.get(0)).isInstanceOfSatisfying(DeliveryOutcome.Failed.class, failed -> {
            assertThat(failed.state()).isEqualTo(MessageState.FAILED);
            assertThat(failed.retryCount()).as("of its 3 attempts, one spent").isOne();
        });
        assertThat(outcomes.get(1)).isEqualTo(new DeliveryOutcome.Sent(2, 5, NOW, "kafka-2"));
        assertThat(outcomes.get(2)).as("a type with a fallback counts the rejection towards it")
                .isInstanceOfSatisfying(DeliveryOutcome.Failed.class,
                        failed -> assertThat(failed.state()).isEqualTo(MessageState.PENDING));
        assertThat(this.metrics.events).contains("failed order.created exhausted", "failed mail.requested retry");
    }

    @Test
    void theApplicationsRetryDecisionFailsAMessageAtOnceAndADecisionThatThrowsRetries() {
        this.retryDecision = (message, error) -> {
            if (message.type().equals("mail.requested")) {
                throw new IllegalStateException("no decision");
            }
            return !(error instanceof IllegalArgumentException);
        };
        MessageSender refuses = message -> CompletableFuture.failedFuture((message.id() == 1)
                ? new IllegalArgumentException("schema registry refused the body")
                : new IllegalStateException("try again"));

        delivery(MessageRoutes.to(refuses), GENEROUS).deliver(List.of(row(1, "order.created"), row(2, "order.created"),
                row(3, "mail.requested")), Set.of(), RouteSwitchState.NONE);

        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertThat(outcomes).extracting(outcome -> ((DeliveryOutcome.Failed) outcome).state())
                .containsExactly(MessageState.FAILED, MessageState.PENDING, MessageState.PENDING);
        assertFailed(outcomes.get(0), 1, "java.lang.IllegalArgumentException: schema registry refused the body");
    }

    @Test
    void aMessageThatGoesFailedIsPublishedToItsDeadLetterTopicWithWhyAndTheRowRecordsIt() {
        List<OutgoingMessage> deadLetters = new CopyOnWriteArrayList<>();
        MessageSender rejecting = classifying(message -> CompletableFuture.failedFuture(
                new IllegalArgumentException("record too large")), error -> SendFailure.REJECTED);
        MessageRoutes routes = MessageRoutes.builder()
                .route("order.created", rejecting)
                .deadLetters("order.created", confirming("dlq", deadLetters), "orders.DLT")
                .defaultSender(confirming("kafka", new CopyOnWriteArrayList<>()))
                .build();
        ClaimedMessage poison = new ClaimedMessage(1, 5, "key-1", "order.created", "orders", "customer-1",
                Map.of("tenant", "acme"), "{\"id\":1}", 0, MessageState.PENDING, SAVED);

        delivery(routes, GENEROUS).deliver(List.of(poison, row(2, "mail.requested")), Set.of(), RouteSwitchState.NONE);

        assertThat(deadLetters).singleElement().satisfies(deadLetter -> {
            assertThat(deadLetter.topic()).isEqualTo("orders.DLT");
            assertThat(deadLetter.id()).isEqualTo(1);
            assertThat(deadLetter.key()).isEqualTo("key-1");
            assertThat(deadLetter.type()).isEqualTo("order.created");
            assertThat(deadLetter.orderingKey()).isEqualTo("customer-1");
            assertThat(deadLetter.body()).isEqualTo("{\"id\":1}");
            assertThat(deadLetter.headers()).containsEntry("tenant", "acme")
                    .containsEntry(OutboxHeaders.DEAD_LETTER_REASON,
                            "java.lang.IllegalArgumentException: record too large")
                    .containsEntry(OutboxHeaders.ORIGINAL_TOPIC, "orders")
                    .containsEntry(OutboxHeaders.ATTEMPTS, "1");
        });
        List<DeliveryOutcome> outcomes = writtenOutcomes();
        assertFailed(outcomes.get(0), 1, "java.lang.IllegalArgumentException: record too large");
        assertThat(((DeliveryOutcome.Failed) outcomes.get(0)).messageId()).isEqualTo("dead-letter:dlq-1");
        assertThat(outcomes.get(1)).isEqualTo(new DeliveryOutcome.Sent(2, 5, NOW, "kafka-2"));
        assertThat(this.metrics.events).contains("dead letter order.created published");
    }

    @Test
    void aDeadLetterThatCannotBePublishedIsNotedInTheFailReasonAndCounted() {
        MessageRoutes routes = MessageRoutes.builder()
                .route("order.created", classifying(message -> CompletableFuture.failedFuture(
                        new IllegalArgumentException("record too large")), error -> SendFailure.REJECTED))
                .deadLetters("order.created", message -> CompletableFuture.failedFuture(
                        new IllegalStateException("dead-letter topic is gone")), "orders.DLT")
                .build();

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created")), Set.of(), RouteSwitchState.NONE);

        DeliveryOutcome.Failed failed = (DeliveryOutcome.Failed) writtenOutcomes().get(0);
        assertThat(failed.state()).isEqualTo(MessageState.FAILED);
        assertThat(failed.messageId()).isNull();
        assertThat(FailureReason.firstLine(failed.failReason()))
                .isEqualTo("java.lang.IllegalArgumentException: record too large");
        assertThat(failed.failReason()).endsWith("\nDead letter to 'orders.DLT' not published: "
                + "java.lang.IllegalStateException: dead-letter topic is gone");
        assertThat(this.metrics.events).contains("dead letter order.created failed");
    }

    @Test
    void onlyAMessageThatGoesFailedFromPendingIsDeadLettered() {
        List<OutgoingMessage> deadLetters = new CopyOnWriteArrayList<>();
        MessageRoutes routes = MessageRoutes.builder()
                .route("order.created", message -> CompletableFuture.failedFuture(new IllegalStateException("flaky")))
                .deadLetters("order.created", confirming("dlq", deadLetters), "orders.DLT")
                .build();
        ClaimedMessage slowRetry = new ClaimedMessage(2, 5, "key-2", "order.created", "orders", null, Map.of(), "{}",
                3, MessageState.FAILED, SAVED);

        delivery(routes, GENEROUS).deliver(List.of(row(1, "order.created"), slowRetry), Set.of(), RouteSwitchState.NONE);

        assertThat(deadLetters).isEmpty();
        assertThat(writtenOutcomes()).extracting(outcome -> ((DeliveryOutcome.Failed) outcome).state())
                .containsExactly(MessageState.PENDING, MessageState.FAILED);
    }

    /** A sender that sends with one function and classifies its failures with another. */
    private static MessageSender classifying(MessageSender send, Function<Throwable, SendFailure> classification) {
        return new MessageSender() {

            @Override
            public CompletionStage<String> send(OutgoingMessage message) {
                return send.send(message);
            }

            @Override
            public SendFailure classify(Throwable error) {
                return classification.apply(error);
            }
        };
    }

    private static MessageSender unreachable() {
        return message -> CompletableFuture.failedFuture(new ConnectException("Connection refused"));
    }

    private BatchDelivery delivery(MessageRoutes routes, Duration sendTimeout) {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        this.outages = new RouteOutages(routes, ClaimScope.all(), PROBE_INTERVAL, clock, this.metrics);
        // No route here is local: the handlers' executor is never used.
        return new BatchDelivery(this.repository, routes, this.outages,
                new LocalHandlers(this.repository, this.transactionManager, Runnable::run, clock, OutboxObservations.NONE),
                new FailurePlanner(POLICIES), new FinalFailures(routes, this.retryDecision), LEASE, sendTimeout, clock,
                this.metrics,
                OutboxObservations.NONE);
    }

    private List<DeliveryOutcome> writtenOutcomes() {
        @SuppressWarnings("unchecked")
        ArgumentCaptor<List<DeliveryOutcome>> outcomes = ArgumentCaptor.forClass(List.class);
        verify(this.repository).complete(outcomes.capture(), eq(NOW));
        return outcomes.getValue();
    }

    private static void assertFailed(DeliveryOutcome outcome, long id, String firstLineOfReason) {
        assertThat(outcome).isInstanceOfSatisfying(DeliveryOutcome.Failed.class, failed -> {
            assertThat(failed.id()).isEqualTo(id);
            assertThat(failed.lockVersion()).isEqualTo(5);
            assertThat(failed.attemptedAt()).isEqualTo(NOW);
            assertThat(FailureReason.firstLine(failed.failReason())).isEqualTo(firstLineOfReason);
        });
    }

    private static MessageSender confirming(String broker, List<OutgoingMessage> received) {
        return message -> {
            received.add(message);
            return CompletableFuture.completedFuture(broker + "-" + message.id());
        };
    }

    private static ClaimedMessage ordered(long id, String orderingKey) {
        return new ClaimedMessage(id, 5, "key-" + id, "t", "topic-t", orderingKey, Map.of(), "{\"id\":" + id + "}", 0,
                MessageState.PENDING, SAVED);
    }

    private static ClaimedMessage row(long id, String type) {
        return new ClaimedMessage(id, 5, "key-" + id, type, "topic-" + type, null, Map.of(), "{\"id\":" + id + "}", 0,
                MessageState.PENDING, SAVED);
    }

    /** Records what is counted, in order. */
    private static final class RecordingMetrics implements OutboxMetrics {

        final List<String> events = new CopyOnWriteArrayList<>();

        @Override
        public void saved(String messageType) {
            this.events.add("saved " + messageType);
        }

        @Override
        public void sent(String messageType) {
            this.events.add("sent " + messageType);
        }

        @Override
        public void delivered(String messageType, Duration sinceSaved) {
            this.events.add("delivered " + messageType + " after " + sinceSaved);
        }

        @Override
        public void failed(String messageType, boolean exhausted) {
            this.events.add("failed " + messageType + (exhausted ? " exhausted" : " retry"));
        }

        @Override
        public void deadLettered(String messageType, boolean published) {
            this.events.add("dead letter " + messageType + (published ? " published" : " failed"));
        }

        @Override
        public void claimed(int claimed, int lost) {
            this.events.add("claimed " + claimed + " lost " + lost);
        }

        @Override
        public void routePaused(String route) {
            this.events.add("paused " + route);
        }

        @Override
        public void routeResumed(String route) {
            this.events.add("resumed " + route);
        }

        @Override
        public void postponed(String messageType) {
            this.events.add("postponed " + messageType);
        }
    }
}
