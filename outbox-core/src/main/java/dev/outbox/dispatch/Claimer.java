package dev.outbox.dispatch;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.outbox.MessageState;
import dev.outbox.jdbc.ClaimedMessage;
import dev.outbox.jdbc.OutboxRepository;

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

    Claimer(OutboxRepository repository, ClaimStrategy strategy, Duration lease, Clock clock) {
        this.repository = repository;
        this.strategy = strategy;
        this.lease = lease;
        this.clock = clock;
    }

    List<ClaimedMessage> claim(MessageState state, int limit) {
        Instant now = this.clock.instant();
        Instant leaseUntil = now.plus(this.lease);
        return switch (this.strategy) {
            case SKIP_LOCKED -> this.repository.claimSkipLocked(state, limit, now, leaseUntil);
            case OPTIMISTIC -> this.repository.claimOptimistic(state, limit, limit * OPTIMISTIC_CANDIDATES_PER_ROW,
                    now, leaseUntil);
        };
    }
}
