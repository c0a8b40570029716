package dev.outbox.sample;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import dev.outbox.StoredMessage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The order flow on the {@code rabbit} profile: H2 and the RabbitMQ at {@code OUTBOX_TEST_RABBIT_URL}
 * (an AMQP URI; default {@code amqp://guest:guest@127.0.0.1:5672}); skipped, with the reason
 * printed, when it does not accept connections.
 */
@ActiveProfiles("rabbit")
@DirtiesContext
class RabbitOrderFlowTest extends OrderFlowContract {

    private static final URI BROKER = URI.create(System.getenv().getOrDefault("OUTBOX_TEST_RABBIT_URL",
            "amqp://guest:guest@127.0.0.1:5672"));

    @Autowired
    private RabbitTemplate rabbit;

    @BeforeAll
    static void requireRabbitMq() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(BROKER.getHost(), port()), 2000);
        }
        catch (IOException ex) {
            String reason = "No RabbitMQ at " + BROKER.getHost() + ":" + port() + ": set OUTBOX_TEST_RABBIT_URL";
            System.err.println("SKIPPED: " + reason);
            Assumptions.abort(reason);
        }
    }

    @DynamicPropertySource
    static void useTestBroker(DynamicPropertyRegistry registry) {
        registry.add("spring.rabbitmq.host", BROKER::getHost);
        registry.add("spring.rabbitmq.port", RabbitOrderFlowTest::port);
        if (BROKER.getUserInfo() != null) {
            registry.add("spring.rabbitmq.username", () -> BROKER.getUserInfo().split(":", 2)[0]);
            registry.add("spring.rabbitmq.password", () -> BROKER.getUserInfo().split(":", 2)[1]);
        }
    }

    private static int port() {
        return (BROKER.getPort() > 0) ? BROKER.getPort() : 5672;
    }

    @Override
    protected String brokerMessageId(long messageId) {
        return "outbox-" + messageId;
    }

    @Override
    protected void delivered(StoredMessage message) {
        // The audit queue may hold messages of earlier runs: read until this one comes.
        AtomicReference<Message> received = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            Message next = this.rabbit.receive(RabbitTopology.AUDIT_QUEUE, 200);
            if (next != null && ("outbox-" + message.id()).equals(next.getMessageProperties().getMessageId())) {
                received.set(next);
            }
            return received.get() != null;
        });
        assertThat(received.get().getMessageProperties().getReceivedRoutingKey()).isEqualTo(message.orderingKey());
        assertThat(new String(received.get().getBody(), StandardCharsets.UTF_8)).isEqualTo(message.body());
    }
}
