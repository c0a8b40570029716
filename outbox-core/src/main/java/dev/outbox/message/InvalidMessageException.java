/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.message;

/**
 * A message was rejected before anything was written, because one of its fields is missing,
 * too long or cannot be serialized. The caller's transaction is left untouched.
 */
public class InvalidMessageException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The name of the field that was rejected, as in the builder. */
    private final String field;

    /**
     * @param field the name of the offending field, as in the builder ({@code key}, {@code payload}, ...)
     * @param problem what is wrong with it
     */
    public InvalidMessageException(String field, String problem) {
        super("Invalid outbox message: '" + field + "' " + problem);
        this.field = field;
    }

    /**
     * @param field the name of the offending field
     * @param problem what is wrong with it
     * @param cause the error that revealed the problem
     */
    public InvalidMessageException(String field, String problem, Throwable cause) {
        super("Invalid outbox message: '" + field + "' " + problem, cause);
        this.field = field;
    }

    /**
     * @return the name of the field that was rejected
     */
    public String field() {
        return this.field;
    }
}
