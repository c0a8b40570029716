/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.redis;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import dev.outbox.sender.OutboxHeaders;
import dev.outbox.spi.MessageSender;
import dev.outbox.testing.BrokerOutageContract;
import dev.outbox.testing.RedisServer;

/**
 * A Redis server lost in the middle of a run, with the core and this module only.
 */
class RedisOutageTests extends BrokerOutageContract {

    private final RedisStreams direct = RedisStreams.onTheTestServer();

    private RedisStreams throughTheLink;

    private String stream;

    RedisOutageTests() {
        super(RedisServer.require().host(), RedisServer.require().port());
    }

    @Override
    protected MessageSender connectThrough(int port) {
        this.throughTheLink = RedisStreams.on("127.0.0.1", port, Duration.ofSeconds(1));
        return new RedisStreamMessageSender(this.throughTheLink.template(), 0);
    }

    @Override
    protected String newTopic() {
        this.stream = "outbox-outage-" + UUID.randomUUID();
        return this.stream;
    }

    @Override
    protected List<String> outboxIdsIn(String topic) {
        return this.direct.entries(topic).stream()
                .map(entry -> String.valueOf(RedisStreams.fields(entry).get(OutboxHeaders.ID))).toList();
    }

    @Override
    protected void disconnect() {
        if (this.stream != null) {
            this.direct.delete(this.stream);
        }
        if (this.throughTheLink != null) {
            this.throughTheLink.close();
        }
        this.direct.close();
    }
}
