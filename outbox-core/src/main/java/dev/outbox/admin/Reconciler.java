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
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.outbox.internal.jdbc.AdminRepository;
import dev.outbox.message.MessageSummary;

/**
 * One reconciliation of a window: reads its SENT rows in the order they were sent, a batch at a time, has the broker check each
 * batch, and counts the answers, until the window ends, {@value OutboxAdmin#MAX_RECONCILED} rows were checked or the
 * query's deadline passed. A batch whose check the deadline cut short counts as not checked: the next part starts
 * with it.
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

    Reconciliation reconcile(ReconciliationQuery query) {
        Instant afterTime = query.from();
        long afterId = query.afterId();
        boolean exhausted = false;
        try (DeadlineBoundChecks checks = new DeadlineBoundChecks(this.records, query.deadline())) {
            while (this.checked < OutboxAdmin.MAX_RECONCILED && !checks.passed()) {
                int limit = Math.min(OutboxAdmin.RECONCILE_BATCH_SIZE, OutboxAdmin.MAX_RECONCILED - this.checked);
                List<MessageSummary> batch = this.repository.sentBetween(afterTime, afterId, query.to(), limit);
                Optional<List<RecordCheck>> answers = batch.isEmpty() ? Optional.of(List.of()) : checks.check(batch);
                if (answers.isEmpty()) {
                    break;
                }
                count(batch, answers.get());
                exhausted = batch.size() < limit;
                if (exhausted) {
                    break;
                }
                MessageSummary last = batch.get(batch.size() - 1);
                afterTime = last.nextRetryAt();
                afterId = last.id();
            }
        }
        boolean complete = exhausted || this.repository.sentBetween(afterTime, afterId, query.to(), 1).isEmpty();
        this.problems.sort(Comparator.comparingLong(RecordCheck::id));
        return new Reconciliation(query.from(), query.to(), this.checked, this.found, this.notCheckable,
                this.problems, complete, complete ? null : afterTime, complete ? null : afterId);
    }

    private void count(List<MessageSummary> batch, List<RecordCheck> checks) {
        Map<Long, RecordCheck> answers = checks.stream()
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
