/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import dev.outbox.internal.jdbc.AdminRepository;
import dev.outbox.internal.jdbc.AdminSkipRepository;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;

/**
 * The skip of a sequenced message. Its in-order consumers wait for its number before they run the key's later
 * steps, so the number must still reach them, and before those steps. The row therefore stays in its place in the
 * key's order (its id) and goes out as a marker: the message's headers, number and ordering key, the header
 * {@value OutboxHeaders#SKIPPED}, and a body that is no payload. The message itself is kept as a new row, SUSPENDED
 * and out of the key, with its number and ordering key in its headers, so that a later resume or retry applies it
 * late, out of order; it takes the message's key, and the marker gets one of its own.
 */
final class SequencedSkip {

    /** The marker's body: no payload, so that a consumer that ignores the marker's header fails on it, not applies it. */
    static final String MARKER_BODY = "outbox-skipped";

    /** The marker's message key, before its id: the kept row takes the message's own key. */
    private static final String MARKER_KEY_PREFIX = "outbox-skipped:";

    private final AdminSkipRepository repository;

    SequencedSkip(AdminSkipRepository repository) {
        this.repository = repository;
    }

    /**
     * @param id a message id
     * @param now the current time
     * @return what the skip of a sequenced message did, or empty when the message is missing or not sequenced, or
     * may not be skipped: {@link Change#SKIP} then does what it does with any message
     */
    Optional<OperationResult> skip(long id, Instant now) {
        return this.repository.inTransaction(() -> this.repository.lock(id).flatMap(row -> skip(row, now)));
    }

    private Optional<OperationResult> skip(StoredMessage row, Instant now) {
        String number = row.headers().get(OutboxHeaders.SEQUENCE);
        if (number == null) {
            return Optional.empty();
        }
        String kept = row.headers().get(OutboxHeaders.SKIPPED);
        if (kept != null) {
            return Optional.of(new OperationResult(Outcome.ALREADY_DONE, row.id(), row.state(), "message " + row.id()
                    + " is the marker that voids number " + number + " of ordering key '" + row.orderingKey()
                    + "' (skipped before); the skipped message is kept as message " + kept + "; nothing was changed"));
        }
        String orderingKey = row.orderingKey();
        if (orderingKey == null || !AdminRepository.BACKLOG.contains(row.state())) {
            return Optional.empty();
        }
        Map<String, String> keptHeaders = new LinkedHashMap<>(row.headers());
        keptHeaders.put(OutboxHeaders.ORDERING_KEY, orderingKey);
        long keptId = this.repository.keep(row, MARKER_KEY_PREFIX + row.id(), keptHeaders, "skipped by an operator at "
                + now + "; ordering key was '" + orderingKey + "'; its number " + number + " goes to the consumers as"
                + " the marker message " + row.id() + "\n" + ((row.failReason() != null) ? row.failReason() : ""), now);
        Map<String, String> markerHeaders = new LinkedHashMap<>(row.headers());
        markerHeaders.put(OutboxHeaders.SKIPPED, Long.toString(keptId));
        this.repository.makeMarker(row.id(), markerHeaders, MARKER_BODY, "marker of message " + keptId
                + ", skipped by an operator at " + now + ": voids number " + number + " of ordering key '"
                + orderingKey + "'", now);
        return Optional.of(new OperationResult(Outcome.DONE, row.id(), MessageState.PENDING, "message " + row.id()
                + " was number " + number + " of ordering key '" + orderingKey + "': it goes out in its place as a"
                + " marker that tells in-order consumers to pass the number, and the key's later messages follow it;"
                + " the message is kept as message " + keptId + ", SUSPENDED and out of the key: resume or retry it to"
                + " apply it late, out of order"));
    }
}
