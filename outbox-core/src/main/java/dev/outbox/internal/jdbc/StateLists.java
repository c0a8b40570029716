/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

import dev.outbox.MessageState;

/**
 * The sets of states that statements test rows against, and the one place that writes them as SQL.
 * A statement names a set with a placeholder ({@value #KEY_HOLDING}); {@link #inline} writes the set's
 * states in its place as literals once, when the statement is built, so the database sees the same
 * constant list it always did rather than bound values.
 */
final class StateLists {

    /** The placeholder of {@link #HOLDING_A_KEY}. */
    static final String KEY_HOLDING = ":keyHoldingStates";

    /** The states in which a row holds back its ordering key's later rows until an operator acts. */
    static final Set<MessageState> HOLDING_A_KEY = Collections.unmodifiableSet(EnumSet.of(MessageState.FAILED,
            MessageState.SUSPENDED));

    private StateLists() {
    }

    /**
     * @param sql a statement that may name state sets by their placeholders
     * @return the statement with each set's states written out
     */
    static String inline(String sql) {
        return sql.replace(KEY_HOLDING, literals(HOLDING_A_KEY));
    }

    /**
     * @param states some states
     * @return them as a list of SQL string literals, in the enum's order
     */
    static String literals(Set<MessageState> states) {
        return states.stream().map(state -> "'" + state.name() + "'").collect(Collectors.joining(", "));
    }
}
