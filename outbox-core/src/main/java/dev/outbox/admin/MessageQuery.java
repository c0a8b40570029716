/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import dev.outbox.message.MessageState;
import org.jspecify.annotations.Nullable;

/**
 * Which page of messages to read: those after an id, in id order, optionally of one state and one type.
 * Paging by id (keyset) rather than by offset keeps every page as cheap as the first, and a message saved
 * while an operator pages never shifts the pages.
 *
 * @param state only messages of this state, or null for all
 * @param type only messages of this type, or null for all
 * @param afterId only messages with a greater id: 0 for the first page, then the page's
 * {@link MessagePage#nextAfterId()}
 * @param size the most messages on the page, 1 to {@value #MAX_SIZE}
 */
public record MessageQuery(@Nullable MessageState state, @Nullable String type, long afterId, int size) {

    /** The most messages on one page. */
    public static final int MAX_SIZE = 200;

    /** The page size when none is given. */
    public static final int DEFAULT_SIZE = 50;

    /**
     * @param state only messages of this state, or null for all
     * @param type only messages of this type, or null for all
     * @param afterId only messages with a greater id: 0 for the first page, then the page's
     * {@link MessagePage#nextAfterId()}
     * @param size the most messages on the page, 1 to {@value #MAX_SIZE}
     * @throws IllegalArgumentException when the type is blank or too long, the id negative, or the size
     * outside 1 to {@value #MAX_SIZE}
     */
    public MessageQuery {
        if (type != null) {
            AdminArguments.requireType(type);
        }
        AdminArguments.requirePage(afterId, size, MAX_SIZE);
    }

    /**
     * @return the first page of all messages, {@value #DEFAULT_SIZE} at most
     */
    public static MessageQuery firstPage() {
        return new MessageQuery(null, null, 0, DEFAULT_SIZE);
    }
}
