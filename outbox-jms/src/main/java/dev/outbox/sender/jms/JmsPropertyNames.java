/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.util.Locale;
import java.util.Set;

/**
 * The JMS property name under which {@link JmsMessageSender} puts a header: JMS property names must be Java
 * identifiers that are not a word of the message selector syntax and do not start with {@code JMS} (reserved for the
 * specification and the providers), and providers refuse other names (ActiveMQ Artemis: {@code AMQ139012 ... is not
 * a valid java identifier}). So every character that cannot be part of a Java identifier, such as {@code -} or
 * {@code .}, becomes {@code _}, as Spring Cloud Stream's JMS header mapping does; a name that starts with a character
 * that cannot start an identifier, that is a selector word ({@code NULL}, {@code TRUE}, {@code AND}, ...) or that
 * starts with {@code JMS} gets a leading {@code _}. The outbox's headers become {@code outbox_id},
 * {@code outbox_type}, {@code outbox_key}; {@code traceparent} stays as it is.
 */
public final class JmsPropertyNames {

    /** The words of the message selector syntax, which cannot be property names (JMS 3.1, section 3.8.1.1). */
    private static final Set<String> SELECTOR_WORDS = Set.of("NULL", "TRUE", "FALSE", "NOT", "AND", "OR", "BETWEEN",
            "LIKE", "IN", "IS", "ESCAPE");

    /** How the names that the JMS specification and the providers reserve start. */
    private static final String RESERVED_PREFIX = "JMS";

    private JmsPropertyNames() {
    }

    /**
     * @param headerName a header name of an outbox message, not empty
     * @return the JMS property name that carries it
     * @throws IllegalArgumentException when the name is empty
     */
    public static String of(String headerName) {
        if (headerName.isEmpty()) {
            throw new IllegalArgumentException("A header name must not be empty");
        }
        StringBuilder name = new StringBuilder(headerName.length() + 1);
        headerName.codePoints().forEach(
                codePoint -> name.appendCodePoint(Character.isJavaIdentifierPart(codePoint) ? codePoint : '_'));
        String mapped = name.toString();
        if (!Character.isJavaIdentifierStart(mapped.codePointAt(0)) || mapped.startsWith(RESERVED_PREFIX)
                || SELECTOR_WORDS.contains(mapped.toUpperCase(Locale.ROOT))) {
            return "_" + mapped;
        }
        return mapped;
    }
}
