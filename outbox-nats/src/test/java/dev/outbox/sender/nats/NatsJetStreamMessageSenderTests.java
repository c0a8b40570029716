/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.nats;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.stream.LongStream;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.NatsServer;
import io.nats.client.JetStreamOptions;
import io.nats.client.api.MessageInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The NATS JetStream sender against a real NATS server with JetStream: what a stored message holds, the order of
 * a stream, the server's duplicate window, and how failures are classified.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NatsJetStreamMessageSenderTests {

    private NatsStreams nats;

    private NatsJetStreamMessageSender sender;

    @BeforeAll
    void connect() throws Exception {
        this.nats = NatsStreams.on(NatsServer.require().url());
        this.sender = new NatsJetStreamMessageSender(this.nats.connection().jetStream());
    }

    @AfterAll
    void disconnect() throws InterruptedException {
        if (this.nats != null) {
            this.nats.close();
        }
    }

    private static String newName() {
        return "OUTBOX_TEST_" + UUID.randomUUID().toString().replace("-", "");
    }

    private static OutgoingMessage message(long id, String subject, String orderingKey, String body) {
        return new OutgoingMessage(id, "order-" + id, "order.created", subject, orderingKey,
                Map.of("traceparent", "00-abc-01"), body, 1);
    }

    @Test
    void aStoredMessageHoldsTheBodyAndTheHeadersAndItsStreamSequenceIsTheRecordedId() throws Exception {
        String stream = newName();
        String subject = this.nats.newStream(stream);

        String id = this.sender.send(message(7, subject, "customer-1", "{\"orderId\":7}")).toCompletableFuture()
                .join();

        List<MessageInfo> stored = this.nats.messages(stream);
        assertThat(stored).hasSize(1);
        assertThat(id).isEqualTo(stream + "@" + stored.get(0).getSeq());
        assertThat(NatsStreams.body(stored.get(0))).isEqualTo("{\"orderId\":7}");
        assertThat(stored.get(0).getHeaders().getFirst(OutboxHeaders.ID)).isEqualTo("7");
        assertThat(stored.get(0).getHeaders().getFirst(OutboxHeaders.TYPE)).isEqualTo("order.created");
        assertThat(stored.get(0).getHeaders().getFirst(OutboxHeaders.KEY)).isEqualTo("order-7");
        assertThat(stored.get(0).getHeaders().getFirst(OutboxHeaders.ORDERING_KEY)).isEqualTo("customer-1");
        assertThat(stored.get(0).getHeaders().getFirst("traceparent")).isEqualTo("00-abc-01");
        assertThat(stored.get(0).getHeaders().getFirst("Nats-Msg-Id")).isEqualTo("outbox-7");
        this.nats.deleteStream(stream);
    }

    @Test
    void aStreamKeepsTheOrderItsMessagesWereSentIn() throws Exception {
        String stream = newName();
        String subject = this.nats.newStream(stream);
        List<String> ids = new ArrayList<>();
        for (long id = 1; id <= 20; id++) {
            ids.add(this.sender.send(message(id, subject, "customer-1", "{}")).toCompletableFuture().join());
        }

        assertThat(ids).containsExactlyElementsOf(LongStream.rangeClosed(1, 20).mapToObj(seq -> stream + "@" + seq)
                .toList());
        assertThat(this.nats.messages(stream)).extracting(stored -> stored.getHeaders().getFirst(OutboxHeaders.ID))
                .containsExactlyElementsOf(LongStream.rangeClosed(1, 20).mapToObj(Long::toString).toList());
        assertThat(this.sender.keepsOrderOfPipelinedSends()).as("a failed publish does not fail the later ones")
                .isFalse();
        this.nats.deleteStream(stream);
    }

    @Test
    void aMessageSentAgainWithinTheDuplicateWindowIsStoredOnce() throws Exception {
        String stream = newName();
        String subject = this.nats.newStream(stream);

        String first = this.sender.send(message(3, subject, null, "{}")).toCompletableFuture().join();
        String again = this.sender.send(message(3, subject, null, "{}")).toCompletableFuture().join();

        assertThat(again).isEqualTo(first);
        assertThat(this.nats.messages(stream)).hasSize(1);
        this.nats.deleteStream(stream);
    }

    @Test
    void aSubjectNoStreamCapturesIsTheMessagesOwnFailureAndRetried() {
        Throwable failure = catchThrowable(() -> this.sender.send(message(1, "outbox.nowhere." + UUID.randomUUID(),
                null, "{}")).toCompletableFuture().join());

        assertThat(failure).isInstanceOf(CompletionException.class);
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.MESSAGE);
    }

    @Test
    void aMessageLargerThanTheServerTakesIsRejectedForGood() throws Exception {
        String stream = newName();
        String subject = this.nats.newStream(stream);
        String body = "x".repeat((int) this.nats.connection().getMaxPayload() + 1);

        Throwable failure = catchThrowable(() -> this.sender.send(message(1, subject, null, body))
                .toCompletableFuture().join());

        assertThat(failure).isNotNull();
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.REJECTED);
        this.nats.deleteStream(stream);
    }

    @Test
    void aKeyOutsidePrintableAsciiIsRejectedForGoodSinceNatsHeadersCannotCarryIt() throws Exception {
        String stream = newName();
        String subject = this.nats.newStream(stream);

        Throwable failure = catchThrowable(() -> this.sender.send(message(1, subject, "customer-\ud83d\udce6", "{}"))
                .toCompletableFuture().join());

        assertThat(failure).isInstanceOf(CompletionException.class).rootCause()
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Header value has invalid character");
        assertThat(this.sender.classify(failure)).isEqualTo(SendFailure.REJECTED);
        assertThat(this.nats.messages(stream)).isEmpty();
        this.nats.deleteStream(stream);
    }

    @Test
    void anAcknowledgementTheClientGaveUpWaitingForIsUnreachable() throws Exception {
        NatsServer server = NatsServer.require();
        try (CuttableLink link = CuttableLink.to(server.host(), server.port());
                NatsStreams throughTheLink = NatsStreams.withRequestCleanupEvery("nats://127.0.0.1:" + link.port(),
                        Duration.ofMillis(100))) {
            NatsJetStreamMessageSender onSilence = new NatsJetStreamMessageSender(throughTheLink.connection()
                    .jetStream(JetStreamOptions.builder().requestTimeout(Duration.ofMillis(300)).build()));
            link.silence();

            // As when the server is killed: the client cancels the acknowledgement it waited for.
            Throwable failure = catchThrowable(() -> onSilence.send(message(1, "outbox.silent", null, "{}"))
                    .toCompletableFuture().join());

            assertThat(failure).hasRootCauseInstanceOf(CancellationException.class)
                    .rootCause().hasMessageStartingWith("Future cancelled, response not registered in time");
            assertThat(onSilence.classify(failure)).isEqualTo(SendFailure.UNREACHABLE);
        }
    }

    @Test
    void aClosedConnectionIsUnreachable() throws Exception {
        NatsStreams closed = NatsStreams.on(NatsServer.require().url());
        NatsJetStreamMessageSender onClosed = new NatsJetStreamMessageSender(closed.connection().jetStream());
        closed.close();

        Throwable failure = catchThrowable(() -> onClosed.send(message(1, "outbox.closed", null, "{}"))
                .toCompletableFuture().join());

        assertThat(failure).isNotNull();
        assertThat(onClosed.classify(failure)).isEqualTo(SendFailure.UNREACHABLE);
    }
}
