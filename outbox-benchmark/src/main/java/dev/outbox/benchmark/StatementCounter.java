/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what a connection pool sends to the database, and the time it waits for it: SQL
 * statements (each statement of a JDBC batch counts), round trips (a batch is one), and commits
 * or rollbacks.
 */
final class StatementCounter {

    private final LongAdder statements = new LongAdder();

    private final LongAdder roundTrips = new LongAdder();

    private final LongAdder transactionEnds = new LongAdder();

    private final LongAdder statementNanos = new LongAdder();

    private final LongAdder transactionEndNanos = new LongAdder();

    void executed(int statementCount, long nanos) {
        this.statements.add(statementCount);
        this.roundTrips.increment();
        this.statementNanos.add(nanos);
    }

    void transactionEnded(long nanos) {
        this.transactionEnds.increment();
        this.roundTrips.increment();
        this.transactionEndNanos.add(nanos);
    }

    /**
     * @return the counts so far
     */
    Snapshot snapshot() {
        return new Snapshot(this.statements.sum(), this.roundTrips.sum(), this.transactionEnds.sum(),
                this.statementNanos.sum(), this.transactionEndNanos.sum());
    }

    /**
     * Counts at one moment; subtract two to count what happened between them.
     *
     * @param statements SQL statements, each statement of a batch counted
     * @param roundTrips executions, batches and commits or rollbacks
     * @param transactionEnds commits and rollbacks
     * @param statementNanos time spent waiting for statements
     * @param transactionEndNanos time spent waiting for commits and rollbacks
     */
    record Snapshot(long statements, long roundTrips, long transactionEnds, long statementNanos,
            long transactionEndNanos) {

        static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0);

        Snapshot plus(Snapshot other) {
            return new Snapshot(this.statements + other.statements, this.roundTrips + other.roundTrips,
                    this.transactionEnds + other.transactionEnds, this.statementNanos + other.statementNanos,
                    this.transactionEndNanos + other.transactionEndNanos);
        }

        Snapshot minus(Snapshot earlier) {
            return new Snapshot(this.statements - earlier.statements, this.roundTrips - earlier.roundTrips,
                    this.transactionEnds - earlier.transactionEnds, this.statementNanos - earlier.statementNanos,
                    this.transactionEndNanos - earlier.transactionEndNanos);
        }

        /** Statements plus commits and rollbacks: what the database had to execute. */
        long statementsWithCommits() {
            return this.statements + this.transactionEnds;
        }
    }
}
