/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/**
 * Which topics a claim takes due rows from. The dispatcher claims every topic except those that
 * pull consumers receive; a pull consumer claims its one topic. Topics are bound as parameters,
 * never written into the SQL.
 */
public final class ClaimScope {

    private static final ClaimScope ALL = new ClaimScope("", List.of());

    private final String filter;

    private final List<String> topics;

    private ClaimScope(String filter, List<String> topics) {
        this.filter = filter;
        this.topics = topics;
    }

    /**
     * @return rows of every topic
     */
    public static ClaimScope all() {
        return ALL;
    }

    /**
     * @param excluded topics whose rows are left alone
     * @return rows of every topic but those
     */
    public static ClaimScope allExcept(Collection<String> excluded) {
        if (excluded.isEmpty()) {
            return ALL;
        }
        List<String> topics = List.copyOf(new TreeSet<>(excluded));
        return new ClaimScope("\n  AND m.topic NOT IN (" + String.join(", ", Collections.nCopies(topics.size(), "?"))
                + ")", topics);
    }

    /**
     * @param topic a topic
     * @return rows of that topic only
     */
    public static ClaimScope topic(String topic) {
        return new ClaimScope("\n  AND m.topic = ?", List.of(topic));
    }

    /** The condition on the due rows' alias {@code m}, with a placeholder per topic. */
    String filter() {
        return this.filter;
    }

    List<String> arguments() {
        return this.topics;
    }

    @Override
    public String toString() {
        return this.topics.isEmpty() ? "all topics" : (this.filter.contains("NOT IN") ? "all topics except "
                : "topic ") + String.join(", ", this.topics);
    }
}
