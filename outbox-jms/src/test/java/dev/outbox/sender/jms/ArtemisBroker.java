/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.InVMLoginModule;

/**
 * An ActiveMQ Artemis broker in the test JVM (the broker Spring Boot embeds), reached over TCP on a loopback port of
 * its own, with security on: the user {@value #USER} may do everything, except send to addresses that start with
 * {@value #DENIED}. A send creates its address and queue only when the name starts with {@value #CREATED},
 * {@value #DENIED} or {@value #FULL} (so not, for one, with {@value #MANAGED}); an address that starts with
 * {@value #FULL} takes a few hundred bytes and then refuses messages ({@code address-full-policy FAIL}).
 */
final class ArtemisBroker implements AutoCloseable {

    static final String USER = "outbox";

    static final String PASSWORD = "outbox-secret";

    static final String DENIED = "denied.";

    static final String CREATED = "outbox.";

    static final String MANAGED = "managed.";

    static final String FULL = "full.";

    /** The confirmation window that lets Artemis's client confirm asynchronous sends. */
    static final int CONFIRMATION_WINDOW = 1024 * 1024;

    private static final int FULL_ADDRESS_BYTES = 512;

    private final EmbeddedActiveMQ server;

    private final int port;

    private final Path directory;

    private ArtemisBroker(int port, boolean persistent) throws Exception {
        this.port = port;
        this.directory = Files.createTempDirectory("outbox-artemis");
        Configuration configuration = new ConfigurationImpl().setName("outbox-test-" + this.port)
                .setPersistenceEnabled(persistent).setSecurityEnabled(true).setJMXManagementEnabled(false)
                .setJournalType(JournalType.NIO).setJournalFileSize(1024 * 1024).setJournalMinFiles(2)
                .setJournalDirectory(this.directory.resolve("journal").toString())
                .setBindingsDirectory(this.directory.resolve("bindings").toString())
                .setPagingDirectory(this.directory.resolve("paging").toString())
                .setLargeMessagesDirectory(this.directory.resolve("large").toString())
                .addAcceptorConfiguration("tcp", "tcp://127.0.0.1:" + this.port);
        configuration.putSecurityRoles("#", Set.of(role(true)));
        configuration.putSecurityRoles(DENIED + "#", Set.of(role(false)));
        // Off everywhere, as Artemis's JMS client falls back to the 1.x name jms.queue.<name> where it is off.
        configuration.addAddressSetting("#",
                new AddressSettings().setAutoCreateAddresses(false).setAutoCreateQueues(false));
        for (String created : List.of(CREATED, DENIED)) {
            configuration.addAddressSetting(created + "#", autoCreated());
        }
        configuration.addAddressSetting(FULL + "#", autoCreated().setMaxSizeBytes(FULL_ADDRESS_BYTES)
                .setAddressFullMessagePolicy(AddressFullMessagePolicy.FAIL));
        SecurityConfiguration users = new SecurityConfiguration();
        users.addUser(USER, PASSWORD);
        users.addRole(USER, "everything");
        this.server = new EmbeddedActiveMQ().setConfiguration(configuration)
                .setSecurityManager(new ActiveMQJAASSecurityManager(InVMLoginModule.class.getName(), users));
        this.server.start();
    }

    /** @return a broker that keeps nothing on disk */
    static ArtemisBroker start() throws Exception {
        return new ArtemisBroker(freePort(), false);
    }

    /**
     * @param port the port to listen on
     * @return a broker that keeps its messages in a journal, across {@link #stop()} and {@link #restart()}
     */
    static ArtemisBroker startPersistent(int port) throws Exception {
        return new ArtemisBroker(port, true);
    }

    private static AddressSettings autoCreated() {
        return new AddressSettings().setAutoCreateAddresses(true).setAutoCreateQueues(true);
    }

    private static Role role(boolean send) {
        return new Role("everything", send, true, true, true, true, true, true, true, true, true, true, true);
    }

    /** @return a loopback port that nothing listens on, for now */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    int port() {
        return this.port;
    }

    /** @return a factory of the broker's user with a confirmation window: asynchronous sends are confirmed */
    ActiveMQConnectionFactory connectionFactory() {
        return connectionFactory(this.port, true);
    }

    /**
     * @param port the port to connect to: the broker's, or a relay's
     * @param confirmationWindow whether to set a confirmation window, without which Artemis's client confirms
     * asynchronous sends at once
     * @return a factory of the broker's user that fails fast when the broker is gone
     */
    static ActiveMQConnectionFactory connectionFactory(int port, boolean confirmationWindow) {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + port
                + "?callTimeout=2000&connectionTTL=5000&clientFailureCheckPeriod=1000&retryInterval=100", USER, PASSWORD);
        if (confirmationWindow) {
            factory.setConfirmationWindowSize(CONFIRMATION_WINDOW);
        }
        return factory;
    }

    /** Stops the broker, as a broker that goes down; what it keeps in its journal stays. */
    void stop() throws Exception {
        this.server.stop();
    }

    /** Starts the broker again on the same port, with what its journal kept. */
    void restart() throws Exception {
        this.server.start();
    }

    /**
     * @return the messages waiting in a queue, consumed, up to a number; waits up to a second for each
     */
    List<Message> receive(String queue, int most) throws JMSException {
        try (Connection connection = connectionFactory().createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
            return receiveAll(consumer, most);
        }
    }

    static List<Message> receiveAll(MessageConsumer consumer, int most) throws JMSException {
        List<Message> messages = new ArrayList<>();
        Message message;
        while (messages.size() < most && (message = consumer.receive(1000)) != null) {
            messages.add(message);
        }
        return messages;
    }

    @Override
    public void close() throws Exception {
        this.server.stop();
        deleteRecursively(this.directory);
    }

    private static void deleteRecursively(Path directory) {
        try (var paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
