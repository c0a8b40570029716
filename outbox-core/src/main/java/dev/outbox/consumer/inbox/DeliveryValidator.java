/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.inbox;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Checks a delivery against the inbox table's column sizes before any SQL runs, so that a bad
 * value fails with the name of its argument and never aborts the consumer's transaction
 * (PostgreSQL aborts a transaction on any failed statement).
 */
final class DeliveryValidator {

    static final int MAX_CONSUMER_GROUP_LENGTH = 128;

    static final int MAX_IDEMPOTENCY_KEY_LENGTH = 255;

    static final int MAX_MESSAGE_TYPE_LENGTH = 64;

    static final int MAX_ORDERING_KEY_LENGTH = 128;

    /** The TEXT column of MySQL holds 65,535 bytes. */
    static final int MAX_RESULT_BYTES = 65_535;

    private DeliveryValidator() {
    }

    static String required(String argument, @Nullable String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw invalid(argument, "is required and must not be blank");
        }
        int length = value.codePointCount(0, value.length());
        if (length > maxLength) {
            throw invalid(argument, "is " + length + " characters long, more than the maximum of " + maxLength);
        }
        return withoutNul(argument, value);
    }

    static @Nullable String optional(String argument, @Nullable String value, int maxLength) {
        return (value != null) ? required(argument, value, maxLength) : null;
    }

    static long sequence(long sequence) {
        if (sequence < 1) {
            throw invalid("sequence", "must be at least 1, was " + sequence);
        }
        return sequence;
    }

    static String header(Map<String, String> headers, String name) {
        String value = headers.get(name);
        if (value == null) {
            throw invalid("headers", "have no '" + name + "' header: only a sequenced message (MessageBuilder"
                    + ".sequenced()), sent by the outbox, can be consumed in order");
        }
        return value;
    }

    static long sequence(String header) {
        try {
            return sequence(Long.parseLong(header));
        }
        catch (NumberFormatException ex) {
            throw invalid("sequence", "is not a number: '" + header + "'");
        }
    }

    static String result(String result) {
        int bytes = result.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_RESULT_BYTES) {
            throw invalid("result", "is " + bytes + " bytes as UTF-8, more than the maximum of " + MAX_RESULT_BYTES);
        }
        return withoutNul("result", result);
    }

    private static String withoutNul(String argument, String value) {
        if (value.indexOf('\0') >= 0) {
            throw invalid(argument, "contains a NUL character, which databases cannot store as text");
        }
        return value;
    }

    private static IllegalArgumentException invalid(String argument, String problem) {
        return new IllegalArgumentException("Invalid inbox delivery: '" + argument + "' " + problem);
    }
}
