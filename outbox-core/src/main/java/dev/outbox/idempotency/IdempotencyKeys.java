/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.idempotency;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

import dev.outbox.internal.jdbc.CallerTransaction;
import dev.outbox.internal.jdbc.IdempotencyRepository;
import dev.outbox.internal.jdbc.JdbcStore;
import dev.outbox.settings.Check;
import dev.outbox.settings.Setting;
import dev.outbox.store.OutboxStore;
import org.springframework.transaction.IllegalTransactionStateException;

/**
 * Runs a request's work once per idempotency key: the key is claimed in the caller's transaction, with the unique
 * index of the store's idempotency table ({@link OutboxStore#idempotencyTable()}), before the work runs, and
 * completed with the work's response in the same transaction, so that the key, the business write, its messages
 * and the response commit or roll back together.
 *
 * <pre>{@code
 * transaction.execute(status -> {
 *     IdempotencyClaim claim = keys.claim("POST /orders", key, RequestFingerprint.of("POST", "/orders", body));
 *     switch (claim.outcome()) {
 *         case FIRST -> {
 *             StoredResponse response = placeOrder(body);   // saves the order and its message
 *             keys.complete(claim, response);
 *             return response;
 *         }
 *         case REPLAY -> { return claim.response(); }
 *         default -> { ... 409 for IN_PROGRESS, 422 for MISMATCH ... }
 *     }
 * });
 * }</pre>
 *
 * <p>A retry while the first request's transaction is open waits on the key's row lock until that transaction
 * ends (at most the database's lock wait timeout: then the claim throws the driver's lock failure, a
 * {@code PessimisticLockingFailureException}): after a commit it is a {@link IdempotencyClaim.Outcome#REPLAY},
 * after a rollback it claims the key itself and runs. If the work fails, roll the transaction back: the key goes
 * with it, and a retry runs again.
 */
public final class IdempotencyKeys {

    /** The longest key, in characters: Stripe's limit, and the inbox's. */
    public static final int MAX_KEY_LENGTH = 255;

    /** The longest scope, in characters. */
    public static final int MAX_SCOPE_LENGTH = 128;

    /** The default number of rows {@link #deleteCreatedBefore} deletes per transaction. */
    public static final int DEFAULT_CLEANUP_BATCH_SIZE = 500;

    /** The largest number of rows {@link #deleteCreatedBefore} may delete per transaction. */
    public static final int MAX_CLEANUP_BATCH_SIZE = 10_000;

    /** How long a key and its response are kept: 24 hours by default. */
    public static final Setting<Duration> RETENTION = Setting.of("idempotency", "retention", Duration.ofHours(24),
            Check.positive(), "How long an idempotency key and its stored response are kept, counted from the "
                    + "first request, before the cleanup job deletes them. A retry that comes later runs again.");

    /** Every setting of the idempotency keys. */
    public static final List<Setting<?>> SETTINGS = List.of(RETENTION);

    private static final String OPERATION = "idempotencyKeys.claim(...)";

    private final IdempotencyRepository repository;

    private final Clock clock;

    private final int cleanupBatchSize;

    private IdempotencyKeys(Builder builder) {
        if (builder.cleanupBatchSize < 1 || builder.cleanupBatchSize > MAX_CLEANUP_BATCH_SIZE) {
            throw new IllegalArgumentException("idempotency cleanup-batch-size must be between 1 and "
                    + MAX_CLEANUP_BATCH_SIZE + ", was " + builder.cleanupBatchSize);
        }
        this.repository = new IdempotencyRepository(JdbcStore.of(builder.store));
        this.clock = builder.clock;
        this.cleanupBatchSize = builder.cleanupBatchSize;
    }

    /**
     * @param store where the idempotency table is
     * @return a builder
     */
    public static Builder builder(OutboxStore store) {
        return new Builder(store);
    }

    /**
     * Checks an idempotency key as a client sent it, before anything is written.
     *
     * @param key the key
     * @return the key
     * @throws IllegalArgumentException naming {@code idempotencyKey} when it is blank, longer than
     * {@value #MAX_KEY_LENGTH} characters or contains a control character
     */
    public static String checkKey(String key) {
        return checked("idempotencyKey", key, MAX_KEY_LENGTH);
    }

    /**
     * Claims a key for a request in the current transaction, or finds what became of the request that claimed it.
     * Waits while another transaction holds the key uncommitted.
     *
     * @param scope the operation the key belongs to, for example {@code POST /orders}: each scope has keys of its
     * own; at most {@value #MAX_SCOPE_LENGTH} characters
     * @param key the client's idempotency key; see {@link #checkKey}
     * @param fingerprint the request's fingerprint
     * @return {@code FIRST} (run the work), {@code REPLAY} (with the first response), {@code IN_PROGRESS} or
     * {@code MISMATCH}
     * @throws IllegalArgumentException when the scope or the key is not valid; checked before any SQL runs
     * @throws IllegalTransactionStateException when no writable transaction on the store's data source is active
     */
    public IdempotencyClaim claim(String scope, String key, RequestFingerprint fingerprint) {
        String checkedScope = checked("scope", scope, MAX_SCOPE_LENGTH);
        String checkedKey = checkKey(key);
        CallerTransaction.require(this.repository.store(), OPERATION, "the idempotency key");
        OptionalLong claimed = this.repository.claim(checkedScope, checkedKey, fingerprint.value(),
                this.clock.instant());
        if (claimed.isPresent()) {
            return IdempotencyClaim.first(claimed.getAsLong());
        }
        // Gone between the claim and the read only if the cleanup deleted it: the client may retry.
        return this.repository.find(checkedScope, checkedKey).map(row -> {
            if (!row.fingerprint().equals(fingerprint.value())) {
                return IdempotencyClaim.of(IdempotencyClaim.Outcome.MISMATCH);
            }
            if (!row.completed()) {
                return IdempotencyClaim.of(IdempotencyClaim.Outcome.IN_PROGRESS);
            }
            byte[] body = row.body();
            return IdempotencyClaim.replay(new StoredResponse(row.status(), row.headers(),
                    (body != null) ? body : new byte[0]));
        }).orElseGet(() -> IdempotencyClaim.of(IdempotencyClaim.Outcome.IN_PROGRESS));
    }

    /**
     * Completes a key claimed in the current transaction with the work's response, kept for every retry once the
     * transaction commits.
     *
     * @param claim a {@code FIRST} claim of the current transaction
     * @param response the response to keep
     * @throws IllegalStateException when the claim is not a {@code FIRST}
     */
    public void complete(IdempotencyClaim claim, StoredResponse response) {
        this.repository.complete(claim.id(), response.status(), response.headers(), response.body(),
                this.clock.instant());
    }

    /**
     * Deletes the keys claimed before a time, in short transactions of at most the cleanup batch size each. Run it
     * outside any transaction, with a cutoff of now minus the {@link #RETENTION}.
     *
     * @param cutoff keys claimed before it are deleted
     * @return how many were deleted
     */
    public long deleteCreatedBefore(Instant cutoff) {
        return this.repository.deleteCreatedBefore(cutoff, this.cleanupBatchSize);
    }

    private static String checked(String argument, String value, int maxLength) {
        if (value.isBlank()) {
            throw invalid(argument, "is required and must not be blank");
        }
        int length = value.codePointCount(0, value.length());
        if (length > maxLength) {
            throw invalid(argument, "is " + length + " characters long, more than the maximum of " + maxLength);
        }
        if (value.chars().anyMatch(Character::isISOControl)) {
            throw invalid(argument, "contains a control character");
        }
        return value;
    }

    private static IllegalArgumentException invalid(String argument, String problem) {
        return new IllegalArgumentException("Invalid idempotency key: '" + argument + "' " + problem);
    }

    /**
     * Builds {@link IdempotencyKeys}.
     */
    public static final class Builder {

        private final OutboxStore store;

        private Clock clock = Clock.systemUTC();

        private int cleanupBatchSize = DEFAULT_CLEANUP_BATCH_SIZE;

        private Builder(OutboxStore store) {
            this.store = store;
        }

        /**
         * @param clock the source of the claim and completion times
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * @param cleanupBatchSize the most keys {@link IdempotencyKeys#deleteCreatedBefore} deletes per
         * transaction, 1 to {@value IdempotencyKeys#MAX_CLEANUP_BATCH_SIZE}
         * @return this builder
         */
        public Builder cleanupBatchSize(int cleanupBatchSize) {
            this.cleanupBatchSize = cleanupBatchSize;
            return this;
        }

        /**
         * @return the idempotency keys
         * @throws IllegalArgumentException when the cleanup batch size is out of range
         */
        public IdempotencyKeys build() {
            return new IdempotencyKeys(this);
        }
    }
}
