package dev.outbox.autoconfigure;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Assumptions;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;

/**
 * The RabbitMQ server of the tests: the AMQP URI in {@code OUTBOX_TEST_RABBIT_URL}, else
 * {@code amqp://guest:guest@127.0.0.1:5672}; a test that needs it is skipped, with the reason
 * printed, when it does not accept connections.
 *
 * @param host the host
 * @param port the AMQP port
 * @param username the user
 * @param password the password
 * @param virtualHost the virtual host
 */
record RabbitTestBroker(String host, int port, String username, String password, String virtualHost) {

    private static final String DEFAULT_URL = "amqp://guest:guest@127.0.0.1:5672";

    static RabbitTestBroker require() {
        String url = System.getenv("OUTBOX_TEST_RABBIT_URL");
        RabbitTestBroker broker = parse((url != null && !url.isBlank()) ? url.trim() : DEFAULT_URL);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(broker.host, broker.port), 2000);
        }
        catch (IOException ex) {
            String reason = "No RabbitMQ at " + broker.host + ":" + broker.port + " (" + ex.getMessage()
                    + "): set OUTBOX_TEST_RABBIT_URL to an AMQP URI of a running RabbitMQ";
            System.err.println("SKIPPED: " + reason);
            Assumptions.abort(reason);
        }
        return broker;
    }

    private static RabbitTestBroker parse(String url) {
        URI uri = URI.create(url.contains("://") ? url : "amqp://" + url);
        String userInfo = (uri.getRawUserInfo() != null) ? uri.getRawUserInfo() : "guest:guest";
        String[] credentials = userInfo.split(":", 2);
        String path = (uri.getRawPath() != null && uri.getRawPath().length() > 1) ? uri.getRawPath().substring(1) : "/";
        return new RabbitTestBroker(uri.getHost(), (uri.getPort() > 0) ? uri.getPort() : 5672, decode(credentials[0]),
                decode((credentials.length > 1) ? credentials[1] : ""), decode(path));
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    /**
     * @param port the port to connect to, this broker's or another
     * @return Spring Boot's properties for this broker, with the confirms and returns the sender needs
     */
    String[] springProperties(int port) {
        return new String[] { "spring.rabbitmq.host=" + this.host, "spring.rabbitmq.port=" + port,
            "spring.rabbitmq.username=" + this.username, "spring.rabbitmq.password=" + this.password,
            "spring.rabbitmq.virtual-host=" + this.virtualHost, "spring.rabbitmq.publisher-confirm-type=correlated",
            "spring.rabbitmq.publisher-returns=true" };
    }

    /**
     * @return a connection factory of the test's own, to declare and read queues with
     */
    CachingConnectionFactory connectionFactory() {
        CachingConnectionFactory connectionFactory = new CachingConnectionFactory(this.host, this.port);
        connectionFactory.setUsername(this.username);
        connectionFactory.setPassword(this.password);
        connectionFactory.setVirtualHost(this.virtualHost);
        return connectionFactory;
    }
}
