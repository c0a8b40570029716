package dev.outbox.jdbc;

import java.util.List;

/**
 * What an optimistic claim took, and how many rows it tried for in vain because another instance
 * took them first: the measure of contention between instances.
 *
 * @param claimed the rows this instance won
 * @param lost the rows whose guarded update found another claim's lock version
 */
public record OptimisticClaim(List<ClaimedMessage> claimed, int lost) {

    /** A claim that found nothing due. */
    static final OptimisticClaim NOTHING_DUE = new OptimisticClaim(List.of(), 0);
}
