/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.outbox.spi.OutgoingMessage;

/**
 * The headers that broker senders put on every message, so that a consumer can drop duplicates by
 * outbox id and tell messages apart by type and business key without parsing the body.
 */
public final class OutboxHeaders {

    /** The outbox row id: stable across retries, so a consumer may drop duplicates by it. */
    public static final String ID = "outbox-id";

    /** The message type. */
    public static final String TYPE = "outbox-type";

    /** The business idempotency key. */
    public static final String KEY = "outbox-key";

    private OutboxHeaders() {
    }

    /**
     * The headers of a message on the broker: the row's own headers, then the outbox's, which win
     * over a row header of the same name.
     *
     * @param message the message being sent
     * @return its headers, in that order
     */
    public static Map<String, String> of(OutgoingMessage message) {
        Map<String, String> headers = new LinkedHashMap<>(message.headers());
        headers.put(ID, Long.toString(message.id()));
        headers.put(TYPE, message.type());
        headers.put(KEY, message.key());
        return headers;
    }
}
