/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.net.ConnectException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class RecordingMessageSenderTest {

    private final RecordingMessageSender sender = new RecordingMessageSender();

    @Test
    void recordsEachMessageInOrderAndConfirmsItWithItsOwnId() {
        assertThat(this.sender.send(message(1, "order.created", "o-1")).toCompletableFuture().join())
                .isEqualTo("recorded-1");
        this.sender.as("kafkaSender").send(message(2, "order.paid", "o-1"));

        assertThat(this.sender.sent().list()).extracting(SentMessage::sender, sent -> sent.message().id())
                .containsExactly(tuple(RecordingMessageSender.DEFAULT_NAME, 1L), tuple("kafkaSender", 2L));
        this.sender.failed().isEmpty();
    }

    @Test
    void failsTheSendsItIsToldToFailAndClassifiesThemAsTold() {
        this.sender.failType("order.paid", SendFailure.MESSAGE).failKey("o-2", SendFailure.REJECTED)
                .failWhen(message -> message.topic().equals("down"), SendFailure.UNREACHABLE);
        MessageSender named = this.sender.as("rabbitSender");

        assertThat(failure(named, message(1, "order.paid", "o-1"))).isEqualTo(SendFailure.MESSAGE);
        assertThat(failure(named, message(2, "order.created", "o-2"))).isEqualTo(SendFailure.REJECTED);
        assertThat(failure(named, new OutgoingMessage(3, "o-3", "order.created", "down", null, Map.of(), "{}", 1)))
                .isEqualTo(SendFailure.UNREACHABLE);
        named.send(message(4, "order.created", "o-4")).toCompletableFuture().join();

        this.sender.failed().hasKeys("o-1", "o-2", "o-3");
        this.sender.sent().hasKeys("o-4");
    }

    @Test
    void classifiesOtherErrorsAsEverySenderDoes() {
        assertThat(this.sender.classify(new ConnectException("refused"))).isEqualTo(SendFailure.UNREACHABLE);
        assertThat(this.sender.classify(new IllegalStateException("bad"))).isEqualTo(SendFailure.MESSAGE);
    }

    @Test
    void stopsFailingAndForgetsWhenToldTo() {
        this.sender.failType("order.created", SendFailure.MESSAGE);
        this.sender.send(message(1, "order.created", "o-1"));
        this.sender.stopFailing();
        this.sender.send(message(1, "order.created", "o-1"));
        this.sender.sent().hasKeys("o-1");
        this.sender.failType("order.created", SendFailure.MESSAGE);

        this.sender.reset();

        this.sender.sent().isEmpty();
        this.sender.failed().isEmpty();
        this.sender.send(message(2, "order.created", "o-2")).toCompletableFuture().join();
        this.sender.sent().hasKeys("o-2");
    }

    @Test
    void recordsEverySendOfConcurrentThreads() {
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            CompletableFuture.allOf(IntStream.range(0, 400).mapToObj(i -> CompletableFuture.runAsync(
                    () -> this.sender.send(message(i, "order.created", "o-" + i)), threads))
                    .toArray(CompletableFuture[]::new)).join();
        }
        finally {
            threads.shutdown();
        }

        assertThat(this.sender.sent().list()).extracting(sent -> sent.message().id()).hasSize(400)
                .doesNotHaveDuplicates();
    }

    private static SendFailure failure(MessageSender sender, OutgoingMessage message) {
        CompletableFuture<String> send = sender.send(message).toCompletableFuture();
        try {
            send.join();
        }
        catch (CompletionException ex) {
            return sender.classify(ex.getCause());
        }
        throw new AssertionError("Expected the send of message " + message.id() + " to fail");
    }

    static OutgoingMessage message(long id, String type, String key) {
        return new OutgoingMessage(id, key, type, "orders", null, Map.of(), "{}", 1);
    }
}
