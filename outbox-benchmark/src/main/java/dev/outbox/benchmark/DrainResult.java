/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

/**
 * What one drain took: the library's, with one or more instances, or the plain-JDBC baseline's.
 *
 * @param messages how many messages were drained: all of them, or those SENT when the timeout passed
 * @param elapsedNanos from start until all were SENT, or until the timeout passed
 * @param claims the claims the dispatchers made (none for the baseline)
 * @param statements what the drain executed
 * @param timedOut whether the timeout passed before every message was SENT
 */
record DrainResult(long messages, long elapsedNanos, ClaimTally claims, StatementCounter.Snapshot statements,
        boolean timedOut) {

    double messagesPerSecond() {
        return this.messages * 1e9 / this.elapsedNanos;
    }

    double statementsPerMessage() {
        return (double) this.statements.statementsWithCommits() / this.messages;
    }

    double roundTripsPerMessage() {
        return (double) this.statements.roundTrips() / this.messages;
    }

    /**
     * @param expected how many messages were to be drained
     * @return the rate (with a decimal below 100 msg/s), and for a drain that timed out how far it got
     */
    String rateSummary(long expected) {
        double rate = messagesPerSecond();
        String perSecond = String.format((rate < 100) ? "%.1f msg/s" : "%.0f msg/s", rate);
        if (!this.timedOut) {
            return perSecond;
        }
        return String.format("timed out after %.0f s with %d of %d SENT, %s", this.elapsedNanos / 1e9, this.messages,
                expected, perSecond);
    }
}
