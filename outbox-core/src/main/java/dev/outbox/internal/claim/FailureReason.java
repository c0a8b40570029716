/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.claim;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Formats a send error for the {@code fail_reason} column: class and message of the error and its
 * causes, each with the top of its stack trace, bounded in length.
 */
public final class FailureReason {

    /** The longest reason written, in characters. */
    public static final int MAX_LENGTH = 4000;

    private static final int FRAMES_PER_ERROR = 8;

    private static final int MAX_CAUSES = 4;

    private FailureReason() {
    }

    /**
     * @param error a send error
     * @return its class, message and the top of its stack trace, with those of its causes, at most
     * {@link #MAX_LENGTH} characters
     */
    public static String of(Throwable error) {
        StringBuilder reason = new StringBuilder(512);
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Throwable current = error;
        for (int depth = 0; current != null && depth <= MAX_CAUSES && seen.add(current); depth++) {
            if (depth > 0) {
                reason.append("\nCaused by: ");
            }
            reason.append(current);
            StackTraceElement[] frames = current.getStackTrace();
            for (int i = 0; i < Math.min(frames.length, FRAMES_PER_ERROR); i++) {
                reason.append("\n\tat ").append(frames[i]);
            }
            if (frames.length > FRAMES_PER_ERROR) {
                reason.append("\n\t... ").append(frames.length - FRAMES_PER_ERROR).append(" more");
            }
            current = current.getCause();
        }
        return (reason.length() <= MAX_LENGTH) ? reason.toString() : reason.substring(0, MAX_LENGTH - 3) + "...";
    }

    /**
     * @param reason a reason as {@link #of} formats it
     * @return its first line: the error's class and message
     */
    public static String firstLine(String reason) {
        int end = reason.indexOf('\n');
        return (end < 0) ? reason : reason.substring(0, end);
    }
}
