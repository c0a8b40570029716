/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.idempotency;

import org.jspecify.annotations.Nullable;

/**
 * What {@link IdempotencyKeys#claim} found for a key: the request is the first with it and runs, or it is a
 * retry, answered with the first response, or it cannot be answered yet, or the key belongs to another request.
 */
public final class IdempotencyClaim {

    /**
     * What the caller does with the request.
     */
    public enum Outcome {

        /** The key is new and claimed in the current transaction: run the work, then {@link IdempotencyKeys#complete}. */
        FIRST,

        /** The request ran before and completed: answer with {@link #response()}, do not run the work. */
        REPLAY,

        /** The request with this key has not completed: do not run the work; the client retries later. */
        IN_PROGRESS,

        /** The key was used by a different request (another fingerprint): refuse it, do not run the work. */
        MISMATCH
    }

    private final Outcome outcome;

    private final long id;

    private final @Nullable StoredResponse response;

    private IdempotencyClaim(Outcome outcome, long id, @Nullable StoredResponse response) {
        this.outcome = outcome;
        this.id = id;
        this.response = response;
    }

    static IdempotencyClaim first(long id) {
        return new IdempotencyClaim(Outcome.FIRST, id, null);
    }

    static IdempotencyClaim replay(StoredResponse response) {
        return new IdempotencyClaim(Outcome.REPLAY, 0, response);
    }

    static IdempotencyClaim of(Outcome outcome) {
        return new IdempotencyClaim(outcome, 0, null);
    }

    /**
     * @return what the caller does with the request
     */
    public Outcome outcome() {
        return this.outcome;
    }

    /**
     * @return the first run's response
     * @throws IllegalStateException unless the outcome is {@link Outcome#REPLAY}
     */
    public StoredResponse response() {
        if (this.response == null) {
            throw new IllegalStateException("Only a REPLAY has a stored response; this claim is " + this.outcome);
        }
        return this.response;
    }

    long id() {
        if (this.outcome != Outcome.FIRST) {
            throw new IllegalStateException("Only the FIRST claim of a key completes it; this claim is "
                    + this.outcome);
        }
        return this.id;
    }

    @Override
    public String toString() {
        return "IdempotencyClaim[" + this.outcome + "]";
    }
}
