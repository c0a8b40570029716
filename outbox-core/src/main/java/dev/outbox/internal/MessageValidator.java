/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import dev.outbox.InvalidMessageException;
import dev.outbox.internal.jdbc.HeadersCodec;
import org.jspecify.annotations.Nullable;

/**
 * Checks a message against the table's column sizes before anything touches the database, so that
 * a bad message fails with the name of its field and never aborts the caller's transaction.
 */
public final class MessageValidator {

    /** The longest message type, in characters. */
    public static final int MAX_TYPE_LENGTH = 64;

    /** The longest message key, in characters. */
    public static final int MAX_KEY_LENGTH = 128;

    /** The longest topic, in characters. */
    public static final int MAX_TOPIC_LENGTH = 255;

    /** The longest ordering key, in characters. */
    public static final int MAX_ORDERING_KEY_LENGTH = 128;

    /** The TEXT column of MySQL holds 65,535 bytes. */
    public static final int MAX_HEADERS_BYTES = 65_535;

    /** The MEDIUMTEXT column of MySQL holds 16 MiB - 1 bytes. */
    public static final int MAX_BODY_BYTES_LIMIT = 16_777_215;

    private final int maxBodyBytes;

    /**
     * @param maxBodyBytes the largest payload, in UTF-8 bytes, as {@link #payloadLimitProblem} accepts it
     */
    public MessageValidator(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    /**
     * @param maxBodyBytes a payload limit, in UTF-8 bytes
     * @return what is wrong with it, or null when it is between 1 and {@link #MAX_BODY_BYTES_LIMIT}
     */
    public static @Nullable String payloadLimitProblem(int maxBodyBytes) {
        return (maxBodyBytes < 1 || maxBodyBytes > MAX_BODY_BYTES_LIMIT)
                ? "must be between 1 and " + MAX_BODY_BYTES_LIMIT + " bytes, was " + maxBodyBytes : null;
    }

    /**
     * @param field the field's name, for the error
     * @param value the field's value
     * @param maxLength the most characters the column holds
     * @return the value
     * @throws InvalidMessageException when it is missing, blank, too long or holds a NUL
     */
    public static String requireText(String field, @Nullable String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new InvalidMessageException(field, "is required and must not be blank");
        }
        checkText(field, value, maxLength);
        return value;
    }

    /**
     * @param field the field's name, for the error
     * @param value the field's value, or null
     * @param maxLength the most characters the column holds
     * @return the value
     * @throws InvalidMessageException when it is set and blank, too long or holds a NUL
     */
    public static @Nullable String optionalText(String field, @Nullable String value, int maxLength) {
        if (value != null) {
            requireText(field, value, maxLength);
        }
        return value;
    }

    /**
     * @param body the serialized payload
     * @return the body
     * @throws InvalidMessageException when it holds a NUL or is larger than the limit
     */
    public String body(String body) {
        requireNoNul("payload", body);
        // A UTF-8 character takes at most 3 bytes per UTF-16 unit, so short bodies need no encoding.
        if ((long) body.length() * 3 > this.maxBodyBytes) {
            int bytes = body.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > this.maxBodyBytes) {
                throw new InvalidMessageException("payload", "is " + bytes + " bytes as UTF-8, more than the "
                        + "maximum of " + this.maxBodyBytes + " bytes");
            }
        }
        return body;
    }

    /**
     * @param headers the message's headers
     * @return them encoded as JSON for the column, or null when there are none
     * @throws InvalidMessageException when a name is blank, a NUL is in one, or they are too large
     */
    public @Nullable String headers(Map<String, String> headers) {
        headers.forEach((name, value) -> {
            if (name.isBlank()) {
                throw new InvalidMessageException("headers", "contain a blank header name");
            }
            requireNoNul("headers", name);
            requireNoNul("headers", value);
        });
        String json = HeadersCodec.encode(headers);
        if (json != null && json.getBytes(StandardCharsets.UTF_8).length > MAX_HEADERS_BYTES) {
            throw new InvalidMessageException("headers", "take more than " + MAX_HEADERS_BYTES
                    + " bytes when stored as JSON");
        }
        return json;
    }

    private static void checkText(String field, String value, int maxLength) {
        int length = value.codePointCount(0, value.length());
        if (length > maxLength) {
            throw new InvalidMessageException(field, "is " + length + " characters long, more than the maximum of "
                    + maxLength);
        }
        requireNoNul(field, value);
    }

    /** PostgreSQL rejects NUL in text, and would abort the caller's transaction. */
    private static void requireNoNul(String field, String value) {
        if (value.indexOf('\0') >= 0) {
            throw new InvalidMessageException(field, "contains a NUL character, which databases cannot store as text");
        }
    }
}
