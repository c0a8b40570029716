/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import org.jspecify.annotations.Nullable;

/**
 * The checks of an operator's input, made before any SQL runs.
 */
final class AdminArguments {

    /** The width of the {@code message_type} column. */
    private static final int MAX_TYPE_LENGTH = 64;

    private AdminArguments() {
    }

    static long requireId(long id) {
        if (id <= 0) {
            throw new IllegalArgumentException("A message id is a positive number, was " + id);
        }
        return id;
    }

    static String requireType(@Nullable String type) {
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException("A message type must not be blank");
        }
        if (type.length() > MAX_TYPE_LENGTH) {
            throw new IllegalArgumentException("A message type has at most " + MAX_TYPE_LENGTH
                    + " characters, was " + type.length());
        }
        return type;
    }

    static void requirePage(long afterId, int size, int maxSize) {
        if (afterId < 0) {
            throw new IllegalArgumentException("afterId must be 0 (the first page) or a message id, was " + afterId);
        }
        if (size < 1 || size > maxSize) {
            throw new IllegalArgumentException("size must be between 1 and " + maxSize + ", was " + size
                    + "; read further pages with afterId");
        }
    }
}
