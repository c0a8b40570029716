/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.transaction.support.TransactionTemplate;

/**
 * The optimistic claim's first try: a slice of the candidates, leased whole once its first row is won.
 *
 * <p>Instances that read the same due rows and each lease a random subset of them collide on many
 * rows, and each collision is a row updated for nothing. Here the candidates are cut into slices of
 * a claim's size, and an instance goes for one slice at random: it leases the slice's first row
 * alone, and only if that wins the rest of the slice, in the same transaction. Two instances that
 * pick the same slice meet on its first row, where the later one waits for the earlier one's commit
 * and loses that row alone; it then tries a random slice later in the list (or, past the last one,
 * earlier), a bounded number of times. Each row is still leased only at the version it was read at, so a row of a won slice that
 * another instance took meanwhile is passed over. Each transaction locks its rows in id order, so
 * two that overlap wait for each other instead of deadlocking.
 */
final class SliceLeases {

    /** How many slices one claim tries before it gives up on slices: all of them at the claimer's 4 candidates per row. */
    static final int ATTEMPTS = 4;

    private final GuardedLeases leases;

    private final TransactionTemplate writeTransaction;

    SliceLeases(GuardedLeases leases, TransactionTemplate writeTransaction) {
        this.leases = leases;
        this.writeTransaction = writeTransaction;
    }

    /**
     * @param candidates the candidates in due order, with the versions they were read at
     * @param size the most rows to lease: the size of a slice
     * @param now the current time
     * @param leaseUntil when the leased rows become due again
     * @return the rows of the slice this claim won, or none if it lost every slice it tried
     */
    Leased lease(List<RowVersion> candidates, int size, Instant now, Instant leaseUntil) {
        List<Integer> untried = new ArrayList<>();
        for (int slice = 0; slice * size < candidates.size(); slice++) {
            untried.add(slice);
        }
        int lost = 0;
        int slice = -1;
        for (int attempt = 0; attempt < ATTEMPTS && !untried.isEmpty(); attempt++) {
            slice = next(untried, slice);
            List<RowVersion> rows = new ArrayList<>(
                    candidates.subList(slice * size, Math.min(candidates.size(), (slice + 1) * size)));
            rows.sort(Comparator.comparingLong(RowVersion::id));
            Leased leased = Objects.requireNonNull(this.writeTransaction.execute(tx -> leaseSlice(rows, now, leaseUntil)));
            if (!leased.won().isEmpty()) {
                return new Leased(leased.won(), lost + leased.lost());
            }
            lost += leased.lost();
        }
        return new Leased(List.of(), lost);
    }

    /**
     * A random one of the untried slices after the one just lost, or if there is none, of those before
     * it; the slices are in due order, and another instance that took a slice goes on later in the list.
     */
    private static int next(List<Integer> untried, int lost) {
        List<Integer> later = untried.stream().filter(slice -> slice > lost).toList();
        List<Integer> among = later.isEmpty() ? untried : later;
        Integer picked = among.get(ThreadLocalRandom.current().nextInt(among.size()));
        untried.remove(picked);
        return picked;
    }

    private Leased leaseSlice(List<RowVersion> rows, Instant now, Instant leaseUntil) {
        RowVersion first = rows.get(0);
        if (!this.leases.lease(first, now, leaseUntil)) {
            return new Leased(List.of(), 1);
        }
        List<Long> won = new ArrayList<>(rows.size());
        won.add(first.id());
        won.addAll(this.leases.lease(rows.subList(1, rows.size()), now, leaseUntil));
        return new Leased(won, rows.size() - won.size());
    }

    /**
     * What a lease of candidates took.
     *
     * @param won the ids of the rows now leased to this instance, in id order
     * @param lost how many rows it tried for that another instance had taken
     */
    record Leased(List<Long> won, int lost) {
    }
}
