/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

import dev.outbox.sender.nats.NatsJetStreamMessageSender;
import dev.outbox.spi.MessageSender;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;

/**
 * NATS with JetStream at its address, and the JetStream sender over a connection with the client's defaults. Each
 * drain's topic is the one subject of a stream of its name with the server's default file storage, so a message
 * is acknowledged once the stream stored it.
 */
final class NatsFixture extends NetworkBrokerFixture {

    private static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(5);

    private Connection connection;

    private JetStreamManagement management;

    /**
     * @param url the server, {@code nats://host:port}
     */
    NatsFixture(URI url) {
        super("NATS", url);
    }

    /**
     * @throws BrokerUnavailableException also when the server answers but has no JetStream
     */
    @Override
    public MessageSender start() throws BrokerUnavailableException, InterruptedException {
        try {
            this.connection = Nats.connect(Options.builder().server(url().toString())
                    .connectionTimeout(CONNECTION_TIMEOUT).build());
            version(this.connection.getServerInfo().getVersion());
            this.management = this.connection.jetStreamManagement();
            this.management.getAccountStatistics();
            return new NatsJetStreamMessageSender(this.connection.jetStream());
        }
        catch (IOException | JetStreamApiException ex) {
            throw unavailable(ex);
        }
    }

    @Override
    public String setup() {
        return "JetStream: asynchronous publish with a message id, waiting for the stream's ack; a stream of file "
                + "storage";
    }

    @Override
    public void createDestination(String topic) throws IOException, JetStreamApiException {
        this.management.addStream(StreamConfiguration.builder().name(topic).subjects(topic)
                .storageType(StorageType.File).build());
    }

    @Override
    public long messagesAt(String topic) throws IOException, JetStreamApiException {
        return this.management.getStreamInfo(topic).getStreamState().getMsgCount();
    }

    @Override
    public void deleteDestination(String topic) throws IOException, JetStreamApiException {
        this.management.deleteStream(topic);
    }

    @Override
    public void close() {
        if (this.connection == null) {
            return;
        }
        try {
            this.connection.close();
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }
}
