/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.actuate;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

import dev.outbox.admin.BrokerRecords;
import dev.outbox.admin.MessagePage;
import dev.outbox.admin.MessageQuery;
import dev.outbox.admin.OperationResult;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Reconciliation;
import dev.outbox.admin.UnconsumedQuery;
import org.jspecify.annotations.Nullable;

/**
 * The endpoint's reconciliation requests: their parameters read and checked, with errors that name the parameter,
 * and the admin's reconciliation run on them.
 */
final class ReconciliationRequests {

    private final @Nullable BrokerRecords brokerRecords;

    /**
     * @param brokerRecords reads back what the broker holds, or null when no sender of this application can
     */
    ReconciliationRequests(@Nullable BrokerRecords brokerRecords) {
        this.brokerRecords = brokerRecords;
    }

    MessagePage unconsumed(OutboxAdmin admin, @Nullable String group, @Nullable String olderThan,
            @Nullable Long after, @Nullable Integer size) {
        if (group == null) {
            throw new IllegalArgumentException("group is required: the consumer group whose inbox to compare");
        }
        if (olderThan == null) {
            throw new IllegalArgumentException("olderThan is required: how long ago a message was sent at least, "
                    + "as an ISO-8601 duration such as PT5M");
        }
        return admin.unconsumed(new UnconsumedQuery(group, duration(olderThan), (after != null) ? after : 0,
                (size != null) ? size : MessageQuery.DEFAULT_SIZE));
    }

    Reconciliation reconcile(OutboxAdmin admin, @Nullable String from, @Nullable String to) {
        if (this.brokerRecords == null) {
            throw new IllegalArgumentException("No sender of this application can read back what it sent (the "
                    + "Kafka sender can); there is nothing to reconcile against");
        }
        return admin.reconcile(instant("from", from), instant("to", to), this.brokerRecords);
    }

    ResentMessages resend(OutboxAdmin admin, @Nullable String from, @Nullable String to) {
        Reconciliation reconciliation = reconcile(admin, from, to);
        return new ResentMessages(reconciliation, admin.resend(reconciliation.problemIds()));
    }

    private static Duration duration(String text) {
        try {
            return Duration.parse(text.trim());
        }
        catch (DateTimeParseException ex) {
            throw new IllegalArgumentException("olderThan is an ISO-8601 duration such as PT5M or PT1H, was '"
                    + text + "'");
        }
    }

    private static Instant instant(String parameter, @Nullable String text) {
        if (text == null) {
            throw new IllegalArgumentException(parameter + " is required: an ISO-8601 instant such as "
                    + "2026-05-01T08:00:00Z");
        }
        try {
            return Instant.parse(text.trim());
        }
        catch (DateTimeParseException ex) {
            throw new IllegalArgumentException(parameter + " is an ISO-8601 instant such as 2026-05-01T08:00:00Z, "
                    + "was '" + text + "'");
        }
    }
}
