/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.nats;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.outbox.spi.MessageSender;
import dev.outbox.testing.BrokerDeadLetterContract;
import dev.outbox.testing.NatsServer;
import io.nats.client.api.MessageInfo;

/**
 * Dead letters to a second NATS JetStream stream, with the core and this module only: a message to a subject that
 * no stream captures is retried, FAILED once its attempts are spent, and published to the subject of its type's
 * dead-letter stream.
 */
class NatsDeadLetterTests extends BrokerDeadLetterContract {

    private final NatsStreams nats = NatsStreams.on(NatsServer.require().url());

    /** The streams the test made, by the subject each captures. */
    private final Map<String, String> streams = new HashMap<>();

    @Override
    protected MessageSender sender() throws Exception {
        return new NatsJetStreamMessageSender(this.nats.connection().jetStream());
    }

    @Override
    protected String newTopic() throws Exception {
        String stream = "OUTBOX_DEAD_LETTERS_" + UUID.randomUUID().toString().replace("-", "");
        String subject = this.nats.newStream(stream);
        this.streams.put(subject, stream);
        return subject;
    }

    @Override
    protected String refusingTopic() {
        return "outbox.nowhere." + UUID.randomUUID();
    }

    @Override
    protected int attemptsUntilFailed() {
        return MAX_ATTEMPTS;
    }

    @Override
    protected String refusal() {
        return "No Responders";
    }

    @Override
    protected List<Arrived> arrivedIn(String topic) throws Exception {
        String stream = this.streams.get(topic);
        return this.nats.messages(stream).stream().map(stored -> new Arrived(stream + "@" + stored.getSeq(),
                headers(stored), NatsStreams.body(stored))).toList();
    }

    private static Map<String, String> headers(MessageInfo stored) {
        Map<String, String> headers = new LinkedHashMap<>();
        stored.getHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
        return headers;
    }

    @Override
    protected void disconnect() throws Exception {
        for (String stream : this.streams.values()) {
            this.nats.deleteStream(stream);
        }
        this.nats.close();
    }
}
