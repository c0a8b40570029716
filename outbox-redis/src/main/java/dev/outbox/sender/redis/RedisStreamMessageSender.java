/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.redis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.connection.RedisStreamCommands.XAddOptions;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.data.redis.core.ReactiveRedisOperations;

/**
 * Adds outbox messages to Redis Streams ({@code XADD}) through Spring Data Redis's reactive API: a message counts
 * as sent once the server answered with the entry's id, which the row records ({@code 1733300000000-0}).
 *
 * <p>The message's topic names the stream; each topic is a stream of its own, created by its first entry. The
 * entry's fields are the headers of {@link OutboxHeaders#of} ({@code outbox-id}, {@code outbox-type},
 * {@code outbox-key}, the ordering key and the message's own headers) and the body under {@value #BODY_FIELD},
 * a name a message header cannot take. With a maximum length, each {@code XADD} trims its stream to about that
 * many entries ({@code MAXLEN ~}), the oldest first, whether consumers read them or not.
 *
 * <p>One stream keeps the order in which its entries were added, so the outbox's order per ordering key holds.
 * Sends of a key are not pipelined ({@link #keepsOrderOfPipelinedSends} is false): a failed {@code XADD} does not
 * fail the ones sent after it on the same connection.
 *
 * <p>A lost or refused connection, or a command that timed out, counts as the server being unreachable
 * ({@link #classify}): the dispatcher pauses the route and the messages wait without spending attempts. A key that
 * holds another type than a stream ({@code WRONGTYPE}) rejects every message of its topic for good. An error the
 * server answered fails the send as Lettuce's {@link RedisCommandExecutionException} with the server's words, not
 * wrapped in Spring Data Redis's "Error in execution", so that they begin the message's fail reason.
 */
public final class RedisStreamMessageSender implements MessageSender {

    /** The entry field that holds the message's body. */
    public static final String BODY_FIELD = "outbox-body";

    private final ReactiveRedisOperations<String, String> redis;

    private final XAddOptions options;

    /**
     * @param redis the operations to add the entries with, on String keys and values (Spring Boot's
     * {@code ReactiveStringRedisTemplate})
     * @param maxLength the most entries a stream keeps, about; 0 to keep them all
     * @throws IllegalArgumentException when the maximum length is negative
     */
    public RedisStreamMessageSender(ReactiveRedisOperations<String, String> redis, long maxLength) {
        if (maxLength < 0) {
            throw new IllegalArgumentException("The maximum length of a stream (outbox.redis.max-length) must be 0, "
                    + "for no limit, or more, was " + maxLength);
        }
        this.redis = redis;
        this.options = addOptions(maxLength);
    }

    // Spring Data Redis 4.1 (Spring Boot 4.1) deprecates approximateTrimming for XAddOptions.trim(TrimOptions),
    // which 4.0 lacks; the jar is built against 4.0 and runs on both.
    @SuppressWarnings("deprecation")
    private static XAddOptions addOptions(long maxLength) {
        return (maxLength > 0) ? XAddOptions.maxlen(maxLength).approximateTrimming(true) : XAddOptions.none();
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        Map<String, String> fields = new LinkedHashMap<>(OutboxHeaders.of(message));
        fields.put(BODY_FIELD, message.body());
        try {
            return this.redis.opsForStream().add(StreamRecords.string(fields).withStreamKey(message.topic()),
                    this.options).map(RecordId::getValue)
                    .onErrorMap(RedisStreamMessageSender::isServerError, Throwable::getCause).toFuture();
        }
        catch (RuntimeException ex) {
            return CompletableFuture.failedFuture(ex);
        }
    }

    /**
     * The server was {@link SendFailure#UNREACHABLE} when no connection could be opened or it broke
     * ({@link RedisConnectionFailureException}, Lettuce's {@link RedisConnectionException}) or a command timed out
     * ({@link QueryTimeoutException}, {@link RedisCommandTimeoutException}); so is every failure that
     * {@link SendFailure#of} counts. The server {@link SendFailure#REJECTED} the message for good when its topic's
     * key holds another type ({@code WRONGTYPE}). Anything else is the message's own, and retried: a server out of
     * memory ({@code OOM}), for one.
     */
    @Override
    public SendFailure classify(Throwable error) {
        if (SendFailure.anyCause(error, RedisStreamMessageSender::isWrongType)) {
            return SendFailure.REJECTED;
        }
        return SendFailure.unreachableIf(error, RedisStreamMessageSender::isConnectionFailure);
    }

    /**
     * An error the server answered, which Spring Data Redis wraps as "Error in execution": the server's own words
     * ({@code WRONGTYPE ...}, {@code OOM ...}) are what the fail reason and a dead letter's reason should begin with.
     */
    private static boolean isServerError(Throwable error) {
        return error instanceof RedisSystemException && error.getCause() instanceof RedisCommandExecutionException;
    }

    private static boolean isWrongType(Throwable error) {
        return error instanceof RedisCommandExecutionException && error.getMessage() != null
                && error.getMessage().startsWith("WRONGTYPE");
    }

    private static boolean isConnectionFailure(Throwable error) {
        return error instanceof RedisConnectionFailureException || error instanceof RedisConnectionException
                || error instanceof QueryTimeoutException || error instanceof RedisCommandTimeoutException;
    }
}
