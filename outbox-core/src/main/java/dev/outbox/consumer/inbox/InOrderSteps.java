/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consumer.inbox;

import java.time.Clock;

import dev.outbox.internal.jdbc.InboxRepository;
import org.jspecify.annotations.Nullable;

/**
 * Consumes one delivery of a sequenced message in order, in the consumer's transaction, with the group's position
 * in the key locked: the next number runs the logic, the next number's marker ({@code OutboxAdmin.skip}) passes it
 * without running anything, a later number is held, and a number at or below the position is a duplicate, unless
 * a marker passed it and it has not run since: then it is the skipped message itself, resumed by an operator, and
 * it runs once, late.
 *
 * <p>A passed number is recorded in the inbox table, under a key of its own ({@code outbox-skipped:<number>:<ordering
 * key>}) with the result {@value Inbox#SKIPPED_RESULT}, {@value #APPLIED_LATE} once it ran. Like every key there, the
 * inbox's cleanup deletes it once it is older than its cutoff; the skipped message arriving later is then a
 * duplicate.
 */
final class InOrderSteps {

    /** What a passed number's record says once the skipped message ran. */
    static final String APPLIED_LATE = "applied late";

    private static final String PASSED_KEY_PREFIX = "outbox-skipped:";

    private static final Consumption DUPLICATE = new Consumption(true, null);

    private final InboxRepository repository;

    private final Clock clock;

    InOrderSteps(InboxRepository repository, Clock clock) {
        this.repository = repository;
        this.clock = clock;
    }

    /**
     * @param group the validated consumer group
     * @param key the validated ordering key
     * @param sequence the validated number
     * @param type the validated message type, or null
     * @param marker whether the delivery is the marker of a skipped number
     * @param businessLogic what the message does
     * @return whether it was a duplicate; the result {@value Inbox#SKIPPED_RESULT} for a marker that passed the number
     * @throws OutOfOrderException when an earlier number of the key has not been consumed yet
     */
    Consumption consume(String group, String key, long sequence, @Nullable String type, boolean marker,
            Runnable businessLogic) {
        long last = this.repository.lockPosition(group, key, sequence, this.clock.instant());
        if (sequence > last + 1) {
            throw new OutOfOrderException(group, key, last + 1, sequence);
        }
        if (sequence <= last) {
            return marker ? DUPLICATE : runIfPassed(group, passedKey(key, sequence), businessLogic);
        }
        if (marker) {
            this.repository.insertUnlessExists(group, passedKey(key, sequence), type, this.clock.instant())
                    .ifPresent(id -> this.repository.recordResult(id, Inbox.SKIPPED_RESULT));
        }
        else {
            businessLogic.run();
        }
        this.repository.advancePosition(group, key, sequence, this.clock.instant());
        return new Consumption(false, marker ? Inbox.SKIPPED_RESULT : null);
    }

    private Consumption runIfPassed(String group, String passedKey, Runnable businessLogic) {
        boolean passed = this.repository.resultIfRecorded(group, passedKey).filter(Inbox.SKIPPED_RESULT::equals)
                .isPresent();
        if (!passed) {
            return DUPLICATE;
        }
        businessLogic.run();
        this.repository.recordResult(group, passedKey, APPLIED_LATE);
        return new Consumption(false, null);
    }

    private static String passedKey(String key, long sequence) {
        return PASSED_KEY_PREFIX + sequence + ":" + key;
    }
}
