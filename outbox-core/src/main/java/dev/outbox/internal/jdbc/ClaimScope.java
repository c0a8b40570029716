/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

/**
 * Which rows a claim takes due rows from: a condition on their topics (the dispatcher claims every
 * topic except those that pull consumers receive; a pull consumer claims its one topic), and on their
 * message types (the dispatcher leaves alone the types of a route paused by a broker outage, and a
 * probe of the route claims only those). Topics and types are bound as parameters, never written into
 * the SQL.
 */
public final class ClaimScope {

    private static final ClaimScope ALL = new ClaimScope(Kind.ALL, List.of(), TypeFilter.ANY, List.of());

    private final Kind kind;

    private final List<String> topics;

    private final TypeFilter typeFilter;

    private final List<String> types;

    private ClaimScope(Kind kind, List<String> topics, TypeFilter typeFilter, List<String> types) {
        this.kind = kind;
        this.topics = topics;
        this.typeFilter = typeFilter;
        this.types = types;
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
        return excluded.isEmpty() ? ALL
                : new ClaimScope(Kind.ALL_EXCEPT, sorted(excluded), TypeFilter.ANY, List.of());
    }

    /**
     * @param topic a topic
     * @return rows of that topic only
     */
    public static ClaimScope topic(String topic) {
        return new ClaimScope(Kind.TOPIC, List.of(topic), TypeFilter.ANY, List.of());
    }

    /**
     * @param excluded message types whose rows are left alone
     * @return the rows of this scope but those of the given types
     */
    public ClaimScope withoutTypes(Collection<String> excluded) {
        return excluded.isEmpty() ? withTypes(TypeFilter.ANY, List.of()) : withTypes(TypeFilter.EXCEPT, excluded);
    }

    /**
     * @param included message types, at least one
     * @return the rows of this scope of the given types only
     * @throws IllegalArgumentException when no type is given: such a scope holds no row, and no claim should run
     */
    public ClaimScope onlyTypes(Collection<String> included) {
        if (included.isEmpty()) {
            throw new IllegalArgumentException("a scope of no message type holds no row");
        }
        return withTypes(TypeFilter.ONLY, included);
    }

    private ClaimScope withTypes(TypeFilter filter, Collection<String> types) {
        return new ClaimScope(this.kind, this.topics, filter, sorted(types));
    }

    private static List<String> sorted(Collection<String> values) {
        return List.copyOf(new TreeSet<>(values));
    }

    /**
     * @return the condition that replaces the {@value ClaimStatements#SCOPE_LINE} line of a claim statement
     */
    String condition() {
        return this.kind.condition() + this.typeFilter.condition();
    }

    /**
     * @param parameters the parameters of a statement of this scope's condition, to which this adds its topics
     * and types
     * @return the parameters
     */
    MapSqlParameterSource bind(MapSqlParameterSource parameters) {
        switch (this.kind) {
            case ALL -> { }
            case ALL_EXCEPT -> parameters.addValue("topics", this.topics);
            case TOPIC -> parameters.addValue("topic", this.topics.get(0));
        }
        if (this.typeFilter != TypeFilter.ANY) {
            parameters.addValue("types", this.types);
        }
        return parameters;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ClaimScope scope && this.kind == scope.kind && this.topics.equals(scope.topics)
                && this.typeFilter == scope.typeFilter && this.types.equals(scope.types);
    }

    @Override
    public int hashCode() {
        return Objects.hash(this.kind, this.topics, this.typeFilter, this.types);
    }

    @Override
    public String toString() {
        String topics = switch (this.kind) {
            case ALL -> "all topics";
            case ALL_EXCEPT -> "all topics except " + String.join(", ", this.topics);
            case TOPIC -> "topic " + this.topics.get(0);
        };
        return switch (this.typeFilter) {
            case ANY -> topics;
            case EXCEPT -> topics + ", all types except " + String.join(", ", this.types);
            case ONLY -> topics + ", types " + String.join(", ", this.types);
        };
    }

    /**
     * The conditions on topics, each on the due rows' alias {@code m}.
     */
    private enum Kind {

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

    /**
     * The conditions on message types, each on the due rows' alias {@code m}.
     */
    private enum TypeFilter {

        /** No condition. */
        ANY(""),

        /** Binds {@code types}. */
        EXCEPT("\n  AND m.message_type NOT IN (:types)"),

        /** Binds {@code types}. */
        ONLY("\n  AND m.message_type IN (:types)");

        private final String condition;

        TypeFilter(String condition) {
            this.condition = condition;
        }

        String condition() {
            return this.condition;
        }
    }
}
