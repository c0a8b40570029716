/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.nats;

import java.util.List;
import java.util.UUID;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.testing.BrokerOutageContract;
import dev.outbox.testing.NatsServer;

/**
 * A NATS server lost in the middle of a run, with the core and this module only.
 */
class NatsOutageTests extends BrokerOutageContract {

    private final NatsStreams direct = NatsStreams.on(NatsServer.require().url());

    private NatsStreams throughTheLink;

    private String stream;

    NatsOutageTests() {
        super(NatsServer.require().host(), NatsServer.require().port());
    }

    @Override
    protected MessageSender connectThrough(int port) throws Exception {
        this.throughTheLink = NatsStreams.on("nats://127.0.0.1:" + port);
        return new NatsJetStreamMessageSender(this.throughTheLink.connection().jetStream());
    }

    @Override
    protected String newTopic() throws Exception {
        this.stream = "OUTBOX_OUTAGE_" + UUID.randomUUID().toString().replace("-", "");
        return this.direct.newStream(this.stream);
    }

    @Override
    protected List<String> outboxIdsIn(String topic) throws Exception {
        return this.direct.messages(this.stream).stream().map(stored -> stored.getHeaders().getFirst(OutboxHeaders.ID))
                .toList();
    }

    @Override
    protected void disconnect() throws Exception {
        if (this.stream != null) {
            this.direct.deleteStream(this.stream);
        }
        if (this.throughTheLink != null) {
            this.throughTheLink.close();
        }
        this.direct.close();
    }
}
