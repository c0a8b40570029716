package dev.outbox.benchmark;

/**
 * What one drain took: the library's, with one or more instances, or the plain-JDBC baseline's.
 *
 * @param messages how many messages were drained
 * @param elapsedNanos from start until all were SENT
 * @param claims the claims the dispatchers made (none for the baseline)
 * @param statements what the drain executed
 */
record DrainResult(long messages, long elapsedNanos, ClaimTally claims, StatementCounter.Snapshot statements) {

    double messagesPerSecond() {
        return this.messages * 1e9 / this.elapsedNanos;
    }

    double statementsPerMessage() {
        return (double) this.statements.statementsWithCommits() / this.messages;
    }

    double roundTripsPerMessage() {
        return (double) this.statements.roundTrips() / this.messages;
    }
}
