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
        return bounded(reason.toString(), MAX_LENGTH);
    }

    /**
     * @param reason a reason as {@link #of} formats it
     * @param note what to add on a line of its own after it
     * @return the reason and the note, at most {@link #MAX_LENGTH} characters: the reason is cut, the note kept
     */
    public static String withNote(String reason, String note) {
        String line = "\n" + bounded(note, MAX_LENGTH / 2);
        return bounded(reason, MAX_LENGTH - line.length()) + line;
    }

    /**
     * @param error an error
     * @return the first line of its class and message, and of its deepest cause's when it has causes
     */
    public static String summary(Throwable error) {
        Throwable root = error;
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        while (root.getCause() != null && seen.add(root)) {
            root = root.getCause();
        }
        return firstLine(error.toString()) + ((root != error) ? "; caused by " + firstLine(root.toString()) : "");
    }

    /**
     * @param reason a reason as {@link #of} formats it
     * @return its first line: the error's class and message
     */
    public static String firstLine(String reason) {
        int end = reason.indexOf('\n');
        return (end < 0) ? reason : reason.substring(0, end);
    }

    /**
     * @param text a text
     * @param maxLength the most characters to keep
     * @return the text, cut with {@code ...} when it is longer
     */
    public static String bounded(String text, int maxLength) {
        return (text.length() <= maxLength) ? text : text.substring(0, maxLength - 3) + "...";
    }
}
