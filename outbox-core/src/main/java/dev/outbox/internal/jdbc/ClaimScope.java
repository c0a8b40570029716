/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

/**
 * Which topics a claim takes due rows from. The dispatcher claims every topic except those that
 * pull consumers receive; a pull consumer claims its one topic. Topics are bound as parameters,
 * never written into the SQL.
 */
public final class ClaimScope {

    private static final ClaimScope ALL = new ClaimScope(Kind.ALL, List.of());

    private final Kind kind;

    private final List<String> topics;

    private ClaimScope(Kind kind, List<String> topics) {
        this.kind = kind;
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
        return excluded.isEmpty() ? ALL : new ClaimScope(Kind.ALL_EXCEPT, List.copyOf(new TreeSet<>(excluded)));
    }

    /**
     * @param topic a topic
     * @return rows of that topic only
     */
    public static ClaimScope topic(String topic) {
        return new ClaimScope(Kind.TOPIC, List.of(topic));
    }

    Kind kind() {
        return this.kind;
    }

    /**
     * @param parameters the parameters of a statement of this scope's kind, to which this adds its topics
     * @return the parameters
     */
    MapSqlParameterSource bind(MapSqlParameterSource parameters) {
        return switch (this.kind) {
            case ALL -> parameters;
            case ALL_EXCEPT -> parameters.addValue("topics", this.topics);
            case TOPIC -> parameters.addValue("topic", this.topics.get(0));
        };
    }

    @Override
    public String toString() {
        return switch (this.kind) {
            case ALL -> "all topics";
            case ALL_EXCEPT -> "all topics except " + String.join(", ", this.topics);
            case TOPIC -> "topic " + this.topics.get(0);
        };
    }

    /**
     * The forms of scope, each a condition on the due rows' alias {@code m} that replaces the
     * {@value ClaimStatements#SCOPE_LINE} line of a claim statement.
     */
    enum Kind {

        /** No condition. */
        ALL(""),

        /** Binds {@code topics}. */
        ALL_EXCEPT("\n  AND m.topic NOT IN (:topics)"),

        /** Binds {@code topic}. */
        TOPIC("\n  AND m.topic = :topic");

        private final String condition;

        Kind(String condition) {
            this.condition = condition;
        }

        String condition() {
            return this.condition;
        }
    }
}
