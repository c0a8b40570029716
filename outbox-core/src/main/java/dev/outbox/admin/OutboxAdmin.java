/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import dev.outbox.OutboxStore;
import dev.outbox.StoredMessage;
import dev.outbox.dispatch.MessageRoutes;
import dev.outbox.dispatch.RouteSwitch;
import dev.outbox.dispatch.SwitchMode;
import dev.outbox.internal.jdbc.AdminRepository;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.internal.jdbc.SwitchRepository;
import org.jspecify.annotations.Nullable;

/**
 * What an operator does with the outbox: look at counts and messages, and re-drive, suspend, resume or skip
 * messages; switch a message type away from its broker during an outage, and back.
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

    private final String storeName;

    private final AdminRepository repository;

    private final Clock clock;

    private final Runnable redriven;

    private final SwitchRepository switches;

    private final RouteSwitching switching;

    private OutboxAdmin(Builder builder) {
        this.storeName = builder.storeName;
        this.repository = builder.repository;
        this.clock = builder.clock;
        this.redriven = builder.redriven;
        this.switches = builder.switches;
        this.switching = new RouteSwitching(builder.switches, builder.routes);
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
        List<MessageSummary> rows = this.repository.page(query.state(), query.type(), query.afterId(),
                query.size() + 1);
        if (rows.size() <= query.size()) {
            return new MessagePage(rows, null);
        }
        List<MessageSummary> page = rows.subList(0, query.size());
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
     * @param id the message id
     * @return DONE; ALREADY_DONE when it is SUSPENDED without an ordering key (skipped before); REFUSED when it
     * is SENT or CONSUMED, or PENDING or FAILED without an ordering key (suspend it instead); or NOT_FOUND
     * @throws IllegalArgumentException when the id is not positive
     */
    public OperationResult skip(long id) {
        return change(Change.SKIP, id);
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
    public SwitchResult switchToFallback(String type) {
        return this.switching.switchTo(AdminArguments.requireType(type), SwitchMode.FALLBACK, this.clock.instant());
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
    public SwitchResult switchToPull(String type) {
        return this.switching.switchTo(AdminArguments.requireType(type), SwitchMode.PULL, this.clock.instant());
    }

    /**
     * Switches a message type back to its broker: every instance sends its messages there again within one poll
     * interval. Its messages that waited for pull consumers are claimed by the dispatchers then.
     *
     * @param type a message type
     * @return DONE, or ALREADY_DONE when it was not switched
     * @throws IllegalArgumentException when the type is blank or longer than 64 characters
     */
    public SwitchResult switchBack(String type) {
        SwitchResult result = this.switching.switchBack(AdminArguments.requireType(type));
        if (result.changed()) {
            this.redriven.run();
        }
        return result;
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

        private final SwitchRepository switches;

        private @Nullable MessageRoutes routes;

        private Builder(OutboxStore store) {
            this.storeName = store.name();
            this.repository = new AdminRepository(JdbcStore.of(store));
            this.switches = new SwitchRepository(JdbcStore.of(store));
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
         * @param redriven called after a change made messages claimable (retry, resume, skip, retry of all
         * FAILED, switch back): for example the local dispatcher's {@code wake}, so that it looks now instead of at its next poll
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
