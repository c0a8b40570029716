/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;

import dev.outbox.internal.jdbc.AdminRepository;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;

/**
 * The operators' changes of one message: the guarded update each one is, and what to say when the update
 * found the row in a state it may not leave (done before, or not allowed).
 */
enum Change {

    /** FAILED or SUSPENDED to PENDING, due now, with a fresh retry budget. */
    RETRY(MessageState.PENDING, EnumSet.of(MessageState.FAILED, MessageState.SUSPENDED), true) {
        @Override
        boolean apply(AdminRepository repository, long id, Instant now) {
            return repository.retry(id, from(), now);
        }

        @Override
        String done(long id) {
            return "message " + id + " is PENDING now, due at once, with its retry count reset to 0";
        }

        @Override
        OperationResult unchanged(StoredMessage row) {
            return (row.state() == MessageState.PENDING) ? alreadyPending(row)
                    : refused(row, "only FAILED or SUSPENDED messages can be retried");
        }
    },

    /** PENDING or FAILED to SUSPENDED. */
    SUSPEND(MessageState.SUSPENDED, EnumSet.of(MessageState.PENDING, MessageState.FAILED), false) {
        @Override
        boolean apply(AdminRepository repository, long id, Instant now) {
            return repository.suspend(id, from(), now);
        }

        @Override
        String done(long id) {
            return "message " + id + " is SUSPENDED now and is not sent until it is resumed or retried; if it was "
                    + "being sent at this moment, the broker may still receive it, but the outcome is not recorded";
        }

        @Override
        OperationResult unchanged(StoredMessage row) {
            return (row.state() == MessageState.SUSPENDED)
                    ? already(row, "is already SUSPENDED (since " + row.modifiedAt() + ")")
                    : refused(row, "only PENDING or FAILED messages can be suspended");
        }
    },

    /** SUSPENDED to PENDING, due now; the retry count is kept. */
    RESUME(MessageState.PENDING, EnumSet.of(MessageState.SUSPENDED), true) {
        @Override
        boolean apply(AdminRepository repository, long id, Instant now) {
            return repository.resume(id, from(), now);
        }

        @Override
        String done(long id) {
            return "message " + id + " is PENDING now, due at once";
        }

        @Override
        OperationResult unchanged(StoredMessage row) {
            if (row.state() == MessageState.PENDING) {
                return alreadyPending(row);
            }
            return refused(row, "only SUSPENDED messages can be resumed"
                    + ((row.state() == MessageState.FAILED) ? "; retry it instead" : ""));
        }
    },

    /**
     * SENT to PENDING, due now, with a fresh retry budget: a message that reconciliation found missing on the
     * broker, or held there as another message, goes out again.
     */
    RESEND(MessageState.PENDING, EnumSet.of(MessageState.SENT), true) {
        @Override
        boolean apply(AdminRepository repository, long id, Instant now) {
            return repository.retry(id, from(), now);
        }

        @Override
        String done(long id) {
            return "message " + id + " is PENDING now, due at once, to be sent again";
        }

        @Override
        OperationResult unchanged(StoredMessage row) {
            if (row.state() == MessageState.PENDING) {
                return alreadyPending(row);
            }
            return refused(row, "only SENT messages can be re-sent"
                    + (AdminRepository.BACKLOG.contains(row.state()) ? "; it is not sent yet, retry or resume it"
                            : ""));
        }
    },

    /** An unsent message out of its ordering key's order: SUSPENDED, ordering key cleared. */
    SKIP(MessageState.SUSPENDED, AdminRepository.BACKLOG, true) {
        @Override
        boolean apply(AdminRepository repository, long id, Instant now) {
            return repository.skip(id, from(), now);
        }

        @Override
        boolean needsOrderingKey() {
            return true;
        }

        @Override
        String done(long id) {
            return "message " + id + " is SUSPENDED now and out of its ordering key, which it no longer holds back"
                    + " (the key is recorded in its fail reason)";
        }

        @Override
        OperationResult unchanged(StoredMessage row) {
            if (!AdminRepository.BACKLOG.contains(row.state())) {
                return refused(row, "only unsent (PENDING, FAILED or SUSPENDED) messages can be skipped");
            }
            if (row.state() == MessageState.SUSPENDED) {
                return already(row, "is SUSPENDED and has no ordering key: it holds back no other message");
            }
            return new OperationResult(Outcome.REFUSED, row.id(), row.state(), "message " + row.id()
                    + " has no ordering key, so it holds back no other message; suspend it instead");
        }
    };

    private final MessageState target;

    private final Set<MessageState> from;

    private final boolean redrives;

    Change(MessageState target, Set<MessageState> from, boolean redrives) {
        this.target = target;
        this.from = from;
        this.redrives = redrives;
    }

    /**
     * @return the update: whether it matched the row and changed it
     */
    abstract boolean apply(AdminRepository repository, long id, Instant now);

    /**
     * @return the sentence for a change made
     */
    abstract String done(long id);

    /**
     * @param row the row as it is after the update matched nothing, in a state this change may not leave
     * @return what to say: done before, or refused and why
     */
    abstract OperationResult unchanged(StoredMessage row);

    /**
     * @return the states this change may take a row from: what its update is guarded by
     */
    Set<MessageState> from() {
        return this.from;
    }

    /**
     * @return whether the change applies only to a message that has an ordering key
     */
    boolean needsOrderingKey() {
        return false;
    }

    /**
     * @return whether the update would match the row as it is now (it changed after the update missed it)
     */
    boolean allows(StoredMessage row) {
        return this.from.contains(row.state()) && (!needsOrderingKey() || row.orderingKey() != null);
    }

    /**
     * @return the rule of this change, as operator tools show it
     */
    ActionRule rule() {
        return new ActionRule(this.from, needsOrderingKey());
    }

    /**
     * @return whether the change makes a message claimable (itself, or the next of its ordering key), so that a
     * dispatcher should look now
     */
    boolean redrives() {
        return this.redrives;
    }

    OperationResult changed(long id) {
        return new OperationResult(Outcome.DONE, id, this.target, done(id));
    }

    static OperationResult notFound(long id) {
        return new OperationResult(Outcome.NOT_FOUND, id, null,
                "message " + id + " does not exist (never saved, or deleted by the cleanup)");
    }

    private static OperationResult alreadyPending(StoredMessage row) {
        return already(row, "is already PENDING (since " + row.modifiedAt() + "), due at " + row.nextRetryAt());
    }

    private static OperationResult already(StoredMessage row, String what) {
        return new OperationResult(Outcome.ALREADY_DONE, row.id(), row.state(),
                "message " + row.id() + " " + what + "; nothing was changed");
    }

    private static OperationResult refused(StoredMessage row, String rule) {
        return new OperationResult(Outcome.REFUSED, row.id(), row.state(),
                "message " + row.id() + " is " + row.state() + "; " + rule);
    }
}
