/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.List;
import java.util.UUID;

import dev.outbox.spi.MessageSender;
import dev.outbox.testing.BrokerOutageContract;
import dev.outbox.testing.RabbitServer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A RabbitMQ broker lost in the middle of a run, with the core and this module only: the application's RabbitMQ
 * binder reaches the broker through the relay that the contract cuts.
 */
class StreamRabbitOutageTests extends BrokerOutageContract {

    private final RabbitDestinations destinations = new RabbitDestinations(RabbitServer.require());

    private ConfigurableApplicationContext application;

    StreamRabbitOutageTests() {
        super(RabbitServer.require().host(), RabbitServer.require().port());
    }

    @Override
    protected MessageSender connectThrough(int port) {
        this.application = StreamApplications.start(Object.class,
                this.destinations.applicationProperties("127.0.0.1", port));
        return StreamApplications.sender(this.application).build();
    }

    @Override
    protected String newTopic() {
        return this.destinations.bound("outbox-stream-outage-" + UUID.randomUUID().toString().substring(0, 8));
    }

    @Override
    protected List<String> outboxIdsIn(String topic) {
        return this.destinations.outboxIds(topic);
    }

    @Override
    protected void disconnect() {
        if (this.application != null) {
            this.application.close();
        }
        this.destinations.close();
    }
}
