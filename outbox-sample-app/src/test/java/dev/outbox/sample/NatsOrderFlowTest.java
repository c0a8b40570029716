/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.testing.NatsServer;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.api.MessageInfo;
import io.nats.client.impl.Headers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order flow on the {@code nats} profile: H2 and the NATS JetStream server of {@link NatsServer}; skipped, with
 * the reason printed, when there is none. Orders and tracking steps go to subjects, and so streams, of the run's
 * own, deleted when the context closes.
 */
@ActiveProfiles("nats")
@DirtiesContext
class NatsOrderFlowTest extends OrderFlowContract {

    private static final RunDestinations SUBJECTS = RunDestinations.newRun();

    /** The header of the message id, by which the server drops a message sent again within its duplicate window. */
    private static final String MESSAGE_ID = "Nats-Msg-Id";

    @Autowired
    private Connection nats;

    @DynamicPropertySource
    static void useTestServerAndSubjects(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:nats-order-flow;DB_CLOSE_DELAY=-1");
        registry.add("sample.nats.url", () -> NatsServer.require().url());
        SUBJECTS.route(registry);
    }

    @Override
    protected String brokerMessageId(long messageId) {
        return Pattern.quote(SUBJECTS.orders()) + "@\\d+";
    }

    @Override
    protected void delivered(StoredMessage message) {
        String brokerMessageId = recordedBrokerMessageId(message);
        MessageInfo stored = stored(Long.parseLong(brokerMessageId.substring(brokerMessageId.indexOf('@') + 1)));
        assertThat(new String(stored.getData(), StandardCharsets.UTF_8)).isEqualTo(message.body());
        Headers headers = stored.getHeaders();
        assertThat(headers.getFirst(OutboxHeaders.ID)).isEqualTo(Long.toString(message.id()));
        assertThat(headers.getFirst(OutboxHeaders.KEY)).isEqualTo(message.messageKey());
        assertThat(headers.getFirst(OutboxHeaders.ORDERING_KEY)).isEqualTo(message.orderingKey());
        assertThat(headers.getFirst(MESSAGE_ID)).isEqualTo("outbox-" + message.id());
        // The durable consumer's listener ships the order; the same message published again ships nothing more.
        // Published without its message id, as a redelivery comes: with it, the server would store it once.
        Headers again = new Headers(headers);
        again.remove(MESSAGE_ID);
        shipsOnceAcrossARedelivery(message, () -> publish(again, stored.getData()));
    }

    private MessageInfo stored(long sequence) {
        try {
            return this.nats.jetStreamManagement().getMessage(SUBJECTS.orders(), sequence);
        }
        catch (IOException | JetStreamApiException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private void publish(Headers headers, byte[] body) {
        try {
            this.nats.jetStream().publish(SUBJECTS.orders(), headers, body);
        }
        catch (IOException | JetStreamApiException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** Deletes the run's streams when the context closes, once the listener has stopped reading them. */
    @TestConfiguration(proxyBeanMethods = false)
    static class RunStreams {

        @Bean
        BrokerCleanup deleteRunStreams(Connection nats) {
            return new BrokerCleanup(() -> {
                try {
                    JetStreamManagement management = nats.jetStreamManagement();
                    management.deleteStream(SUBJECTS.orders());
                    management.deleteStream(SUBJECTS.tracking());
                }
                catch (IOException | JetStreamApiException ex) {
                    throw new IllegalStateException(ex);
                }
            });
        }
    }
}
