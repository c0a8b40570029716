/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.nats;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import io.nats.client.JetStream;
import io.nats.client.PublishOptions;
import io.nats.client.impl.Headers;

/**
 * Publishes outbox messages to NATS JetStream with the official client: a message counts as sent once the stream
 * that captures its subject acknowledged it, and the row records {@code <stream>@<sequence>}.
 *
 * <p>The message's topic is the subject; a stream must capture it (the sender creates none). The NATS headers are
 * those of {@link OutboxHeaders#of}, the body is the payload's UTF-8 bytes, and the message id
 * ({@code Nats-Msg-Id}) is {@code outbox-<outbox id>}: within the stream's duplicate window the server stores a
 * message sent again (after a lost acknowledgement, or by a second instance after a lease ran out) once.
 *
 * <p>A stream keeps the order it stores its messages in, so the outbox's order per ordering key holds. Sends of a
 * key are not pipelined ({@link #keepsOrderOfPipelinedSends} is false): a failed publish does not fail the ones
 * sent after it.
 *
 * <p>A closed connection, or an acknowledgement that did not come in time, counts as the server being unreachable
 * ({@link #classify}): the route pauses and the messages wait without spending attempts. A message larger than the
 * server's {@code max_payload}, or with a header value outside printable US-ASCII (NATS headers are ASCII: a message
 * key of {@code "café"} cannot be sent), is rejected for good.
 */
public final class NatsJetStreamMessageSender implements MessageSender {

    private static final String MESSAGE_ID_PREFIX = "outbox-";

    /** What the client says when it refuses a message over the server's {@code max_payload}. */
    private static final String TOO_LARGE = "Message payload size exceed server configuration";

    /**
     * What the client says when it refuses a header name or value: NATS headers are printable US-ASCII, so a
     * message key, ordering key or header value with another character cannot be sent.
     */
    private static final List<String> INVALID_HEADER = List.of("Header key has invalid character",
            "Header value has invalid character");

    /**
     * How the client cancels an acknowledgement it waited for: not answered within the JetStream request timeout
     * ("response not registered in time", as when the server is gone), or the connection closing.
     */
    private static final String CANCELLED = "Future cancelled";

    private final JetStream jetStream;

    /**
     * @param jetStream the JetStream context to publish with, from {@code connection.jetStream()}
     */
    public NatsJetStreamMessageSender(JetStream jetStream) {
        this.jetStream = jetStream;
    }

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        PublishOptions options = PublishOptions.builder().messageId(MESSAGE_ID_PREFIX + message.id()).build();
        try {
            Headers headers = new Headers();
            OutboxHeaders.of(message).forEach(headers::add);
            return this.jetStream.publishAsync(message.topic(), headers,
                    message.body().getBytes(StandardCharsets.UTF_8), options)
                    .thenApply(ack -> ack.getStream() + "@" + ack.getSeqno());
        }
        catch (RuntimeException ex) {
            return CompletableFuture.failedFuture(ex);
        }
    }

    /**
     * The server was {@link SendFailure#UNREACHABLE} when the connection is closed or its output queue is full
     * (an {@link IllegalStateException} of the client, while it reconnects), when the client gave up waiting for
     * the acknowledgement (a {@link CancellationException}: not answered within its JetStream request timeout, 2 s
     * by default, as when the server was killed), and for every failure that {@link SendFailure#of} counts, such as
     * an acknowledgement that did not come within the send timeout. The
     * message is {@link SendFailure#REJECTED} for good when it is larger than the server's {@code max_payload}, or
     * when one of its headers (its message key and ordering key among them) has a character NATS headers cannot
     * carry: anything but printable US-ASCII. Anything else is the message's own, and retried: no stream that
     * captures the subject ("no responders"; a stream created later fixes it), or an error the stream answered.
     */
    @Override
    public SendFailure classify(Throwable error) {
        if (SendFailure.anyCause(error, NatsJetStreamMessageSender::isRefusedByTheClient)) {
            return SendFailure.REJECTED;
        }
        return SendFailure.unreachableIf(error, NatsJetStreamMessageSender::isConnectionFailure);
    }

    private static boolean isRefusedByTheClient(Throwable error) {
        return error instanceof IllegalArgumentException && error.getMessage() != null
                && (error.getMessage().startsWith(TOO_LARGE)
                        || INVALID_HEADER.stream().anyMatch(error.getMessage()::startsWith));
    }

    private static boolean isConnectionFailure(Throwable error) {
        return (error instanceof IllegalStateException && error.getMessage() != null
                && (error.getMessage().contains("Connection is Closed")
                        || error.getMessage().contains("Output queue is full")))
                || (error instanceof CancellationException && error.getMessage() != null
                        && error.getMessage().startsWith(CANCELLED));
    }
}
