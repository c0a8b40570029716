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
import dev.outbox.admin.ReconciliationQuery;
import dev.outbox.admin.UnconsumedQuery;
import org.jspecify.annotations.Nullable;

/**
 * The endpoint's reconciliation requests: their parameters read and checked, with errors that name the parameter,
 * and the admin's reconciliation run on them.
 *
 * <p>A check of the broker keeps a thread of the server and a broker connection busy until its deadline: it is
 * offered only where the endpoint's write access is granted, even on a GET, so that read access (often given to
 * monitoring) is no lever to keep the broker busy.
 */
final class ReconciliationRequests {

    /** Why a check of the broker is refused where the endpoint's access is read-only. */
    static final String NEEDS_WRITE_ACCESS = "Reconciliation reads the broker at length and needs the endpoint's "
            + "write access: grant management.endpoint.outbox.access=unrestricted (behind authentication)";

    private final @Nullable BrokerRecords brokerRecords;

    private final boolean writeAccess;

    /**
     * @param brokerRecords reads back what the broker holds, or null when no sender of this application can
     * @param writeAccess whether the endpoint's write access is granted, which a check of the broker needs
     */
    ReconciliationRequests(@Nullable BrokerRecords brokerRecords, boolean writeAccess) {
        this.brokerRecords = brokerRecords;
        this.writeAccess = writeAccess;
    }

    /**
     * @return whether a GET may check the broker: the endpoint's write access is granted
     */
    boolean checksOnRead() {
        return this.writeAccess;
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
        return admin.unconsumed(new UnconsumedQuery(group, duration("olderThan", olderThan), (after != null) ? after : 0,
                (size != null) ? size : MessageQuery.DEFAULT_SIZE));
    }

    /**
     * @param after the previous answer's {@code nextAfterId}, or null for the window's first part
     * @param deadline how long the check may take, an ISO-8601 duration; {@link ReconciliationQuery#DEFAULT_DEADLINE}
     * when null
     */
    Reconciliation reconcile(OutboxAdmin admin, @Nullable String from, @Nullable String to, @Nullable Long after,
            @Nullable String deadline) {
        if (this.brokerRecords == null) {
            throw new IllegalArgumentException("No sender of this application can read back what it sent (the "
                    + "Kafka sender can); there is nothing to reconcile against");
        }
        Duration limit = (deadline != null) ? duration("deadline", deadline) : ReconciliationQuery.DEFAULT_DEADLINE;
        return admin.reconcile(new ReconciliationQuery(instant("from", from), (after != null) ? after : 0,
                instant("to", to), limit), this.brokerRecords);
    }

    ResentMessages resend(OutboxAdmin admin, @Nullable String from, @Nullable String to) {
        Reconciliation reconciliation = reconcile(admin, from, to, null, null);
        return new ResentMessages(reconciliation, admin.resend(reconciliation.problemIds()));
    }

    private static Duration duration(String parameter, String text) {
        try {
            return Duration.parse(text.trim());
        }
        catch (DateTimeParseException ex) {
            throw new IllegalArgumentException(parameter + " is an ISO-8601 duration such as PT5M or PT1H, was '"
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
