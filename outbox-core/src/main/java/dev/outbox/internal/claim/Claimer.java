/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.claim;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.outbox.internal.jdbc.Claim;
import dev.outbox.internal.jdbc.ClaimScope;
import dev.outbox.internal.jdbc.ClaimedMessage;
import dev.outbox.internal.jdbc.DuePosition;
import dev.outbox.internal.jdbc.OutboxRepository;
import dev.outbox.message.MessageState;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.store.ClaimStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leases due rows to this instance with the configured strategy.
 *
 * <p>A skip-locked claim that took a full batch lets the next one continue the scan of the due
 * index after its last row, instead of stepping again over the entries that the rows just claimed
 * left behind; the scan starts from the earliest due row again once a claim comes back short, and
 * at least every rescan interval, so that a row which became due behind the position (a long
 * transaction's commit, an expired lease) waits no longer than that. After a claim found nothing,
 * the next skip-locked claim first looks with a plain read whether anything is due, so that an idle
 * instance costs the database one query per poll rather than a claim transaction (the optimistic
 * claim starts with a plain read anyway).
 *
 * <p>The claim query yields at most one row per ordering key, its head. Where runs are wanted (the
 * dispatcher's claims), what the heads left of the batch is filled with the rows that follow each
 * claimed head in its key, so that a key drains at the pace of the broker rather than one message
 * per claim.
 */
public final class Claimer {

    private static final Logger logger = LoggerFactory.getLogger(Claimer.class);

    /** How many candidates per wanted row the optimistic claim reads, so that instances spread out. */
    private static final int OPTIMISTIC_CANDIDATES_PER_ROW = 4;

    private final OutboxRepository repository;

    private final ClaimScope scope;

    private final ClaimStrategy strategy;

    private final Duration lease;

    private final Clock clock;

    private final OutboxMetrics metrics;

    private final Duration rescanInterval;

    private final boolean claimRuns;

    /** The states and scopes whose last claim found nothing due. */
    private final Set<ScanKey> idle = ConcurrentHashMap.newKeySet();

    /** Per state and scope, where the next skip-locked scan continues. */
    private final Map<ScanKey, ScanPosition> positions = new ConcurrentHashMap<>();

    /**
     * @param repository the outbox's storage
     * @param configured the strategy the settings chose
     * @return that strategy, or the optimistic one where the database has no {@code FOR UPDATE SKIP LOCKED}
     */
    public static ClaimStrategy effectiveStrategy(OutboxRepository repository, ClaimStrategy configured) {
        if (configured == ClaimStrategy.SKIP_LOCKED && !repository.supportsSkipLocked()) {
            logger.info("The outbox database has no FOR UPDATE SKIP LOCKED; claiming with the optimistic strategy");
            return ClaimStrategy.OPTIMISTIC;
        }
        return configured;
    }

    /**
     * @param repository the outbox's storage
     * @param scope which rows the claims consider: the dispatcher's (all but pulled topics) or one pulled topic
     * @param strategy how rows are claimed, as {@link #effectiveStrategy} chose it
     * @param lease how long a claimed row stays with this instance
     * @param rescanInterval how often a continued skip-locked scan starts again from the earliest due row
     * @param clock the source of the claim's time
     * @param metrics what to tell about claims won and lost
     * @param claimRuns whether to claim the run that follows each head of an ordering key, or only heads
     */
    public Claimer(OutboxRepository repository, ClaimScope scope, ClaimStrategy strategy, Duration lease,
            Duration rescanInterval, boolean claimRuns, Clock clock, OutboxMetrics metrics) {
        this.claimRuns = claimRuns;
        this.repository = repository;
        this.scope = scope;
        this.strategy = strategy;
        this.lease = lease;
        this.rescanInterval = rescanInterval;
        this.clock = clock;
        this.metrics = metrics;
    }

    /**
     * @param state the state of the rows to claim: PENDING, or FAILED for the slow retry
     * @param limit the most rows to claim
     * @return the rows now leased to this instance, in id order
     */
    public List<ClaimedMessage> claim(MessageState state, int limit) {
        return claim(this.scope, state, limit);
    }

    /**
     * @param scope the rows to claim from, narrower than the claimer's own scope (as while a route is paused)
     * @param state the state of the rows to claim: PENDING, or FAILED for the slow retry
     * @param limit the most rows to claim
     * @return the rows now leased to this instance, in id order
     */
    public List<ClaimedMessage> claim(ClaimScope scope, MessageState state, int limit) {
        return take(scope, state, limit, false);
    }

    /**
     * Locks due PENDING rows, with their runs, in the caller's transaction, without leasing them: the locked round,
     * which writes their outcomes in the same transaction. Only for the skip-locked strategy.
     *
     * @param scope the rows to lock from
     * @param limit the most rows to lock
     * @return the rows now locked by the caller's transaction (the heads) or held back by them (their runs), in id
     * order, at the versions read
     */
    public List<ClaimedMessage> lock(ClaimScope scope, int limit) {
        if (this.strategy != ClaimStrategy.SKIP_LOCKED) {
            throw new IllegalStateException("only the skip-locked strategy locks rows, not " + this.strategy);
        }
        return take(scope, MessageState.PENDING, limit, true);
    }

    private List<ClaimedMessage> take(ClaimScope scope, MessageState state, int limit, boolean lockOnly) {
        Instant now = this.clock.instant();
        ScanKey key = new ScanKey(state, scope);
        if (this.strategy == ClaimStrategy.SKIP_LOCKED && this.idle.contains(key)
                && !this.repository.anyDue(scope, state, now)) {
            return List.of();
        }
        Instant leaseUntil = now.plus(this.lease);
        ScanPosition position = this.positions.get(key);
        boolean continuing = position != null && now.isBefore(position.scanStartedAt().plus(this.rescanInterval));
        DuePosition after = continuing ? position.last() : null;
        Claim claim = lockOnly ? this.repository.lockSkipLocked(scope, state, limit, now, after)
                : switch (this.strategy) {
                    case SKIP_LOCKED -> this.repository.claimSkipLocked(scope, state, limit, now, leaseUntil, after);
                    case OPTIMISTIC -> this.repository.claimOptimistic(scope, state, limit,
                            limit * OPTIMISTIC_CANDIDATES_PER_ROW, now, leaseUntil);
                };
        List<ClaimedMessage> claimed = claim.claimed();
        if (this.claimRuns && !claimed.isEmpty() && claimed.size() < limit) {
            claimed = withRuns(claimed, lockOnly ? this.repository.readRuns(claimed, limit - claimed.size(), now)
                    : this.repository.claimRuns(claimed, limit - claimed.size(), now, leaseUntil));
        }
        // A full claim, of heads and their runs, lets the next scan continue after its last head.
        if (claimed.size() < limit || claim.last() == null) {
            this.positions.remove(key);
        }
        else {
            this.positions.put(key, new ScanPosition(claim.last(), continuing ? position.scanStartedAt() : now));
        }
        this.metrics.claimed(claimed.size(), claim.lost());
        if (claimed.isEmpty()) {
            this.idle.add(key);
        }
        else {
            this.idle.remove(key);
        }
        return claimed;
    }

    private static List<ClaimedMessage> withRuns(List<ClaimedMessage> heads, List<ClaimedMessage> runs) {
        if (runs.isEmpty()) {
            return heads;
        }
        List<ClaimedMessage> all = new ArrayList<>(heads.size() + runs.size());
        all.addAll(heads);
        all.addAll(runs);
        all.sort(Comparator.comparingLong(ClaimedMessage::id));
        return all;
    }

    /** What a scan of the due index reads: the rows of a state in a scope. */
    private record ScanKey(MessageState state, ClaimScope scope) {
    }

    /**
     * Where a scan of the due index stands.
     *
     * @param last the last row it claimed
     * @param scanStartedAt when it started from the earliest due row
     */
    private record ScanPosition(DuePosition last, Instant scanStartedAt) {
    }
}
