/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.outbox.MessageRoutes;
import dev.outbox.internal.jdbc.AdminRepository;
import dev.outbox.internal.jdbc.AdminSkipRepository;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.internal.jdbc.RouteSwitchRepository;
import dev.outbox.message.MessageSummary;
import dev.outbox.message.StoredMessage;
import dev.outbox.route.RouteSwitch;
import dev.outbox.route.RouteSwitchMode;
import dev.outbox.store.OutboxStore;
import org.jspecify.annotations.Nullable;

/**
 * What an operator does with the outbox: look at counts and messages, re-drive, suspend, resume or skip
 * messages, switch a message type away from its broker during an outage and back, and reconcile what was
 * sent with what the broker holds and a consumer group consumed.
 *
 * <p>Every change is one update guarded by the states the message may leave, and is idempotent: a second
 * identical call (a double click, a retried request) finds the work done, changes nothing and says so
 * ({@link Outcome#ALREADY_DONE}); of two concurrent calls, one changes the row and the other finds it done. A
 * change the message's state does not allow is refused with the reason ({@link Outcome#REFUSED}) and writes
 * nothing. Every change increments the row's lock version, so that the outcome of a send in flight is not
 * written over it.
 *
 * <p>Meant to be called outside any transaction: each change commits on its own before it returns.
 */
public final class OutboxAdmin {

    /** How many messages one statement of {@link #retryAllFailed} changes, so that none holds locks for long. */
    public static final int RETRY_BATCH_SIZE = 500;

    /** How many SENT messages {@link #reconcile} hands to the {@link BrokerRecords} at once. */
    public static final int RECONCILE_BATCH_SIZE = 500;

    /** The most SENT messages one {@link #reconcile} checks; a busier window is reconciled in narrower parts. */
    public static final int MAX_RECONCILED = 10_000;

    /** The widest window one {@link #reconcile} reads. */
    public static final Duration MAX_RECONCILE_WINDOW = Duration.ofDays(1);

    private final String storeName;

    private final AdminRepository repository;

    private final Clock clock;

    private final Runnable redriven;

    private final RouteSwitchRepository switches;

    private final RouteSwitchActions switching;

    private final SequencedSkip sequencedSkip;

    private OutboxAdmin(Builder builder) {
        this.storeName = builder.storeName;
        this.repository = builder.repository;
        this.clock = builder.clock;
        this.redriven = builder.redriven;
        this.switches = builder.switches;
        this.switching = new RouteSwitchActions(builder.switches, builder.routes);
        this.sequencedSkip = new SequencedSkip(builder.skips);
    }

    /**
     * @param store where the messages are
     * @return a builder of the admin
     */
    public static Builder builder(OutboxStore store) {
        return new Builder(store);
    }

    /**
     * @return the name of the store whose messages this shows and changes
     */
    public String storeName() {
        return this.storeName;
    }

    /**
     * Counts the messages of all five states and finds the oldest due message. The count reads the whole due
     * index, SENT and CONSUMED history included: for frequent polling use {@link #backlog()}.
     *
     * @return the counts of every state, zeros included, and the oldest due message's due time
     */
    public OutboxSnapshot overview() {
        Instant now = this.clock.instant();
        return new OutboxSnapshot(now, this.repository.countAll(), this.repository.oldestDue(now).orElse(null),
                this.repository.oldestPendingSince().orElse(null));
    }

    /**
     * Counts the messages that are not done (PENDING, FAILED and SUSPENDED) and finds the oldest due
     * message: two reads of the due index's backlog ranges, as cheap with a year of history as with none.
     * For health checks and gauges.
     *
     * @return the counts of PENDING, FAILED and SUSPENDED, zeros included, and the oldest due message's due time
     */
    public OutboxSnapshot backlog() {
        Instant now = this.clock.instant();
        return new OutboxSnapshot(now, this.repository.countBacklog(), this.repository.oldestDue(now).orElse(null),
                this.repository.oldestPendingSince().orElse(null));
    }

    /**
     * @param id a message id
     * @return the whole message, body, headers and fail reason included, if it exists
     * @throws IllegalArgumentException when the id is not positive
     */
    public Optional<StoredMessage> find(long id) {
        return this.repository.findById(AdminArguments.requireId(id));
    }

    /**
     * @param query the state, type, position and size of the page
     * @return the messages after the query's id, in id order, without bodies and headers
     */
    public MessagePage page(MessageQuery query) {
        return page(query.size(), this.repository.page(query.state(), query.type(), query.afterId(),
                query.size() + 1));
    }

    /**
     * @param size the page's size
     * @param rows up to one more row than that, which tells that a next page exists
     */
    private static MessagePage page(int size, List<MessageSummary> rows) {
        if (rows.size() <= size) {
            return new MessagePage(rows, null);
        }
        List<MessageSummary> page = rows.subList(0, size);
        return new MessagePage(page, page.get(page.size() - 1).id());
    }

    /**
     * Re-drives a FAILED or SUSPENDED message: PENDING, due now, with its retry count reset to 0, so that it
     * gets the whole retry budget again. Its last fail reason is kept until the next attempt replaces it. A
     * SUSPENDED message that was skipped out of its ordering key is sent without regard to that order.
     *
     * @param id the message id
     * @return DONE; ALREADY_DONE when it is PENDING; REFUSED when it is SENT or CONSUMED; or NOT_FOUND
     * @throws IllegalArgumentException when the id is not positive
     */
    public OperationResult retry(long id) {
        return change(Change.RETRY, id);
    }

    /**
     * Parks a PENDING or FAILED message: SUSPENDED, never sent until resumed or retried. A message being sent
     * at this moment may still reach the broker, but its outcome is dropped (the lock version moved on) and
     * it stays SUSPENDED.
     *
     * @param id the message id
     * @return DONE; ALREADY_DONE when it is SUSPENDED; REFUSED when it is SENT or CONSUMED; or NOT_FOUND
     * @throws IllegalArgumentException when the id is not positive
     */
    public OperationResult suspend(long id) {
        return change(Change.SUSPEND, id);
    }

    /**
     * Releases a SUSPENDED message: PENDING, due now. Its retry count is kept, so a message suspended after
     * its budget was spent gets one more attempt; {@link #retry} starts a fresh budget instead.
     *
     * @param id the message id
     * @return DONE; ALREADY_DONE when it is PENDING; REFUSED when it is FAILED (retry it), SENT or CONSUMED;
     * or NOT_FOUND
     * @throws IllegalArgumentException when the id is not positive
     */
    public OperationResult resume(long id) {
        return change(Change.RESUME, id);
    }

    /**
     * Takes an unsent message (PENDING, FAILED or SUSPENDED) out of its ordering key, so that the later
     * messages of the key flow: it becomes SUSPENDED, its ordering key is cleared, and the line
     * {@code skipped by an operator at <time>; ordering key was '<key>'} is put before its fail reason. The
     * message is kept; a later {@link #retry} or {@link #resume} sends it, out of order. Only the oldest unsent
     * message of a key holds the key back; skipping a later one only takes that one out of the order.
     *
     * <p>A sequenced message ({@code MessageBuilder.sequenced()}) leaves a marker in its place, so that its in-order
     * consumers pass its number instead of holding the key's later steps for it: its row, with its id and its place
     * in the key's order, becomes PENDING, is sent with the header {@value dev.outbox.sender.OutboxHeaders#SKIPPED}
     * and no payload, and the key's later messages follow it. The message itself is kept as a new row, SUSPENDED
     * and out of the key, whose id the answer names; a later {@link #retry} or {@link #resume} of that row sends it,
     * and an in-order consumer then applies it once, late. See docs/operations.md.
     *
     * @param id the message id
     * @return DONE (for a sequenced message: the marker's state, PENDING); ALREADY_DONE when it is SUSPENDED
     * without an ordering key (skipped before), or a marker; REFUSED when it is SENT or CONSUMED, or PENDING or
     * FAILED without an ordering key (suspend it instead); or NOT_FOUND
     * @throws IllegalArgumentException when the id is not positive
     */
    public OperationResult skip(long id) {
        AdminArguments.requireId(id);
        Optional<OperationResult> sequenced = this.sequencedSkip.skip(id, this.clock.instant());
        if (sequenced.isEmpty()) {
            return change(Change.SKIP, id);
        }
        if (sequenced.get().changed()) {
            this.redriven.run();
        }
        return sequenced.get();
    }

    /**
     * Re-drives every FAILED message of a type, as {@link #retry} does one, in batches of
     * {@value #RETRY_BATCH_SIZE} per short transaction so that no statement holds many locks for long.
     * Calling it again finds nothing left to do.
     *
     * @param type the message type
     * @return DONE with how many messages were re-driven, or ALREADY_DONE when none of the type was FAILED
     * @throws IllegalArgumentException when the type is blank or longer than 64 characters
     */
    public BulkOperationResult retryAllFailed(String type) {
        AdminArguments.requireType(type);
        int changed = this.repository.retryFailed(type, this.clock.instant(), RETRY_BATCH_SIZE);
        if (changed == 0) {
            return new BulkOperationResult(Outcome.ALREADY_DONE, type, 0,
                    "no message of type '" + type + "' is FAILED; nothing was changed");
        }
        this.redriven.run();
        return new BulkOperationResult(Outcome.DONE, type, changed, changed + " FAILED message(s) of type '" + type
                + "' are PENDING now, due at once, with their retry counts reset to 0");
    }

    /**
     * @return the message types switched away from their broker, in the order of their names, as the switch table
     * holds them: what every instance follows
     */
    public List<RouteSwitch> switches() {
        return this.switches.list();
    }

    /**
     * Switches a message type to its fallback handler: every instance hands each of its messages to the handler at
     * once, without waiting for failed sends, within one poll interval and until it is switched back, restarts
     * included. Messages claimed before an instance saw the switch are sent or handled once, not twice (their lock
     * version decides whose outcome is written).
     *
     * @param type a message type that goes to a broker and has a fallback handler in the routes given to
     * {@link Builder#routes}
     * @return DONE; ALREADY_DONE when it is switched to its fallback already; REFUSED when it has no fallback handler,
     * goes to no broker, or this admin was built without the routes
     * @throws IllegalArgumentException when the type is blank or longer than 64 characters
     */
    public RouteSwitchResult switchToFallback(String type) {
        return this.switching.switchTo(AdminArguments.requireType(type), RouteSwitchMode.FALLBACK, this.clock.instant());
    }

    /**
     * Switches a message type to pull consumers: within one poll interval and until it is switched back, every
     * dispatcher leaves its messages alone, and {@link dev.outbox.consumer.pull.MessagePuller#receive} takes them
     * from their topic. A message a dispatcher holds when it sees the switch is handed back unsent, due at once.
     *
     * @param type a message type that goes to a broker, in the routes given to {@link Builder#routes}
     * @return DONE; ALREADY_DONE when it is switched to pull already; REFUSED when it goes to no broker, or this
     * admin was built without the routes
     * @throws IllegalArgumentException when the type is blank or longer than 64 characters
     */
    public RouteSwitchResult switchToPull(String type) {
        return this.switching.switchTo(AdminArguments.requireType(type), RouteSwitchMode.PULL, this.clock.instant());
    }

    /**
     * Switches a message type back to its broker: every instance sends its messages there again within one poll
     * interval. Its messages that waited for pull consumers are claimed by the dispatchers then.
     *
     * @param type a message type
     * @return DONE, or ALREADY_DONE when it was not switched
     * @throws IllegalArgumentException when the type is blank or longer than 64 characters
     */
    public RouteSwitchResult switchBack(String type) {
        RouteSwitchResult result = this.switching.switchBack(AdminArguments.requireType(type));
        if (result.changed()) {
            this.redriven.run();
        }
        return result;
    }

    /**
     * Finds the SENT messages that a consumer group has not consumed, where its inbox is in the store's database
     * (the store's inbox table): those the group recorded neither by the message's key nor by its outbox id
     * ({@code outbox-id} header), the two keys a consumer may consume by. Reads the SENT rows sent before the
     * cut-off in id order, looking each one up in the inbox; a page of a long, wholly consumed history reads all
     * of it, so read it with a cut-off just past what the group may take.
     *
     * @param query the group, how long ago the messages were sent at least, and the page
     * @return the messages the group has not consumed, in id order, without bodies and headers
     */
    public MessagePage unconsumed(UnconsumedQuery query) {
        Instant sentBefore = this.clock.instant().minus(query.olderThan());
        return page(query.size(), this.repository.unconsumed(query.consumerGroup(), sentBefore, query.afterId(),
                query.size() + 1));
    }

    /**
     * Reads back from the broker the messages marked SENT in a window, to find those it no longer holds (deleted
     * by retention or by hand, lost with a broker) or holds as another message: {@link #resend} sends them again.
     * Checks at most {@value #MAX_RECONCILED} messages, {@value #RECONCILE_BATCH_SIZE} at a time, until the query's
     * deadline; changes nothing. When the window holds more, or the deadline passes first (a slow or absent broker),
     * the answer is not {@link Reconciliation#complete() complete} and says where the next query goes on.
     *
     * @param query the window, the position in it and the deadline
     * @param records reads the broker
     * @return the counts and the problems
     */
    public Reconciliation reconcile(ReconciliationQuery query, BrokerRecords records) {
        return new Reconciler(this.repository, records).reconcile(query);
    }

    /**
     * Sends SENT messages again, as reconciliation asks for those the broker lost ({@link
     * Reconciliation#problemIds()}): each becomes PENDING, due now, with its retry count reset to 0, and is sent
     * like a new message (a consumer then drops a copy it did receive, by outbox id or key). Each message is one
     * guarded change, as {@link #retry} is.
     *
     * @param ids the message ids
     * @return one result per id, in the same order: DONE; ALREADY_DONE when it is PENDING; REFUSED when it is
     * unsent (FAILED or SUSPENDED: retry it) or CONSUMED; or NOT_FOUND
     * @throws IllegalArgumentException when an id is not positive, before anything is changed
     */
    public List<OperationResult> resend(List<Long> ids) {
        ids.forEach(AdminArguments::requireId);
        List<OperationResult> results = new ArrayList<>(ids.size());
        for (long id : ids) {
            results.add(change(Change.RESEND, id));
        }
        return results;
    }

    private OperationResult change(Change change, long id) {
        AdminArguments.requireId(id);
        Instant now = this.clock.instant();
        // Loops only when the row changed between the update and the read into a state the update would take.
        while (!change.apply(this.repository, id, now)) {
            Optional<StoredMessage> row = this.repository.findCurrent(id);
            if (row.isEmpty()) {
                return Change.notFound(id);
            }
            if (!change.allows(row.get())) {
                return change.unchanged(row.get());
            }
        }
        if (change.redrives()) {
            this.redriven.run();
        }
        return change.changed(id);
    }

    /**
     * Builds an {@link OutboxAdmin}.
     */
    public static final class Builder {

        private final String storeName;

        private final AdminRepository repository;

        private Clock clock = Clock.systemUTC();

        private Runnable redriven = () -> {
        };

        private final RouteSwitchRepository switches;

        private final AdminSkipRepository skips;

        private @Nullable MessageRoutes routes;

        private Builder(OutboxStore store) {
            this.storeName = store.name();
            this.repository = new AdminRepository(JdbcStore.of(store));
            this.switches = new RouteSwitchRepository(JdbcStore.of(store));
            this.skips = new AdminSkipRepository(JdbcStore.of(store));
        }

        /**
         * @param routes the dispatcher's routes, which tell whether a message type can be switched: without them,
         * {@link OutboxAdmin#switchToFallback} and {@link OutboxAdmin#switchToPull} refuse every type
         * @return this builder
         */
        public Builder routes(MessageRoutes routes) {
            this.routes = routes;
            return this;
        }

        /**
         * @param clock the source of every time written and of the snapshots' time
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * @param redriven called after a change made messages claimable (retry, resume, skip, resend, retry of
         * all FAILED, switch back): for example the local dispatcher's {@code wake}, so that it looks now instead of at its next poll
         * @return this builder
         */
        public Builder onRedriven(Runnable redriven) {
            this.redriven = redriven;
            return this;
        }

        /**
         * @return the admin
         */
        public OutboxAdmin build() {
            return new OutboxAdmin(this);
        }
    }
}
