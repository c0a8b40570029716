/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.redis;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.stream.LongStream;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import io.lettuce.core.RedisCommandExecutionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.connection.stream.MapRecord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The Redis Streams sender against a real Redis server: what an entry holds, the order of a stream, the maximum
 * length, and how failures are classified.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisStreamMessageSenderTests {

    private RedisStreams redis;

    @BeforeAll
    void connect() {
        this.redis = RedisStreams.onTheTestServer();
    }

    @AfterAll
    void disconnect() {
        if (this.redis != null) {
            this.redis.close();
        }
    }

    private static String newStream() {
        return "outbox-test-" + UUID.randomUUID();
    }

    private static OutgoingMessage message(long id, String topic, String orderingKey) {
        return new OutgoingMessage(id, "order-" + id, "order.created", topic, orderingKey,
                Map.of("traceparent", "00-abc-01"), "{\"orderId\":" + id + "}", 1);
    }

    @Test
    void anEntryHoldsTheBodyAndTheHeadersAndItsIdIsTheRecordedOne() {
        String stream = newStream();
        RedisStreamMessageSender sender = new RedisStreamMessageSender(this.redis.template(), 0);

        String id = sender.send(message(7, stream, "customer-1")).toCompletableFuture().join();

        List<MapRecord<String, Object, Object>> entries = this.redis.entries(stream);
        assertThat(entries).hasSize(1);
        assertThat(entries.get(0).getId().getValue()).isEqualTo(id);
        assertThat(RedisStreams.fields(entries.get(0))).containsEntry(OutboxHeaders.ID, "7")
                .containsEntry(OutboxHeaders.TYPE, "order.created").containsEntry(OutboxHeaders.KEY, "order-7")
                .containsEntry(OutboxHeaders.ORDERING_KEY, "customer-1").containsEntry("traceparent", "00-abc-01")
                .containsEntry(RedisStreamMessageSender.BODY_FIELD, "{\"orderId\":7}");
        this.redis.delete(stream);
    }

    @Test
    void aStreamKeepsTheOrderItsEntriesWereSentIn() {
        String stream = newStream();
        RedisStreamMessageSender sender = new RedisStreamMessageSender(this.redis.template(), 0);
        List<String> ids = new ArrayList<>();
        for (long id = 1; id <= 20; id++) {
            ids.add(sender.send(message(id, stream, "customer-1")).toCompletableFuture().join());
        }

        assertThat(this.redis.entries(stream)).extracting(entry -> entry.getId().getValue())
                .containsExactlyElementsOf(ids);
        assertThat(this.redis.entries(stream)).extracting(entry -> RedisStreams.fields(entry).get(OutboxHeaders.ID))
                .containsExactlyElementsOf(LongStream.rangeClosed(1, 20).mapToObj(Long::toString).toList());
        assertThat(sender.keepsOrderOfPipelinedSends()).as("a failed XADD does not fail the later ones").isFalse();
        this.redis.delete(stream);
    }

    @Test
    void aMaximumLengthTrimsTheStreamAsItGrows() {
        String stream = newStream();
        RedisStreamMessageSender sender = new RedisStreamMessageSender(this.redis.template(), 10);
        for (long id = 1; id <= 500; id++) {
            sender.send(message(id, stream, null)).toCompletableFuture().join();
        }

        // MAXLEN ~ trims whole nodes of the stream: about the maximum, never fewer.
        assertThat(this.redis.length(stream)).isBetween(10L, 499L);
        this.redis.delete(stream);
    }

    @Test
    void aNegativeMaximumLengthIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new RedisStreamMessageSender(this.redis.template(), -1))
                .withMessageContaining("outbox.redis.max-length").withMessageContaining("-1");
    }

    @Test
    void aTopicWhoseKeyHoldsAnotherTypeRejectsTheMessageForGood() {
        String topic = newStream();
        this.redis.set(topic, "not a stream");
        RedisStreamMessageSender sender = new RedisStreamMessageSender(this.redis.template(), 0);

        Throwable failure = catchThrowable(() -> sender.send(message(1, topic, null)).toCompletableFuture().join());

        // The server's words first, not Spring Data Redis's "Error in execution" around them.
        assertThat(failure).isInstanceOf(CompletionException.class).cause()
                .isInstanceOf(RedisCommandExecutionException.class).hasMessageStartingWith("WRONGTYPE");
        assertThat(sender.classify(failure)).isEqualTo(SendFailure.REJECTED);
        this.redis.delete(topic);
    }

    @Test
    void aServerThatRefusesConnectionsIsUnreachable() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        try (RedisStreams nowhere = RedisStreams.on("127.0.0.1", closedPort, Duration.ofSeconds(2))) {
            RedisStreamMessageSender sender = new RedisStreamMessageSender(nowhere.template(), 0);

            Throwable failure = catchThrowable(() -> sender.send(message(1, newStream(), null))
                    .toCompletableFuture().join());

            assertThat(failure).isNotNull();
            assertThat(sender.classify(failure)).isEqualTo(SendFailure.UNREACHABLE);
        }
    }

    @Test
    void aServerOutOfMemoryIsTheMessagesOwnFailureAndRetried() {
        RedisStreamMessageSender sender = new RedisStreamMessageSender(this.redis.template(), 0);
        // As Spring Data Redis reports the server's answer; making the shared server run out of memory would
        // break the other tests that use it.
        Throwable outOfMemory = new CompletionException(new RedisSystemException("Error in execution",
                new RedisCommandExecutionException("OOM command not allowed when used memory > 'maxmemory'.")));

        assertThat(sender.classify(outOfMemory)).isEqualTo(SendFailure.MESSAGE);
        assertThat(sender.classify(new CompletionException(new RedisSystemException("Error in execution",
                new RedisCommandExecutionException("WRONGTYPE Operation against a key holding the wrong kind of value")))))
                .as("the same chain with WRONGTYPE").isEqualTo(SendFailure.REJECTED);
    }
}
