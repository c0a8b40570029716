/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.outbox.message.MessageState;

/**
 * The sets of states that statements test rows against, and the one place that writes them as SQL.
 * A statement names a set by a placeholder, in one of two forms, which {@link #inline} writes out once,
 * when the statement is built, so that the database sees constant literals rather than bound values:
 *
 * <ul>
 * <li>{@value #UNSENT_LIST} and {@value #KEY_HOLDING_LIST} become the set's states as a list of literals,
 * for {@code state IN (...)};</li>
 * <li>a line with {@value #EACH_UNSENT} or {@value #EACH_KEY_HOLDING} is written once per state of the
 * set, that state in the placeholder's place, the copies joined by {@code AND} (a line that starts with
 * {@code AND} keeps it in each copy): a condition per state, as in the ordering checks, which look up each state's rows in the index
 * {@code (ordering_key, state, id)} with one dive.</li>
 * </ul>
 */
final class StateLists {

    /** The states of messages not sent yet, which hold back their ordering key's later rows: the backlog. */
    static final Set<MessageState> UNSENT = Collections.unmodifiableSet(EnumSet.of(MessageState.PENDING,
            MessageState.FAILED, MessageState.SUSPENDED));

    /** The states in which a row holds back its ordering key's later rows until an operator acts. */
    static final Set<MessageState> HOLDING_A_KEY = Collections.unmodifiableSet(EnumSet.of(MessageState.FAILED,
            MessageState.SUSPENDED));

    /** The placeholder of {@link #UNSENT} as a list. */
    static final String UNSENT_LIST = ":unsentStates";

    /** The placeholder of {@link #HOLDING_A_KEY} as a list. */
    static final String KEY_HOLDING_LIST = ":keyHoldingStates";

    /** The placeholder of a line written once per state of {@link #UNSENT}. */
    static final String EACH_UNSENT = ":eachUnsentState";

    /** The placeholder of a line written once per state of {@link #HOLDING_A_KEY}. */
    static final String EACH_KEY_HOLDING = ":eachKeyHoldingState";

    private static final Pattern EACH_LINE = Pattern.compile("(?m)^( *)(.*(" + EACH_UNSENT + "|" + EACH_KEY_HOLDING
            + ")\\b.*)$");

    private StateLists() {
    }

    /**
     * @param sql a statement that may name state sets by their placeholders
     * @return the statement with each set's states written out
     */
    static String inline(String sql) {
        Matcher line = EACH_LINE.matcher(sql);
        StringBuilder written = new StringBuilder();
        while (line.find()) {
            String indent = line.group(1);
            String condition = line.group(2);
            String placeholder = line.group(3);
            List<String> perState = of(placeholder).stream()
                    .map(state -> condition.replace(placeholder, literal(state))).toList();
            // A line that follows other conditions starts with its own AND, which each copy keeps.
            String separator = condition.startsWith("AND ") ? "\n" + indent : "\n" + indent + "AND ";
            line.appendReplacement(written, Matcher.quoteReplacement(indent + String.join(separator, perState)));
        }
        line.appendTail(written);
        return written.toString().replace(UNSENT_LIST, literals(UNSENT))
                .replace(KEY_HOLDING_LIST, literals(HOLDING_A_KEY));
    }

    /**
     * @param states some states
     * @return them as a list of SQL string literals, in the enum's order
     */
    static String literals(Set<MessageState> states) {
        return states.stream().map(StateLists::literal).collect(Collectors.joining(", "));
    }

    private static String literal(MessageState state) {
        return "'" + state.name() + "'";
    }

    private static Set<MessageState> of(String eachPlaceholder) {
        return eachPlaceholder.equals(EACH_UNSENT) ? UNSENT : HOLDING_A_KEY;
    }
}
