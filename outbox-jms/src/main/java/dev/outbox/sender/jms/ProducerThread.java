/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import dev.outbox.spi.OutgoingMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.TextMessage;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that uses the sender's JMS session, as JMS requires of a session: it turns each message into a JMS
 * message and sends it persistently, in the order the messages were handed to it. With asynchronous sends the
 * provider's {@link CompletionListener} completes the result, on a thread of the provider's, and touches nothing of
 * the session; without them each send waits for the broker, here and not on the dispatcher's thread.
 *
 * <p>When the connection cannot be opened, the sends handed over before that failure fail at once with it, instead
 * of each waiting to connect in turn; the first one handed over after it tries again.
 */
final class ProducerThread implements AutoCloseable {

    private static final Logger logger = LoggerFactory.getLogger(ProducerThread.class);

    private static final long CLOSE_TIMEOUT_SECONDS = 10;

    private final ExecutorService thread;

    private final ProducerSession session;

    private final boolean pubSubDomain;

    /** Whether sends are asynchronous; confined to the thread, which turns it off for a provider without them. */
    private boolean async;

    /** When opening the connection last failed ({@link System#nanoTime}), with the failure. */
    private long connectFailedAt;

    private @Nullable JmsConnectException connectFailure;

    ProducerThread(ProducerSession session, boolean pubSubDomain, boolean async) {
        this.session = session;
        this.pubSubDomain = pubSubDomain;
        this.async = async;
        this.thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), task -> {
            Thread producer = new Thread(task, "outbox-jms-producer");
            producer.setDaemon(true);
            return producer;
        });
    }

    /**
     * @param message the message to send
     * @return completed with the {@code JMSMessageID} once the broker confirmed the message
     */
    CompletableFuture<String> send(OutgoingMessage message) {
        long handedOverAt = System.nanoTime();
        CompletableFuture<String> result = new CompletableFuture<>();
        try {
            this.thread.execute(() -> deliver(message, handedOverAt, result));
        }
        catch (RejectedExecutionException ex) {
            result.completeExceptionally(new IllegalStateException("The JMS sender is closed", ex));
        }
        return result;
    }

    private void deliver(OutgoingMessage message, long handedOverAt, CompletableFuture<String> result) {
        if (this.connectFailure != null && handedOverAt - this.connectFailedAt < 0) {
            result.completeExceptionally(new JmsConnectException("not sent: connecting failed just before",
                    this.connectFailure.getCause()));
            return;
        }
        try {
            JmsDestination destination = JmsDestination.of(message.topic(), this.pubSubDomain);
            TextMessage jms = JmsMessages.of(this.session.session(), message);
            produce(this.session.producer(), this.session.destination(destination), jms, result);
            this.connectFailure = null;
        }
        catch (JmsConnectException ex) {
            this.connectFailedAt = System.nanoTime();
            this.connectFailure = ex;
            result.completeExceptionally(ex);
        }
        catch (JMSException | RuntimeException ex) {
            failed(ex, result);
        }
    }

    private void produce(MessageProducer producer, Destination destination, TextMessage jms,
            CompletableFuture<String> result) throws JMSException {
        if (this.async) {
            try {
                producer.send(destination, jms, DeliveryMode.PERSISTENT, Message.DEFAULT_PRIORITY,
                        Message.DEFAULT_TIME_TO_LIVE, new Completion(result));
                return;
            }
            catch (UnsupportedOperationException ex) {
                this.async = false;
                logger.warn("The JMS provider does not send asynchronously ({}): the outbox's JMS sender sends "
                        + "synchronously from now on, one round trip per message", ex.toString());
            }
        }
        producer.send(destination, jms, DeliveryMode.PERSISTENT, Message.DEFAULT_PRIORITY,
                Message.DEFAULT_TIME_TO_LIVE);
        result.complete(jms.getJMSMessageID());
    }

    private void failed(Exception error, CompletableFuture<String> result) {
        if (JmsFailures.isConnectionLoss(error)) {
            this.session.lost();
        }
        result.completeExceptionally(error);
    }

    /** Sends what was handed over before, then closes the session and the connection. */
    @Override
    public void close() {
        this.thread.execute(this.session::close);
        this.thread.shutdown();
        try {
            if (!this.thread.awaitTermination(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                this.thread.shutdownNow();
            }
        }
        catch (InterruptedException ex) {
            this.thread.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    /** Completes a send's result when the provider calls back; uses nothing of the session. */
    private final class Completion implements CompletionListener {

        private final CompletableFuture<String> result;

        Completion(CompletableFuture<String> result) {
            this.result = result;
        }

        @Override
        public void onCompletion(Message message) {
            try {
                this.result.complete(message.getJMSMessageID());
            }
            catch (JMSException ex) {
                this.result.completeExceptionally(ex);
            }
        }

        @Override
        public void onException(Message message, Exception exception) {
            failed(exception, this.result);
        }
    }
}
