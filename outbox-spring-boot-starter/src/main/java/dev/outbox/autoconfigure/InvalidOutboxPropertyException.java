/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.origin.Origin;

/**
 * An {@code outbox.*} property has a value the outbox refuses. The message starts with the property, for example
 * "outbox.dispatcher.lease must be positive, was PT0S"; {@link InvalidOutboxPropertyFailureAnalyzer} adds where the
 * value came from.
 */
final class InvalidOutboxPropertyException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String property;

    private final transient @Nullable Origin origin;

    InvalidOutboxPropertyException(String property, String problem, @Nullable Origin origin,
            @Nullable Throwable cause) {
        super(property + " " + problem, cause);
        this.property = property;
        this.origin = origin;
    }

    String property() {
        return this.property;
    }

    /**
     * @return where the value was set, or null when it is the default (a check across two settings can
     * refuse a default)
     */
    @Nullable Origin origin() {
        return this.origin;
    }
}
