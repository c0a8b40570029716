/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import org.jspecify.annotations.Nullable;

/**
 * Converts between instants and the UTC wall-clock values stored in the table. Binding a
 * {@link LocalDateTime} keeps drivers from shifting the value by the JVM's or the session's zone.
 */
final class Timestamps {

    private Timestamps() {
    }

    static LocalDateTime toColumn(Instant instant) {
        return LocalDateTime.ofInstant(instant.truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
    }

    static @Nullable Instant fromColumn(@Nullable LocalDateTime value) {
        return (value != null) ? value.toInstant(ZoneOffset.UTC) : null;
    }
}
