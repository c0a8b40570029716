/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.outbox.message.MessageState;

/**
 * Which messages an operator action of {@link OutboxAdmin} changes (retry, suspend, resume, resend or skip), so
 * that a tool (the operator console, for one) offers the action only where it would apply, without restating the
 * rule.
 *
 * @param states the states of the messages the action changes
 * @param needsOrderingKey whether it changes only a message that has an ordering key
 */
public record ActionRule(Set<MessageState> states, boolean needsOrderingKey) {

    /**
     * @param states the states of the messages the action changes
     * @param needsOrderingKey whether it changes only a message that has an ordering key
     */
    public ActionRule {
        Set<MessageState> copy = EnumSet.noneOf(MessageState.class);
        copy.addAll(states);
        states = Collections.unmodifiableSet(copy);
    }

    /**
     * @return the rule of each operator action on one message, by the name the {@code outbox} endpoint's paths
     * give it: retry, suspend, resume, resend and skip
     */
    public static Map<String, ActionRule> ofEachAction() {
        Map<String, ActionRule> rules = new LinkedHashMap<>();
        for (Change change : Change.values()) {
            rules.put(change.name().toLowerCase(Locale.ROOT), change.rule());
        }
        return Collections.unmodifiableMap(rules);
    }
}
