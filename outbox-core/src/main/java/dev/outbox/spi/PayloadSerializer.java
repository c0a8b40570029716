/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.spi;

/**
 * Turns a payload object into the text stored in the outbox row. The starter provides one backed
 * by the application's Jackson mapper. {@link String} payloads never reach a serializer: they are
 * stored as they are.
 */
@FunctionalInterface
public interface PayloadSerializer {

    /**
     * Serializes a payload.
     *
     * @param payload the object to serialize, never a {@link String}
     * @return its text form
     * @throws RuntimeException when the object cannot be serialized; the message is then rejected
     */
    String serialize(Object payload);

    /**
     * A serializer for applications that only save text payloads.
     *
     * @return a serializer that rejects every non-String payload with an explanation
     */
    static PayloadSerializer textOnly() {
        return payload -> {
            throw new IllegalArgumentException("no PayloadSerializer is configured for "
                    + payload.getClass().getName() + "; pass a String or configure a serializer");
        };
    }
}
