/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

/**
 * Which rows a claim takes due rows from: a condition on their topics (the dispatcher claims every
 * topic except those that pull consumers receive; a pull consumer claims its one topic), and on their
 * message types (the dispatcher leaves alone the types of a route paused by a broker outage, and a
 * probe of the route claims only those; it leaves alone the types switched to pull consumers, which claim
 * only those of their topic). Topics and types are bound as parameters, never written into
 * the SQL.
 */
public final class ClaimScope {

    private static final ClaimScope ALL = new ClaimScope(Condition.NONE, List.of(), Condition.NONE, List.of());

    private final Condition topicCondition;

    private final List<String> topics;

    private final Condition typeCondition;

    private final List<String> types;

    private ClaimScope(Condition topicCondition, List<String> topics, Condition typeCondition, List<String> types) {
        this.topicCondition = topicCondition;
        this.topics = topics;
        this.typeCondition = typeCondition;
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
                : new ClaimScope(Condition.TOPICS_EXCEPT, sorted(excluded), Condition.NONE, List.of());
    }

    /**
     * @param topic a topic
     * @return rows of that topic only
     */
    public static ClaimScope topic(String topic) {
        return new ClaimScope(Condition.TOPIC, List.of(topic), Condition.NONE, List.of());
    }

    /**
     * @param excluded message types whose rows are left alone
     * @return the rows of this scope but those of the given types
     */
    public ClaimScope withoutTypes(Collection<String> excluded) {
        return excluded.isEmpty() ? withTypes(Condition.NONE, List.of()) : withTypes(Condition.TYPES_EXCEPT, excluded);
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
        return withTypes(Condition.TYPES_ONLY, included);
    }

    /**
     * Narrows this scope by more types to leave alone, whatever its type condition already is: the types an
     * operator switched to pull consumers, on top of those of a paused route.
     *
     * @param excluded message types whose rows are left alone as well
     * @return the rows of this scope but those of the given types, or empty when this scope held only such types
     */
    public Optional<ClaimScope> alsoWithout(Set<String> excluded) {
        if (excluded.isEmpty()) {
            return Optional.of(this);
        }
        Set<String> types = new TreeSet<>(this.types);
        return switch (this.typeCondition) {
            case TYPES_ONLY -> {
                types.removeAll(excluded);
                yield types.isEmpty() ? Optional.empty() : Optional.of(withTypes(Condition.TYPES_ONLY, types));
            }
            case TYPES_EXCEPT -> {
                types.addAll(excluded);
                yield Optional.of(withTypes(Condition.TYPES_EXCEPT, types));
            }
            default -> Optional.of(withTypes(Condition.TYPES_EXCEPT, excluded));
        };
    }

    private ClaimScope withTypes(Condition condition, Collection<String> types) {
        return new ClaimScope(this.topicCondition, this.topics, condition, sorted(types));
    }

    private static List<String> sorted(Collection<String> values) {
        return List.copyOf(new TreeSet<>(values));
    }

    /**
     * @return the condition that replaces the {@value ClaimStatements#SCOPE_LINE} line of a claim statement
     */
    String condition() {
        return this.topicCondition.sql + this.typeCondition.sql;
    }

    /**
     * @param parameters the parameters of a statement of this scope's condition, to which this adds its topics
     * and types
     * @return the parameters
     */
    MapSqlParameterSource bind(MapSqlParameterSource parameters) {
        if (this.topicCondition == Condition.TOPICS_EXCEPT) {
            parameters.addValue("topics", this.topics);
        }
        else if (this.topicCondition == Condition.TOPIC) {
            parameters.addValue("topic", this.topics.get(0));
        }
        if (this.typeCondition != Condition.NONE) {
            parameters.addValue("types", this.types);
        }
        return parameters;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ClaimScope scope && this.topicCondition == scope.topicCondition
                && this.topics.equals(scope.topics) && this.typeCondition == scope.typeCondition
                && this.types.equals(scope.types);
    }

    @Override
    public int hashCode() {
        return Objects.hash(this.topicCondition, this.topics, this.typeCondition, this.types);
    }

    @Override
    public String toString() {
        String topics = (this.topicCondition == Condition.NONE) ? "all topics"
                : (this.topicCondition == Condition.TOPIC) ? "topic " + this.topics.get(0)
                : "all topics except " + String.join(", ", this.topics);
        if (this.typeCondition == Condition.NONE) {
            return topics;
        }
        return topics + ((this.typeCondition == Condition.TYPES_ONLY) ? ", types " : ", all types except ")
                + String.join(", ", this.types);
    }

    /**
     * The conditions a scope puts on the due rows' alias {@code m}: one on topics, one on message types.
     */
    private enum Condition {

        /** No condition. */
        NONE(""),

        /** Binds {@code topics}. */
        TOPICS_EXCEPT("\n  AND m.topic NOT IN (:topics)"),

        /** Binds {@code topic}. */
        TOPIC("\n  AND m.topic = :topic"),

        /** Binds {@code types}. */
        TYPES_EXCEPT("\n  AND m.message_type NOT IN (:types)"),

        /** Binds {@code types}. */
        TYPES_ONLY("\n  AND m.message_type IN (:types)");

        private final String sql;

        Condition(String sql) {
            this.sql = sql;
        }
    }
}
