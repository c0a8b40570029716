package dev.outbox.dispatch;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.outbox.MessageState;
import dev.outbox.jdbc.ClaimedMessage;
import dev.outbox.jdbc.OptimisticClaim;
import dev.outbox.jdbc.OutboxRepository;
import dev.outbox.metrics.OutboxMetrics;

/**
 * Leases due rows to this instance with the configured strategy.
 */
final class Claimer {

    /** How many candidates per wanted row the optimistic claim reads, so that instances spread out. */
    private static final int OPTIMISTIC_CANDIDATES_PER_ROW = 4;

    private final OutboxRepository repository;

    private final ClaimStrategy strategy;

    private final Duration lease;

    private final Clock clock;

    private final OutboxMetrics metrics;

    Claimer(OutboxRepository repository, ClaimStrategy strategy, Duration lease, Clock clock, OutboxMetrics metrics) {
        this.repository = repository;
        this.strategy = strategy;
        this.lease = lease;
        this.clock = clock;
        this.metrics = metrics;
    }

    List<ClaimedMessage> claim(MessageState state, int limit) {
        Instant now = this.clock.instant();
        Instant leaseUntil = now.plus(this.lease);
        OptimisticClaim claim = switch (this.strategy) {
            case SKIP_LOCKED -> new OptimisticClaim(this.repository.claimSkipLocked(state, limit, now, leaseUntil), 0);
            case OPTIMISTIC -> this.repository.claimOptimistic(state, limit, limit * OPTIMISTIC_CANDIDATES_PER_ROW,
                    now, leaseUntil);
        };
        this.metrics.claimed(claim.claimed().size(), claim.lost());
        return claim.claimed();
    }
}
