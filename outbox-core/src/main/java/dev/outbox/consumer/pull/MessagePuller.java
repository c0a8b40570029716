/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.pull;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.outbox.DispatcherSettings;
import dev.outbox.internal.claim.Claimer;
import dev.outbox.internal.claim.FailurePlanner;
import dev.outbox.internal.claim.RouteSwitchCache;
import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DeliveryOutcome;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.internal.jdbc.RouteSwitchRepository;
import dev.outbox.message.MessageState;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.ConsumeObservationContext;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.settings.Check;
import dev.outbox.settings.Setting;
import dev.outbox.settings.SettingSource;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.store.OutboxStore;

/**
 * Lets consumers poll the outbox table as a queue: {@link #receive} leases up to N due messages of a
 * pulled topic, with the dispatcher's claim (the same leases, ordering per key and lock versions);
 * {@link #ack} marks one CONSUMED, {@link #nack} schedules it again with the type's
 * back-off or parks it as FAILED once its attempts are spent. A message left unanswered is received
 * again when its lease ends. The topics must be declared pulled in the dispatcher's
 * {@link dev.outbox.MessageRoutes}, so that the dispatcher leaves their messages alone.
 *
 * <p>A message type that an operator switched to pull consumers at run time
 * ({@link dev.outbox.route.RouteSwitchMode#PULL}, through {@link dev.outbox.admin.OutboxAdmin#switchToPull}) is left
 * alone by every dispatcher instead, and {@link #receive} takes its messages from any topic they name, declared
 * or not: a consumer of a switched type calls {@code receive(topic, max)} with its messages' topic, and answers them
 * as any other. The puller reads the switches at most once per {@link DispatcherSettings#POLL_INTERVAL default poll
 * interval}; once the type is switched back, a receive of an undeclared topic finds none of its messages (those
 * received before stay with their receivers until answered or their lease ends).
 *
 * <p>Thread-safe; one puller serves any number of consumer threads.
 */
public final class MessagePuller {

    /** What an acknowledged row records in place of a broker message id. */
    static final String DELIVERED_BY = "pull";

    /** The most messages one receive leases. */
    public static final int MAX_RECEIVE = 1000;

    /** How long a received message stays with its consumer: 30 s by default. */
    public static final Setting<Duration> LEASE = Setting.of("pull", "lease", Duration.ofSeconds(30),
            Check.positive(), "How long a received message stays with its consumer before it is received again.");

    /** Every setting of the puller. */
    public static final List<Setting<?>> SETTINGS = List.of(LEASE);

    private final OutboxRepository repository;

    private final Map<String, Claimer> claimers = new TreeMap<>();

    /** Claims the messages of the types switched to pull, on topics not declared pulled. */
    private final Claimer switchedClaimer;

    private final RouteSwitchCache switches;

    private final FailurePlanner failures;

    private final Duration lease;

    private final Clock clock;

    private final OutboxMetrics metrics;

    private final OutboxObservations observations;

    private MessagePuller(Builder builder) {
        this.repository = builder.repository;
        this.failures = new FailurePlanner(builder.retryPolicies);
        this.lease = builder.lease;
        this.clock = builder.clock;
        this.metrics = builder.metrics;
        this.observations = builder.observations;
        ClaimStrategy strategy = Claimer.effectiveStrategy(builder.repository, builder.claimStrategy);
        for (String topic : builder.topics) {
            this.claimers.put(topic, claimer(builder, ClaimScope.topic(topic), strategy));
        }
        this.switchedClaimer = claimer(builder, ClaimScope.all(), strategy);
        this.switches = new RouteSwitchCache(new RouteSwitchRepository(builder.repository.store()),
                DispatcherSettings.POLL_INTERVAL.defaultValue(), builder.metrics);
    }

    private static Claimer claimer(Builder builder, ClaimScope scope, ClaimStrategy strategy) {
        return new Claimer(builder.repository, scope, strategy, builder.lease,
                DispatcherSettings.POLL_INTERVAL.defaultValue(), false, builder.clock, builder.metrics);
    }

    /**
     * @param store where the messages are
     * @param topics the topics consumers pull; declare the same topics with
     * {@link dev.outbox.MessageRoutes.Builder#pullTopic(String)} on the dispatcher's routes
     * @return a builder of a puller
     */
    public static Builder builder(OutboxStore store, Set<String> topics) {
        if (topics.isEmpty() || topics.stream().anyMatch(topic -> topic == null || topic.isBlank())) {
            throw new IllegalArgumentException("pull topics must name at least one topic, none blank: " + topics);
        }
        return new Builder(store, topics);
    }

    /**
     * A puller of no declared topic: it receives only the messages of the types an operator switched to pull
     * consumers ({@link dev.outbox.route.RouteSwitchMode#PULL}), for an application whose consumers stand by for an
     * outage of its broker.
     *
     * @param store where the messages are
     * @return a builder of a puller
     */
    public static Builder builder(OutboxStore store) {
        return new Builder(store, Set.of());
    }

    /**
     * Leases due messages of a topic to the caller: PENDING messages whose time has come, oldest due
     * first, at most one per ordering key (the next one of a key only after this one is answered).
     *
     * @param topic a pulled topic, or the topic of messages of a type switched to pull consumers (then only
     * those of the switched types are received)
     * @param max the most messages to receive, 1 to {@value #MAX_RECEIVE}
     * @return the leased messages, possibly none
     * @throws IllegalArgumentException when the topic is not pulled and no type is switched to pull, or
     * {@code max} is out of range
     */
    public List<ReceivedMessage> receive(String topic, int max) {
        Claimer claimer = this.claimers.get(topic);
        Set<String> switched = (claimer == null) ? this.switches.current().pulled() : Set.of();
        if (claimer == null && switched.isEmpty()) {
            throw new IllegalArgumentException("topic '" + topic + "' is not pulled; the pulled topics are "
                    + this.claimers.keySet() + " and no message type is switched to pull (a topic must be declared "
                    + "pulled, or a type switched to pull, so that the dispatcher leaves its messages to pull "
                    + "consumers)");
        }
        if (max < 1 || max > MAX_RECEIVE) {
            throw new IllegalArgumentException("a receive takes 1 to " + MAX_RECEIVE + " messages, not " + max);
        }
        Instant receivedAt = this.clock.instant();
        Instant leaseUntil = receivedAt.plus(this.lease);
        List<ClaimedMessage> leased = (claimer != null) ? claimer.claim(MessageState.PENDING, max)
                : this.switchedClaimer.claim(ClaimScope.topic(topic).onlyTypes(switched), MessageState.PENDING, max);
        return leased.stream()
                .map(claimed -> new ReceivedMessage(claimed, receivedAt, leaseUntil, this.observations.consume(
                        ConsumeObservationContext.Consumer.PULL, claimed::toOutgoing).start()))
                .toList();
    }

    /**
     * Marks a received message CONSUMED, in the caller's transaction if there is one on the outbox's
     * data source, so that the consumer's writes and the acknowledgement commit together.
     *
     * @param message a message this puller leased
     * @return true when acknowledged; false when its lease had run out and it was received again (the
     * later receiver answers it then)
     */
    public boolean ack(ReceivedMessage message) {
        boolean marked = this.repository.markConsumed(message.id(), message.claimed().lockVersion(), DELIVERED_BY,
                message.receivedAt(), this.clock.instant());
        if (marked) {
            this.metrics.consumed(message.claimed().type());
            message.answered(ConsumeObservationContext.Outcome.CONSUMED, null);
        }
        return marked;
    }

    /**
     * Rejects a received message: it is due again after the back-off of its type's retry policy, or
     * FAILED once its attempts are spent, with the error as its fail reason. Written in a transaction
     * of its own.
     *
     * @param message a message this puller leased
     * @param error why it could not be processed
     * @return true when rejected; false when its lease had run out and it was received again
     */
    public boolean nack(ReceivedMessage message, Throwable error) {
        Instant now = this.clock.instant();
        DeliveryOutcome.Failed failed = this.failures.plan(message.claimed(), error, false, message.receivedAt(), now);
        boolean written = this.repository.complete(List.of(failed), now) == 1;
        if (written) {
            this.metrics.failed(message.claimed().type(), failed.state() == MessageState.FAILED);
            message.answered(ConsumeObservationContext.Outcome.FAILED, error);
        }
        return written;
    }

    /**
     * Builds a {@link MessagePuller}.
     */
    public static final class Builder {

        private final OutboxRepository repository;

        private final Set<String> topics;

        private Duration lease = LEASE.defaultValue();

        private ClaimStrategy claimStrategy = DispatcherSettings.CLAIM_STRATEGY.defaultValue();

        private RetryPolicies retryPolicies = RetryPolicies.defaults();

        private Clock clock = Clock.systemUTC();

        private OutboxMetrics metrics = OutboxMetrics.NONE;

        private OutboxObservations observations = OutboxObservations.NONE;

        private Builder(OutboxStore store, Set<String> topics) {
            this.repository = new OutboxRepository(JdbcStore.of(store));
            this.topics = Set.copyOf(topics);
        }

        /**
         * @param lease how long a received message stays with its receiver (default 30 s)
         * @return this builder
         * @throws dev.outbox.settings.SettingException when the lease is not positive
         */
        public Builder lease(Duration lease) {
            LEASE.check(lease);
            this.lease = lease;
            return this;
        }

        /**
         * @param source where the puller's {@link MessagePuller#SETTINGS} are read from; those it does not have
         * are left as they are
         * @return this builder
         * @throws dev.outbox.settings.SettingException naming the setting that is out of range
         */
        public Builder settings(SettingSource source) {
            source.find(LEASE).ifPresent(this::lease);
            return this;
        }

        /**
         * @param claimStrategy how messages are claimed (default skip-locked, where the database has it)
         * @return this builder
         */
        public Builder claimStrategy(ClaimStrategy claimStrategy) {
            this.claimStrategy = claimStrategy;
            return this;
        }

        /**
         * @param retryPolicies how rejected messages are retried
         * @return this builder
         */
        public Builder retryPolicies(RetryPolicies retryPolicies) {
            this.retryPolicies = retryPolicies;
            return this;
        }

        /**
         * @param clock the source of every time written to the table
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * @param observations where each received message is observed from its receive to its answer, so that
         * a tracing handler continues the trace saved with it; {@link OutboxObservations#NONE} unless given
         * @return this builder
         */
        public Builder observations(OutboxObservations observations) {
            this.observations = observations;
            return this;
        }

        /**
         * @param metrics what to tell about receives and answers
         * @return this builder
         */
        public Builder metrics(OutboxMetrics metrics) {
            this.metrics = metrics.forStore(this.repository.store().name());
            return this;
        }

        /**
         * @return the puller
         */
        public MessagePuller build() {
            return new MessagePuller(this);
        }
    }
}
