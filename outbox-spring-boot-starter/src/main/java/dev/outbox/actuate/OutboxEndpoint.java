/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.actuate;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import dev.outbox.admin.BrokerRecords;
import dev.outbox.admin.MessageQuery;
import dev.outbox.admin.OperationResult;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.admin.RouteSwitchResult;
import dev.outbox.message.MessageState;
import dev.outbox.route.RouteSwitch;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;

/**
 * The {@code outbox} actuator endpoint: counts, messages, and the operators' changes over HTTP.
 *
 * <pre>
 * GET  /actuator/outbox                                   counts per state, oldest due message
 * GET  /actuator/outbox/messages?state=&amp;type=&amp;after=&amp;size=  a page of messages in id order
 * GET  /actuator/outbox/messages/{id}                     one message, body and headers included
 * POST /actuator/outbox/messages/{id}/{action}            retry, suspend, resume, skip or resend one message
 * POST /actuator/outbox/retry-failed  {"type": "..."}     retry every FAILED message of a type
 * GET  /actuator/outbox/switches                          the message types switched away from their broker
 * POST /actuator/outbox/switches/{type}  {"to": "..."}    switch a type to fallback or pull, or back
 * GET  /actuator/outbox/unconsumed?group=&amp;olderThan=PT5M  SENT messages a consumer group has not consumed
 * GET  /actuator/outbox/reconciliation?from=&amp;to=           a window's SENT messages checked on the broker (write access)
 * POST /actuator/outbox/reconciliation {"from": "...", "to": "..."}  re-send those the broker lost
 * </pre>
 *
 * <p>An application with several stores ({@code outbox.stores}) names the store of every operation on messages,
 * since message ids are per store: with the parameter {@code store} ({@code /actuator/outbox/messages?store=orders},
 * {@code "store"} in the bodies of retry-failed and of a switch), and in the path of a change of one message
 * ({@code POST /actuator/outbox/stores/orders/messages/42/retry}). The overview shows the named store, or the
 * first one; its {@code stores} lists them all.
 *
 * <p>Its access is read-only by default: the write operations (POST) are not registered at all unless the
 * application grants {@code management.endpoint.outbox.access=unrestricted}. A change answers 200 when it was
 * made or had been made before (a double click), 409 when the message's state does not allow it, 404 for an
 * unknown message, 400 for bad input; the body always says what happened. Every write needs the header
 * {@code Content-Type: application/json}, with a JSON body or none, and is answered 415 without it (so that no page of
 * another site can make a change with an operator's cookies: see {@code JsonWritesFilter}).
 */
@WebEndpoint(id = "outbox", defaultAccess = Access.READ_ONLY)
public class OutboxEndpoint {

    /** The path segment of the messages. */
    static final String MESSAGES = "messages";

    /** The path segment before a store's name, in the changes of a message of one of several stores. */
    static final String STORES = "stores";

    /** The path segment of the retry of every FAILED message of a type. */
    static final String RETRY_FAILED = "retry-failed";

    /** The path segment of the switches of message types. */
    static final String SWITCHES = "switches";

    /** The path segment of the SENT messages a consumer group has not consumed. */
    static final String UNCONSUMED = "unconsumed";

    /** The path segment of the check of a window's SENT messages on the broker, and of their re-send. */
    static final String RECONCILIATION = "reconciliation";

    private static final int CONFLICT = 409;

    private static final int FORBIDDEN = 403;

    private static final Map<String, Switch> SWITCH_TARGETS = Map.of("fallback", OutboxAdmin::switchToFallback,
            "pull", OutboxAdmin::switchToPull, "back", OutboxAdmin::switchBack);

    private static final Map<String, Action> ACTIONS = Map.of("retry", OutboxAdmin::retry, "suspend",
            OutboxAdmin::suspend, "resume", OutboxAdmin::resume, "skip", OutboxAdmin::skip, "resend",
            (admin, id) -> admin.resend(List.of(id)).get(0));

    private final Map<String, OutboxAdmin> admins = new LinkedHashMap<>();

    private final ReconciliationRequests reconciliation;

    /**
     * @param admins the operators' API of each store, the first store first
     * @throws IllegalArgumentException when there is none, or two are of the same store
     */
    public OutboxEndpoint(List<OutboxAdmin> admins) {
        this(admins, null, Access.READ_ONLY);
    }

    /**
     * @param admins the operators' API of each store, the first store first
     * @param brokerRecords reads back what the broker holds, for reconciliation; null when no sender can
     * @param access the access the application grants the endpoint: the reconciliation, which reads the broker at
     * length, is refused (403) unless it is {@link Access#UNRESTRICTED}, though it is a GET
     * @throws IllegalArgumentException when there is none, or two are of the same store
     */
    public OutboxEndpoint(List<OutboxAdmin> admins, @Nullable BrokerRecords brokerRecords, Access access) {
        this.reconciliation = new ReconciliationRequests(brokerRecords, access == Access.UNRESTRICTED);
        if (admins.isEmpty()) {
            throw new IllegalArgumentException("the endpoint needs the admin of at least one store");
        }
        for (OutboxAdmin admin : admins) {
            if (this.admins.putIfAbsent(admin.storeName(), admin) != null) {
                throw new IllegalArgumentException("two admins of the store '" + admin.storeName() + "'");
            }
        }
    }

    /**
     * @param store the store, when there are several; the first one when not given
     * @return the counts of every state and the oldest due message
     */
    @ReadOperation
    public WebEndpointResponse<Object> overview(@Nullable String store) {
        return answer(() -> {
            OutboxAdmin admin = (store == null) ? firstStore() : admin(store);
            return new WebEndpointResponse<>(OutboxOverview.of(admin.storeName(), List.copyOf(this.admins.keySet()),
                    admin.overview()));
        });
    }

    /**
     * The reads of one path segment, which share the path's shape ({@code /actuator/outbox/{collection}}): a page
     * of {@value #MESSAGES}, of the {@value #UNCONSUMED} messages of a consumer group, or the
     * {@value #RECONCILIATION} of a window, or the message types switched away from their broker.
     *
     * @param collection {@value #MESSAGES}, {@value #UNCONSUMED}, {@value #RECONCILIATION}, or {@value #SWITCHES}
     * for the switched message types (which take only {@code store})
     * @param state of {@value #MESSAGES}: only messages of this state (PENDING, SENT, FAILED, CONSUMED or
     * SUSPENDED)
     * @param type of {@value #MESSAGES}: only messages of this type
     * @param after of a page: only messages with a greater id, the previous page's {@code nextAfterId}; of a
     * {@value #RECONCILIATION} part after the first, the previous answer's {@code nextAfterId}
     * @param size of a page: the most messages, 1 to 200 (50 when not given)
     * @param store the store, required when there are several
     * @param group of {@value #UNCONSUMED}: the consumer group, as it is recorded in the inbox
     * @param olderThan of {@value #UNCONSUMED}: only messages sent at least this long ago (ISO-8601, PT5M)
     * @param from of {@value #RECONCILIATION}: the window's start, an ISO-8601 instant
     * @param to of {@value #RECONCILIATION}: the window's end, at most a day after its start
     * @param deadline of {@value #RECONCILIATION}: how long the check may take (ISO-8601, PT5S when not given, at
     * most PT1M); a check it cuts short answers {@code complete=false} with the {@code nextFrom} and
     * {@code nextAfterId} (as {@code after}) of the rest
     * @return the page, without bodies and headers, or the reconciliation (403 without write access)
     */
    @ReadOperation
    public WebEndpointResponse<Object> collection(@Selector String collection, @Nullable String state,
            @Nullable String type, @Nullable Long after, @Nullable Integer size, @Nullable String store,
            @Nullable String group, @Nullable String olderThan, @Nullable String from, @Nullable String to,
            @Nullable String deadline) {
        return answer(() -> switch (collection) {
            case MESSAGES -> new WebEndpointResponse<>(admin(store).page(new MessageQuery(parseState(state), type,
                    (after != null) ? after : 0, (size != null) ? size : MessageQuery.DEFAULT_SIZE)));
            case UNCONSUMED -> new WebEndpointResponse<>(this.reconciliation.unconsumed(admin(store), group,
                    olderThan, after, size));
            case SWITCHES -> switches(admin(store));
            case RECONCILIATION -> this.reconciliation.checksOnRead()
                    ? new WebEndpointResponse<>(this.reconciliation.reconcile(admin(store), from, to, after, deadline))
                    : error(FORBIDDEN, ReconciliationRequests.NEEDS_WRITE_ACCESS);
            default -> throw new IllegalArgumentException("Unknown path '" + collection + "'; the reads are /"
                    + MESSAGES + ", /" + UNCONSUMED + ", /" + RECONCILIATION + " and /" + SWITCHES);
        });
    }

    /**
     * @param collection {@value #MESSAGES}
     * @param id the message id
     * @param store the store, required when there are several
     * @return the whole message, or 404
     */
    @ReadOperation
    public WebEndpointResponse<Object> message(@Selector String collection, @Selector long id,
            @Nullable String store) {
        return answer(() -> {
            requireMessages(collection);
            return admin(store).find(id).<WebEndpointResponse<Object>>map(WebEndpointResponse::new)
                    .orElseGet(() -> error(WebEndpointResponse.STATUS_NOT_FOUND, "message " + id + " does not exist"
                            + " (never saved, or deleted by the cleanup)"));
        });
    }

    /**
     * A change of a message of the application's one store. It takes no parameter but its path, so that a POST
     * with {@code Content-Type: application/json} and no body does it.
     *
     * @param collection {@value #MESSAGES}
     * @param id the message id
     * @param action retry, suspend, resume, skip, or resend (a SENT message sent again)
     * @return what the change did
     */
    @WriteOperation
    public WebEndpointResponse<Object> change(@Selector String collection, @Selector long id,
            @Selector String action) {
        return answer(() -> change(admin(null), collection, id, action));
    }

    /**
     * A change of a message of one of several stores: {@code POST /actuator/outbox/stores/{store}/messages/{id}/
     * {action}}, the store in the path like the rest, so that it too needs no body.
     *
     * @param stores {@value #STORES}
     * @param store the store
     * @param collection {@value #MESSAGES}
     * @param id the message id
     * @param action retry, suspend, resume, skip or resend
     * @return what the change did
     */
    @WriteOperation
    public WebEndpointResponse<Object> changeInStore(@Selector String stores, @Selector String store,
            @Selector String collection, @Selector long id, @Selector String action) {
        return answer(() -> {
            if (!STORES.equals(stores)) {
                throw new IllegalArgumentException("Unknown path '" + stores + "'; a store's messages are under /"
                        + STORES + "/{store}/" + MESSAGES);
            }
            return change(admin(store), collection, id, action);
        });
    }

    private static WebEndpointResponse<Object> change(OutboxAdmin admin, String collection, long id, String action) {
        requireMessages(collection);
        Action change = ACTIONS.get(action);
        if (change == null) {
            throw new IllegalArgumentException("Unknown action '" + action + "'; the actions on a message are "
                    + String.join(", ", ACTIONS.keySet().stream().sorted().toList()));
        }
        OperationResult result = change.apply(admin, id);
        return new WebEndpointResponse<>(result, status(result.outcome()));
    }

    /**
     * The changes of many messages, which share the path's shape ({@code POST /actuator/outbox/{action}}): the
     * {@value #RETRY_FAILED} of every FAILED message of a type, or the re-send of the messages a
     * {@value #RECONCILIATION} of a window finds missing or mismatched on the broker.
     *
     * @param action {@value #RETRY_FAILED} or {@value #RECONCILIATION}
     * @param type of {@value #RETRY_FAILED}: the message type whose FAILED messages to retry
     * @param store the store, required when there are several
     * @param from of {@value #RECONCILIATION}: the window's start, an ISO-8601 instant
     * @param to of {@value #RECONCILIATION}: the window's end, at most a day after its start
     * @return how many messages were retried, or the reconciliation and what the re-send did
     */
    @WriteOperation
    public WebEndpointResponse<Object> changeMany(@Selector String action, @Nullable String type,
            @Nullable String store, @Nullable String from, @Nullable String to) {
        return answer(() -> switch (action) {
            case RETRY_FAILED -> new WebEndpointResponse<>(admin(store).retryAllFailed(requireType(type)));
            case RECONCILIATION -> new WebEndpointResponse<>(this.reconciliation.resend(admin(store), from, to));
            default -> throw new IllegalArgumentException("Unknown action '" + action + "'; POST /" + RETRY_FAILED
                    + " with a type retries every FAILED message of that type, POST /" + RECONCILIATION
                    + " with from and to re-sends the messages of that window the broker lost, and POST /" + MESSAGES
                    + "/{id}/{action} changes one message");
        });
    }

    private static WebEndpointResponse<Object> switches(OutboxAdmin admin) {
        return new WebEndpointResponse<>(new Switches(admin.storeName(), admin.switches()));
    }

    /**
     * Switches a message type away from its broker, or back: {@code POST /actuator/outbox/switches/{type}} with
     * {@code {"to": "fallback"}}, {@code "pull"} or {@code "back"}. Every instance follows within one poll interval.
     *
     * @param collection {@value #SWITCHES}
     * @param type the message type
     * @param to fallback (its fallback handler takes its messages), pull (pull consumers receive them) or back (to
     * its broker)
     * @param store the store, required when there are several
     * @return what the switch did: 200 when done or done before, 409 when the type cannot be switched so
     */
    @WriteOperation
    public WebEndpointResponse<Object> switchRoute(@Selector String collection, @Selector String type, String to,
            @Nullable String store) {
        return answer(() -> {
            if (!SWITCHES.equals(collection)) {
                throw new IllegalArgumentException("Unknown path '" + collection + "'; POST /" + SWITCHES
                        + "/{type} switches a message type, and POST /" + MESSAGES + "/{id}/{action} changes a message");
            }
            Switch target = SWITCH_TARGETS.get(to.trim().toLowerCase(Locale.ROOT));
            if (target == null) {
                throw new IllegalArgumentException("Unknown switch '" + to + "'; a type is switched to "
                        + String.join(", ", SWITCH_TARGETS.keySet().stream().sorted().toList()));
            }
            RouteSwitchResult result = target.apply(admin(store), type);
            return new WebEndpointResponse<>(result, status(result.outcome()));
        });
    }

    private static String requireType(@Nullable String type) {
        if (type == null) {
            throw new IllegalArgumentException("type is required: the message type whose FAILED messages to retry");
        }
        return type;
    }

    private OutboxAdmin firstStore() {
        return this.admins.values().iterator().next();
    }

    private OutboxAdmin admin(@Nullable String store) {
        if (store == null) {
            if (this.admins.size() > 1) {
                throw new IllegalArgumentException("Name the store (?store=, or /" + STORES + "/{store}/" + MESSAGES
                        + "/{id}/{action} for a change): this application has the stores "
                        + String.join(", ", this.admins.keySet()));
            }
            return firstStore();
        }
        OutboxAdmin admin = this.admins.get(store);
        if (admin == null) {
            throw new IllegalArgumentException("Unknown store '" + store + "'; the stores are "
                    + String.join(", ", this.admins.keySet()));
        }
        return admin;
    }

    private static void requireMessages(String collection) {
        if (!MESSAGES.equals(collection)) {
            throw new IllegalArgumentException("Unknown path '" + collection + "'; messages are under /" + MESSAGES);
        }
    }

    private static @Nullable MessageState parseState(@Nullable String state) {
        if (state == null) {
            return null;
        }
        try {
            return MessageState.valueOf(state.trim().toUpperCase(Locale.ROOT));
        }
        catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException("Unknown state '" + state + "'; the states are "
                    + Arrays.toString(MessageState.values()));
        }
    }

    private static int status(Outcome outcome) {
        return switch (outcome) {
            case DONE, ALREADY_DONE -> WebEndpointResponse.STATUS_OK;
            case REFUSED -> CONFLICT;
            case NOT_FOUND -> WebEndpointResponse.STATUS_NOT_FOUND;
        };
    }

    private static WebEndpointResponse<Object> answer(Supplier<WebEndpointResponse<Object>> operation) {
        try {
            return operation.get();
        }
        catch (IllegalArgumentException ex) {
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, ex.getMessage());
        }
    }

    private static WebEndpointResponse<Object> error(int status, @Nullable String message) {
        return new WebEndpointResponse<>(new ErrorMessage(String.valueOf(message)), status);
    }

    @FunctionalInterface
    private interface Action {
        OperationResult apply(OutboxAdmin admin, long id);
    }

    @FunctionalInterface
    private interface Switch {
        RouteSwitchResult apply(OutboxAdmin admin, String type);
    }

    /**
     * The message types of a store switched away from their broker.
     *
     * @param store the store
     * @param switches its switched types, in the order of their names
     */
    public record Switches(String store, List<RouteSwitch> switches) {
    }

    /**
     * The body of an answer that is not a result: why the request was not carried out.
     *
     * @param message what was wrong, and what to do instead
     */
    public record ErrorMessage(String message) {
    }
}
