/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.util.HashMap;
import java.util.Map;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.jspecify.annotations.Nullable;

/**
 * The sender's connection, its one session and an anonymous producer on it, opened when first needed and again after
 * they were lost. A JMS session may be used by one thread at a time: only the sender's thread calls these methods,
 * except {@link #lost}, which only sets a flag.
 */
final class ProducerSession implements AutoCloseable {

    private final ConnectionFactory connectionFactory;

    private @Nullable Connection connection;

    private @Nullable Session session;

    private @Nullable MessageProducer producer;

    /** The destinations resolved in the current session, by what the messages' topics name. */
    private final Map<JmsDestination, Destination> destinations = new HashMap<>();

    /** Set by the connection's exception listener or a send that found the connection gone. */
    private volatile boolean lost;

    ProducerSession(ConnectionFactory connectionFactory) {
        this.connectionFactory = connectionFactory;
    }

    /**
     * @return the open session, opened now if it was not or was lost
     * @throws JmsConnectException when the connection or the session cannot be opened
     */
    Session session() throws JmsConnectException {
        if (this.lost) {
            close();
        }
        if (this.session == null) {
            open();
        }
        return this.session;
    }

    /** @return the producer of the session that {@link #session} opened */
    MessageProducer producer() throws JmsConnectException {
        session();
        return this.producer;
    }

    /**
     * @return the destination, resolved once per session
     * @throws JMSException when the provider does not know or refuses it
     */
    Destination destination(JmsDestination destination) throws JMSException {
        Session open = session();
        Destination resolved = this.destinations.get(destination);
        if (resolved == null) {
            resolved = destination.resolve(open);
            this.destinations.put(destination, resolved);
        }
        return resolved;
    }

    /** Makes the next use open a new connection and session; may be called from any thread. */
    void lost() {
        this.lost = true;
    }

    private void open() throws JmsConnectException {
        try {
            Connection opened = this.connectionFactory.createConnection();
            this.connection = opened;
            listenForLoss(opened);
            this.session = opened.createSession(false, Session.AUTO_ACKNOWLEDGE);
            this.producer = this.session.createProducer(null);
        }
        catch (JMSException | RuntimeException ex) {
            close();
            throw new JmsConnectException("could not connect to the JMS broker", ex);
        }
    }

    private void listenForLoss(Connection opened) {
        try {
            opened.setExceptionListener(exception -> lost());
        }
        catch (JMSException | RuntimeException ex) {
            // A shared connection may refuse listeners (Spring's SingleConnectionFactory without reconnectOnException):
            // then the first send on a lost connection fails, and that failure makes the next send reconnect.
        }
    }

    /**
     * Closes the session, which waits for its sends in flight, and the connection, quietly: they may be gone already.
     * The session is closed on its own because a caching connection factory keeps the connection open and takes the
     * session back.
     */
    @Override
    public void close() {
        this.lost = false;
        this.destinations.clear();
        this.producer = null;
        closeQuietly(this.session);
        this.session = null;
        closeQuietly(this.connection);
        this.connection = null;
    }

    private static void closeQuietly(@Nullable AutoCloseable closeable) {
        if (closeable != null) {
            try {
                closeable.close();
            }
            catch (Exception ex) {
                // Lost already.
            }
        }
    }
}
