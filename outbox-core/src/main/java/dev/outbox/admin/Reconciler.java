/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.outbox.internal.jdbc.AdminRepository;

/**
 * One reconciliation of a window: reads its SENT rows in the order they were sent, a batch at a time, has the broker check each
 * batch, and counts the answers.
 */
final class Reconciler {

    private final AdminRepository repository;

    private final BrokerRecords records;

    private final List<RecordCheck> problems = new ArrayList<>();

    private int checked;

    private int found;

    private int notCheckable;

    Reconciler(AdminRepository repository, BrokerRecords records) {
        this.repository = repository;
        this.records = records;
    }

    Reconciliation reconcile(Instant from, Instant to) {
        Instant afterTime = from;
        long afterId = 0;
        while (this.checked < OutboxAdmin.MAX_RECONCILED) {
            int limit = Math.min(OutboxAdmin.RECONCILE_BATCH_SIZE, OutboxAdmin.MAX_RECONCILED - this.checked);
            List<MessageSummary> batch = this.repository.sentBetween(afterTime, afterId, to, limit);
            if (batch.isEmpty()) {
                break;
            }
            check(batch);
            MessageSummary last = batch.get(batch.size() - 1);
            afterTime = last.nextRetryAt();
            afterId = last.id();
            if (batch.size() < limit) {
                break;
            }
        }
        boolean complete = this.checked < OutboxAdmin.MAX_RECONCILED
                || this.repository.sentBetween(afterTime, afterId, to, 1).isEmpty();
        this.problems.sort(Comparator.comparingLong(RecordCheck::id));
        return new Reconciliation(from, to, this.checked, this.found, this.notCheckable, this.problems, complete);
    }

    private void check(List<MessageSummary> batch) {
        Map<Long, RecordCheck> answers = this.records.check(batch).stream()
                .collect(Collectors.toMap(RecordCheck::id, Function.identity(), (first, second) -> first));
        for (MessageSummary message : batch) {
            RecordCheck answer = answers.getOrDefault(message.id(), new RecordCheck(message.id(),
                    RecordStatus.NOT_CHECKABLE, "the broker check gave no answer for this message"));
            this.checked++;
            switch (answer.status()) {
                case FOUND -> this.found++;
                case NOT_CHECKABLE -> this.notCheckable++;
                case MISSING, MISMATCHED -> this.problems.add(answer);
            }
        }
    }
}
