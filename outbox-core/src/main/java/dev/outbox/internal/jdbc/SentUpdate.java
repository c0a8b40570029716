/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.List;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;

/**
 * The update of confirmed rows to SENT, all claimed at one version and attempted at one time, each with its
 * broker message id, in one statement: in each database's cheapest form of a list of (id, message id) pairs.
 * The due time becomes the time the row was sent, from which the cleanup counts its age through the due index
 * ({@link CleanupStatements}); the new state moves the row's entry in that index anyway.
 */
interface SentUpdate {

    /**
     * @param rows how many rows
     * @return the update of that many rows, binding {@code attemptedAt}, {@code now}, {@code lockVersion} and
     * what {@link #bindRows} binds
     */
    String statement(int rows);

    /**
     * @param rows the confirmed rows
     * @param parameters the parameters to add the rows' ids and broker message ids to
     * @return the parameters
     */
    MapSqlParameterSource bindRows(List<DeliveryOutcome.Sent> rows, MapSqlParameterSource parameters);
}
