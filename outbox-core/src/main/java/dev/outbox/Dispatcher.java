/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import dev.outbox.internal.claim.Claimer;
import dev.outbox.internal.claim.FailurePlanner;
import dev.outbox.internal.claim.RouteSwitchCache;
import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.internal.jdbc.RouteSwitchRepository;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.spi.RetryDecision;
import dev.outbox.store.ClaimStrategy;
import dev.outbox.store.OutboxStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Delivers committed outbox messages: takes the messages this instance's transactions hand it
 * after commit, claims due rows from the table (retries, delayed and ordered messages, and what
 * other instances saved), sends them through the routed {@link dev.outbox.spi.MessageSender} and
 * records each outcome. Runs on threads of its own; start it once and stop it on shutdown.
 *
 * <p>Its threads are made by thread factories, which {@link Builder#dispatchThreadFactory} and
 * {@link Builder#handlerThreadFactory} replace (for example with virtual threads), or local handlers run on an
 * executor handed in with {@link Builder#handlerExecutor}. {@link #stop()} ends every thread the dispatcher
 * made, within the shutdown timeout; an executor handed in is left running.
 *
 * <p>No database transaction or lock is held while the broker is talking: a row is leased by moving
 * its {@code next_retry_at} forward and incrementing its {@code lock_version}, and its outcome is
 * written only if that version is unchanged. A row whose instance dies comes due again when the
 * lease ends, so delivery is at least once.
 */
public final class Dispatcher {

    /**
     * How long {@link #stop()} waits, after the shutdown timeout, for the dispatch loops and local handlers it
     * interrupted: an interrupted loop hands back the sends it still waits for and writes its batch's outcomes,
     * which takes a short transaction. Stopping so takes at most the shutdown timeout and this.
     */
    public static final Duration INTERRUPT_GRACE = Duration.ofSeconds(2);

    private static final Logger logger = LoggerFactory.getLogger(Dispatcher.class);

    private final DispatcherSettings settings;

    private final HandoffQueue handoffs;

    private final WakeSignal signal;

    private final DispatchCycle cycle;

    private final boolean slowRetryEnabled;

    private final Set<String> pulledTopics;

    private final Clock clock;

    private final AtomicBoolean running = new AtomicBoolean();

    private final LoopThreads loops;

    private final RouteOutages outages;

    /** The pool local handlers run on, or null when they run on an executor handed in. */
    private final @Nullable HandlerPool handlerPool;

    private final MessageHandoff localHandoff = new LocalHandoff();

    private Dispatcher(Builder builder) {
        this.settings = builder.settings;
        this.clock = builder.clock;
        this.handoffs = new HandoffQueue(this.settings.handoffCapacity(), this.settings.lease());
        this.signal = new WakeSignal(this.clock);
        ClaimStrategy strategy = Claimer.effectiveStrategy(builder.repository, this.settings.claimStrategy());
        ClaimScope scope = ClaimScope.allExcept(builder.routes.pulledTopics());
        Claimer claimer = new Claimer(builder.repository, scope, strategy, this.settings.lease(),
                this.settings.pollInterval(), true, this.clock, builder.metrics);
        this.outages = new RouteOutages(builder.routes, scope, this.settings.outageProbeInterval(), this.clock,
                builder.metrics);
        PlatformTransactionManager handlerTransactions = (builder.handlerTransactionManager != null)
                ? builder.handlerTransactionManager : builder.store.transactionManager();
        this.loops = new LoopThreads(builder.dispatchThreadFactory);
        this.handlerPool = (builder.handlerExecutor == null)
                ? new HandlerPool(this.settings.handlerThreads(), this.settings.handlerQueueCapacity(),
                        builder.handlerThreadFactory) : null;
        LocalHandlers handlers = new LocalHandlers(builder.repository, handlerTransactions,
                Objects.requireNonNullElse(builder.handlerExecutor, this.handlerPool), this.clock, builder.observations);
        BatchDelivery delivery = new BatchDelivery(builder.repository, builder.routes, this.outages, handlers,
                new FailurePlanner(builder.retryPolicies), new FinalFailures(builder.routes, builder.retryDecision),
                this.settings.lease(), this.settings.sendTimeout(), this.clock, builder.metrics, builder.observations);
        LockedRound lockedRound = (strategy == ClaimStrategy.SKIP_LOCKED && this.settings.locksWhileSending())
                ? new LockedRound(builder.repository, claimer, delivery, this.settings.lockedSendWindow(),
                        this.settings.lease(), this.clock) : null;
        this.cycle = new DispatchCycle(this.handoffs, new OrderedHandoffs(builder.repository,
                this.settings.pollInterval(), this.clock), claimer, lockedRound,
                delivery, this.outages, new RouteSwitchCache(new RouteSwitchRepository(builder.store), this.settings.pollInterval(),
                        builder.metrics), this.settings.batchSize(), this.clock);
        this.slowRetryEnabled = builder.retryPolicies.failedRetryInterval().isPresent();
        this.pulledTopics = builder.routes.pulledTopics();
    }

    /**
     * @param store where the messages are
     * @param routes which sender delivers each message type
     * @return a builder of a dispatcher
     */
    public static Builder builder(OutboxStore store, MessageRoutes routes) {
        return new Builder(store, routes);
    }

    /**
     * Starts the dispatch threads. Does nothing if they run already.
     */
    public synchronized void start() {
        if (!this.running.compareAndSet(false, true)) {
            return;
        }
        this.signal.start();
        this.loops.start(IntStream.range(0, this.settings.threads()).mapToObj(i -> new DispatchLoop(this.cycle,
                this.signal, this.running, this.settings, this.slowRetryEnabled, this.clock)).toList());
        logger.info("Outbox dispatcher started: {} thread(s), batch size {}, lease {}", this.settings.threads(),
                this.settings.batchSize(), this.settings.lease());
    }

    /**
     * Stops claiming, lets each dispatch thread finish the batch it is sending and the local handlers
     * that run finish, all within the shutdown timeout; then interrupts what still runs and waits up to
     * {@link #INTERRUPT_GRACE} for it: an interrupted dispatch thread hands back the sends it still waits for
     * (their rows are due at once, no attempt spent) and writes its batch's outcomes before it ends. So when
     * this returns, no thread of the dispatcher writes to the database any more, unless one ignored its
     * interrupt (a warning names it), and the data source may be closed. Messages still waiting in memory are
     * claimed by any instance once their lease ends. An executor handed in with {@link Builder#handlerExecutor}
     * is neither shut down nor waited for.
     *
     * <p>Call it also after {@link #dispatchOnce()} without {@link #start()}, to end the handler threads
     * at once rather than after a minute of idleness.
     */
    public synchronized void stop() {
        ShutdownDeadline deadline = ShutdownDeadline.after(this.settings.shutdownTimeout());
        boolean wasRunning = this.running.compareAndSet(true, false);
        if (wasRunning) {
            this.signal.stop();
        }
        boolean ended = this.loops.awaitEnd(deadline);
        if (this.handlerPool != null) {
            this.handlerPool.shutDown();
            ended &= this.handlerPool.awaitEnd(deadline);
        }
        if (!ended) {
            interruptAndAwait();
        }
        this.loops.clear();
        if (wasRunning) {
            logger.info("Outbox dispatcher stopped");
        }
    }

    private void interruptAndAwait() {
        logger.warn("Outbox dispatch threads {} or local handlers did not finish within {}; interrupting them",
                this.loops.running(), this.settings.shutdownTimeout());
        this.loops.interruptRunning();
        if (this.handlerPool != null) {
            this.handlerPool.interruptRunning();
        }
        ShutdownDeadline grace = ShutdownDeadline.after(INTERRUPT_GRACE);
        boolean ended = this.loops.awaitEnd(grace);
        if (this.handlerPool != null) {
            ended &= this.handlerPool.awaitEnd(grace);
            this.handlerPool.forget();
        }
        if (!ended) {
            logger.warn("Outbox dispatch threads {} or local handlers did not end within {} of their interrupt; "
                    + "what they write from now on may fail, and their messages come due when their lease ends",
                    this.loops.running(), INTERRUPT_GRACE);
        }
    }

    /**
     * @return whether the dispatch threads run
     */
    public boolean isRunning() {
        return this.running.get();
    }

    /**
     * A sender's route is paused when a send found its broker unreachable ({@link dev.outbox.spi.SendFailure}):
     * its messages then wait, spending no attempts, and one probe message per
     * {@link DispatcherSettings#outageProbeInterval()} tests the broker; the first send that succeeds resumes
     * the route.
     *
     * @return the routes paused in this instance, in the order they were paused
     */
    public List<PausedRoute> pausedRoutes() {
        return this.outages.pausedRoutes();
    }

    /**
     * Asks the dispatch threads to look for due rows now instead of at the next poll.
     */
    public void wake() {
        this.signal.claimNoLaterThan(Instant.MIN);
    }

    /**
     * Runs one round on the calling thread: claims up to a batch of due rows, sends them and records
     * the outcomes. Useful where no dispatch threads run, for example in a batch job.
     *
     * @return how many messages were sent or failed
     */
    public int dispatchOnce() {
        return this.cycle.run(true, this.slowRetryEnabled).processed();
    }

    /**
     * @return what a template of this package tells the dispatcher about its commits
     */
    MessageHandoff localHandoff() {
        return this.localHandoff;
    }

    /**
     * What the templates of this instance tell the dispatcher after a commit; kept off its API.
     */
    private final class LocalHandoff implements MessageHandoff {

        @Override
        public boolean accepting(@Nullable String topic) {
            return Dispatcher.this.running.get() && Dispatcher.this.settings.handoffCapacity() > 0
                    && (topic == null || !Dispatcher.this.pulledTopics.contains(topic));
        }

        @Override
        public Duration lease() {
            return Dispatcher.this.settings.lease();
        }

        @Override
        public void handOff(List<HandedOffMessage> messages) {
            if (!Dispatcher.this.running.get()) {
                return;
            }
            int rejected = Dispatcher.this.handoffs.offer(messages);
            if (rejected > 0) {
                logger.debug("{} committed messages did not fit the hand-off queue; they are claimed when their "
                        + "lease ends", rejected);
            }
            Dispatcher.this.signal.workHandedOff();
        }

        @Override
        public void claimDueAt(Instant dueAt) {
            Dispatcher.this.signal.claimNoLaterThan(dueAt);
        }
    }

    /**
     * Builds a {@link Dispatcher}.
     */
    public static final class Builder {

        private final JdbcStore store;

        private final OutboxRepository repository;

        private final MessageRoutes routes;

        private DispatcherSettings settings = DispatcherSettings.defaults();

        private RetryPolicies retryPolicies = RetryPolicies.defaults();

        private RetryDecision retryDecision = RetryDecision.ALWAYS;

        private Clock clock = Clock.systemUTC();

        private OutboxMetrics metrics = OutboxMetrics.NONE;

        private OutboxObservations observations = OutboxObservations.NONE;

        private @Nullable PlatformTransactionManager handlerTransactionManager;

        private ThreadFactory dispatchThreadFactory = new DaemonThreads("outbox-dispatcher-");

        private ThreadFactory handlerThreadFactory = new DaemonThreads("outbox-handler-");

        private @Nullable Executor handlerExecutor;

        private Builder(OutboxStore store, MessageRoutes routes) {
            this.store = JdbcStore.of(store);
            this.repository = new OutboxRepository(this.store);
            this.routes = routes;
        }

        /**
         * @param settings how to claim and send
         * @return this builder
         */
        public Builder settings(DispatcherSettings settings) {
            this.settings = settings;
            return this;
        }

        /**
         * @param retryPolicies how failed messages are retried
         * @return this builder
         */
        public Builder retryPolicies(RetryPolicies retryPolicies) {
            this.retryPolicies = retryPolicies;
            return this;
        }

        /**
         * @param retryDecision whether a message whose send failed through its own fault may be tried again;
         * {@link RetryDecision#ALWAYS} unless given. It is not asked about a failure that the sender says the broker
         * rejected for good, or one that the message's type names {@link MessageRoutes.Builder#nonRetryable
         * non-retryable}: either makes the message FAILED as well.
         * @return this builder
         */
        public Builder retryDecision(RetryDecision retryDecision) {
            this.retryDecision = retryDecision;
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
         * @param metrics what to tell about sends
         * @return this builder
         */
        public Builder metrics(OutboxMetrics metrics) {
            this.metrics = metrics.forStore(this.store.name());
            return this;
        }

        /**
         * @param observations where each send and each local handler is observed, so that a tracing handler
         * continues the trace saved with the message; {@link OutboxObservations#NONE} unless given
         * @return this builder
         */
        public Builder observations(OutboxObservations observations) {
            this.observations = observations;
            return this;
        }

        /**
         * @param transactionManager the transaction manager local handlers run in: the application's, so
         * that the handler's writes (through JDBC, JPA, ...) join the transaction that marks the message
         * CONSUMED; it must manage the outbox's data source. By default a
         * {@code DataSourceTransactionManager} on it.
         * @return this builder
         */
        public Builder handlerTransactionManager(PlatformTransactionManager transactionManager) {
            this.handlerTransactionManager = transactionManager;
            return this;
        }

        /**
         * @param threadFactory makes the threads of the dispatch loops, one per
         * {@link DispatcherSettings#threads()}, at each {@link Dispatcher#start()}; {@link Dispatcher#stop()}
         * waits for them to end. By default daemon platform threads named {@code outbox-dispatcher-1},
         * {@code -2}, ... On Java 21 and later {@code Thread.ofVirtual().name("outbox-dispatcher-", 1).factory()}
         * gives virtual threads.
         * @return this builder
         */
        public Builder dispatchThreadFactory(ThreadFactory threadFactory) {
            this.dispatchThreadFactory = threadFactory;
            return this;
        }

        /**
         * @param threadFactory makes the threads of the dispatcher's pool for local handlers, which holds at
         * most {@link DispatcherSettings#handlerThreads()} of them; {@link Dispatcher#stop()} waits for the
         * running handlers and ends the pool. By default daemon platform threads named
         * {@code outbox-handler-1}, {@code -2}, ...
         * @return this builder
         */
        public Builder handlerThreadFactory(ThreadFactory threadFactory) {
            this.handlerThreadFactory = threadFactory;
            return this;
        }

        /**
         * Runs local handlers on an executor of the application's instead of the dispatcher's own pool,
         * for example to share a pool or to wrap each handler in a context. The executor then decides how
         * many handlers run at once ({@link DispatcherSettings#handlerThreads()} does not apply): each holds
         * a database connection while it runs. The dispatcher never shuts it down and does not wait for it
         * when it stops: shut it down after the dispatcher. A handler it refuses is not attempted: its message comes
         * due again a lease later, as with the dispatcher's own pool when its queue is full.
         *
         * @param executor where local handlers run
         * @return this builder
         */
        public Builder handlerExecutor(Executor executor) {
            this.handlerExecutor = executor;
            return this;
        }

        /**
         * @return the dispatcher, not yet started
         */
        public Dispatcher build() {
            return new Dispatcher(this);
        }
    }
}
