/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import dev.outbox.internal.jdbc.HeadersCodec;
import dev.outbox.message.InvalidMessageException;
import dev.outbox.sender.OutboxHeaders;
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

    /** How the names of the outbox's own headers start ({@link OutboxHeaders}), which an application's cannot. */
    public static final String RESERVED_PREFIX = "outbox-";

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
     * @throws InvalidMessageException when it is missing, blank, too long or holds a control character (NUL, line
     * feed, ...)
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
     * @throws InvalidMessageException when it is set and blank, too long or holds a control character
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
     * @param headers the application's headers of a message
     * @param sequenced whether the save adds the header {@value OutboxHeaders#SEQUENCE}, counted with the longest
     * number it may take
     * @return them encoded as JSON for the column, or null when there are none
     * @throws InvalidMessageException when one is refused by {@link #requireHeader}, or they are too large
     */
    public @Nullable String headers(Map<String, String> headers, boolean sequenced) {
        headers.forEach(MessageValidator::requireHeader);
        String json = HeadersCodec.encode(sequenced ? withSequence(headers, Long.MAX_VALUE) : headers);
        if (json != null && json.getBytes(StandardCharsets.UTF_8).length > MAX_HEADERS_BYTES) {
            throw new InvalidMessageException("headers", "take more than " + MAX_HEADERS_BYTES
                    + " bytes when stored as JSON");
        }
        return json;
    }

    /**
     * One header of the application's. Its name must not start with {@value #RESERVED_PREFIX} (in any case),
     * which the outbox's own headers take: a consumer trusts them, {@code Inbox.consumeInOrder} the
     * {@value OutboxHeaders#SEQUENCE} above all. Its value may hold line breaks and tabs, but no other control
     * character: some brokers separate headers by them (RocketMQ by U+0001 and U+0002), so a value could forge
     * another header on the way.
     *
     * @param name the header's name: not blank, no control character
     * @param value its value
     * @throws InvalidMessageException naming the header when it is refused
     */
    public static void requireHeader(@Nullable String name, @Nullable String value) {
        if (name == null || value == null) {
            throw new InvalidMessageException("headers", "must not contain a null name or value (name: " + name + ")");
        }
        if (name.isBlank()) {
            throw new InvalidMessageException("headers", "contain a blank header name");
        }
        int control = firstControl(name, false);
        if (control >= 0) {
            throw new InvalidMessageException("headers", "contain a header name with the control character "
                    + unicode(control) + ": a header name is printable text");
        }
        if (name.regionMatches(true, 0, RESERVED_PREFIX, 0, RESERVED_PREFIX.length())) {
            throw new InvalidMessageException("headers", "contain '" + name + "', but names starting with "
                    + RESERVED_PREFIX + " are reserved for the outbox's own headers: give the header another name");
        }
        requireNoNul("headers", value);
        control = firstControl(value, true);
        if (control >= 0) {
            throw new InvalidMessageException("headers", "contain a value of '" + name + "' with the control "
                    + "character " + unicode(control) + ": a header value may hold tabs and line breaks, no other "
                    + "control character");
        }
    }

    /**
     * @param headers a message's headers
     * @param sequence its number within its ordering key
     * @return the headers with {@value OutboxHeaders#SEQUENCE} added, as they are stored
     */
    public static Map<String, String> withSequence(Map<String, String> headers, long sequence) {
        Map<String, String> sequenced = new LinkedHashMap<>(headers);
        sequenced.put(OutboxHeaders.SEQUENCE, Long.toString(sequence));
        return sequenced;
    }

    private static void checkText(String field, String value, int maxLength) {
        int length = value.codePointCount(0, value.length());
        if (length > maxLength) {
            throw new InvalidMessageException(field, "is " + length + " characters long, more than the maximum of "
                    + maxLength);
        }
        requireNoNul(field, value);
        int control = firstControl(value, false);
        if (control >= 0) {
            throw new InvalidMessageException(field, "contains the control character " + unicode(control)
                    + ", which would break the lines of logs and consoles that show it: keys, types, topics and "
                    + "ordering keys are printable text");
        }
    }

    /** @return the first ISO control character (C0, DEL, C1) of the text, or -1 when it has none */
    private static int firstControl(String text, boolean tabsAndLineBreaksAllowed) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) && !(tabsAndLineBreaksAllowed && (c == '\t' || c == '\n' || c == '\r'))) {
                return c;
            }
        }
        return -1;
    }

    private static String unicode(int codePoint) {
        return String.format(Locale.ROOT, "U+%04X", codePoint);
    }

    /** PostgreSQL rejects NUL in text, and would abort the caller's transaction. */
    private static void requireNoNul(String field, String value) {
        if (value.indexOf('\0') >= 0) {
            throw new InvalidMessageException(field, "contains a NUL character, which databases cannot store as text");
        }
    }
}
