/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.contract;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import dev.outbox.OutboxTemplate;
import dev.outbox.idempotency.IdempotencyClaim;
import dev.outbox.idempotency.IdempotencyClaim.Outcome;
import dev.outbox.idempotency.IdempotencyKeys;
import dev.outbox.idempotency.RequestFingerprint;
import dev.outbox.idempotency.StoredResponse;
import dev.outbox.testing.MutableClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.transaction.IllegalTransactionStateException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Idempotency keys on a real database: a request's work runs once per key, in the caller's transaction, whatever
 * the retries and their concurrency; a retry gets the first response byte for byte.
 */
abstract class IdempotencyContract extends DatabaseContract {

    private static final String TABLE = OutboxFixture.TABLE + "_idempotency";

    private static final String SCOPE = "POST /orders";

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00.123Z");

    private static final RequestFingerprint ORDER = RequestFingerprint.of("POST", "/orders",
            "{\"item\":\"book\"}".getBytes(StandardCharsets.UTF_8));

    private final MutableClock clock = new MutableClock(NOW);

    private final AtomicInteger runs = new AtomicInteger();

    private IdempotencyKeys keys;

    private OutboxTemplate outbox;

    @BeforeEach
    void cleanKeys() {
        this.fixture.jdbc.update("DELETE FROM " + TABLE);
        this.clock.set(NOW);
        this.runs.set(0);
        this.keys = IdempotencyKeys.builder(this.fixture.store).clock(this.clock).cleanupBatchSize(2).build();
        this.outbox = this.fixture.template().build();
    }

    @Test
    void firstRequestRunsAndARetryGetsItsResponseByteForByte() {
        StoredResponse first = request("key-1", ORDER);
        StoredResponse retry = request("key-1", ORDER);

        assertThat(retry).isEqualTo(first);
        assertThat(retry.headers()).containsEntry("Location", "/orders/order-1");
        assertThat(this.runs).hasValue(1);
        assertThat(this.fixture.countBusinessRows()).isOne();
        assertThat(this.fixture.countAll()).isOne();
        assertThat(this.fixture.jdbc.queryForMap("SELECT scope, idempotency_key, fingerprint, state FROM " + TABLE))
                .containsEntry("scope", SCOPE).containsEntry("idempotency_key", "key-1")
                .containsEntry("state", "COMPLETED");
    }

    @Test
    void eachScopeHasKeysOfItsOwn() {
        request("key-1", ORDER);
        IdempotencyClaim other = this.fixture.inTransaction(() -> this.keys.claim("POST /orders/1/tracking", "key-1",
                ORDER));

        assertThat(other.outcome()).isEqualTo(Outcome.FIRST);
    }

    @Test
    void theSameKeyOnADifferentRequestIsAMismatchAndWritesNothing() {
        request("key-1", ORDER);
        RequestFingerprint otherBody = RequestFingerprint.of("POST", "/orders",
                "{\"item\":\"pen\"}".getBytes(StandardCharsets.UTF_8));

        IdempotencyClaim claim = this.fixture.inTransaction(() -> this.keys.claim(SCOPE, "key-1", otherBody));

        assertThat(claim.outcome()).isEqualTo(Outcome.MISMATCH);
        assertThat(this.runs).hasValue(1);
        assertThat(this.fixture.countBusinessRows()).isOne();
        assertThat(countKeys()).isOne();
    }

    @Test
    void aFirstRequestThatRolledBackStoresNothingAndTheRetryRuns() {
        assertThatThrownBy(() -> this.fixture.inTransaction(() -> {
            this.keys.claim(SCOPE, "key-1", ORDER);
            placeOrder();
            throw new IllegalStateException("the payment service said no");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(countKeys()).isZero();

        request("key-1", ORDER);

        assertThat(this.runs).hasValue(2);
        assertThat(this.fixture.countBusinessRows()).isOne();
        assertThat(this.fixture.countAll()).isOne();
    }

    @Test
    void aKeyCommittedWithoutItsResponseIsInProgress() {
        this.fixture.inTransaction(() -> this.keys.claim(SCOPE, "key-1", ORDER));

        IdempotencyClaim retry = this.fixture.inTransaction(() -> this.keys.claim(SCOPE, "key-1", ORDER));

        assertThat(retry.outcome()).isEqualTo(Outcome.IN_PROGRESS);
        assertThatThrownBy(retry::response).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void concurrentDuplicatesRunTheWorkOnceAndEveryCallerGetsTheSameOrderOrInProgress() throws Exception {
        int callers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    try {
                        return new String(request("key-1", ORDER).body(), StandardCharsets.UTF_8);
                    }
                    catch (PessimisticLockingFailureException ex) {
                        return "409";
                    }
                }));
            }
            start.countDown();
            List<String> bodies = new ArrayList<>();
            for (Future<String> answer : answers) {
                bodies.add(answer.get(60, TimeUnit.SECONDS));
            }

            assertThat(this.runs).hasValue(1);
            assertThat(this.fixture.countBusinessRows()).isOne();
            assertThat(this.fixture.countAll()).isOne();
            assertThat(bodies).containsAnyOf("{\"id\":\"order-1\"}").allMatch(
                    body -> body.equals("{\"id\":\"order-1\"}") || body.equals("409"));
        }
        finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theCleanupDeletesTheKeysClaimedBeforeTheCutoffInBatches() {
        for (int i = 0; i < 5; i++) {
            request("old-" + i, ORDER);
        }
        this.clock.set(NOW.plus(Duration.ofHours(25)));
        request("new", ORDER);

        long deleted = this.keys.deleteCreatedBefore(this.clock.instant().minus(IdempotencyKeys.RETENTION.defaultValue()));

        assertThat(deleted).isEqualTo(5);
        assertThat(this.fixture.jdbc.queryForList("SELECT idempotency_key FROM " + TABLE, String.class))
                .containsExactly("new");
        assertThat(this.fixture.inTransaction(() -> this.keys.claim(SCOPE, "old-0", ORDER)).outcome())
                .isEqualTo(Outcome.FIRST);
    }

    @ParameterizedTest
    @MethodSource("badKeys")
    void aBadKeyIsRefusedNamingTheKeyBeforeAnythingIsWritten(String key, String problem) {
        assertThatThrownBy(() -> this.fixture.inTransaction(() -> this.keys.claim(SCOPE, key, ORDER)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'idempotencyKey' " + problem);
        assertThat(countKeys()).isZero();
    }

    static Stream<Object[]> badKeys() {
        return Stream.of(new Object[] { "", "is required" }, new Object[] { "  ", "is required" },
                new Object[] { "k".repeat(256), "is 256 characters long" },
                new Object[] { "key\n1", "contains a control character" },
                new Object[] { "key\u00001", "contains a control character" });
    }

    @Test
    void aClaimOutsideATransactionIsRefused() {
        assertThatThrownBy(() -> this.keys.claim(SCOPE, "key-1", ORDER))
                .isInstanceOf(IllegalTransactionStateException.class).hasMessageContaining("idempotencyKeys.claim");
        assertThat(countKeys()).isZero();
    }

    /** A request of "POST /orders": places order-1 and saves its message, or replays. */
    private StoredResponse request(String key, RequestFingerprint fingerprint) {
        return this.fixture.inTransaction(() -> {
            IdempotencyClaim claim = this.keys.claim(SCOPE, key, fingerprint);
            if (claim.outcome() == Outcome.REPLAY) {
                return claim.response();
            }
            assertThat(claim.outcome()).isEqualTo(Outcome.FIRST);
            String id = placeOrder();
            StoredResponse response = new StoredResponse(201, Map.of("Location", "/orders/" + id,
                    "Content-Type", "application/json"), ("{\"id\":\"" + id + "\"}").getBytes(StandardCharsets.UTF_8));
            this.keys.complete(claim, response);
            return response;
        });
    }

    private String placeOrder() {
        String id = "order-" + this.runs.incrementAndGet();
        this.fixture.insertBusinessRow(id);
        this.outbox.message("order.created").key(id).topic("orders").payload("{\"id\":\"" + id + "\"}").save();
        return id;
    }

    private int countKeys() {
        return this.fixture.jdbc.queryForObject("SELECT COUNT(*) FROM " + TABLE, Integer.class);
    }
}
