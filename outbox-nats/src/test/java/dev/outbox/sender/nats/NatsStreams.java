/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.nats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.api.MessageInfo;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;

/** A connection to a NATS server of the tests, its streams, and what they hold. */
final class NatsStreams implements AutoCloseable {

    private final Connection connection;

    private final JetStreamManagement management;

    private NatsStreams(String url, Duration requestCleanupInterval) {
        try {
            this.connection = Nats.connect(Options.builder().server(url).connectionTimeout(Duration.ofSeconds(2))
                    .reconnectWait(Duration.ofMillis(100)).maxReconnects(-1)
                    .requestCleanupInterval(requestCleanupInterval).build());
            this.management = this.connection.jetStreamManagement();
        }
        catch (IOException ex) {
            throw new IllegalStateException("could not connect to " + url, ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    static NatsStreams on(String url) {
        return new NatsStreams(url, Options.DEFAULT_REQUEST_CLEANUP_INTERVAL);
    }

    /**
     * A connection that gives up on an unanswered request (a publish's acknowledgement) soon: the client cancels
     * it when its cleanup, every so often, finds it past its timeout.
     */
    static NatsStreams withRequestCleanupEvery(String url, Duration interval) {
        return new NatsStreams(url, interval);
    }

    Connection connection() {
        return this.connection;
    }

    /** Creates a stream in memory that captures one new subject, and returns the subject. */
    String newStream(String name) throws IOException, JetStreamApiException {
        String subject = "outbox.test." + UUID.randomUUID();
        this.management.addStream(StreamConfiguration.builder().name(name).subjects(subject)
                .storageType(StorageType.Memory).build());
        return subject;
    }

    List<MessageInfo> messages(String stream) throws IOException, JetStreamApiException {
        long last = this.management.getStreamInfo(stream).getStreamState().getLastSequence();
        List<MessageInfo> messages = new ArrayList<>();
        for (long sequence = 1; sequence <= last; sequence++) {
            messages.add(this.management.getMessage(stream, sequence));
        }
        return messages;
    }

    static String body(MessageInfo message) {
        return new String(message.getData(), StandardCharsets.UTF_8);
    }

    void deleteStream(String stream) throws IOException, JetStreamApiException {
        this.management.deleteStream(stream);
    }

    @Override
    public void close() throws InterruptedException {
        this.connection.close();
    }
}
