/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sender for development and samples: it "delivers" a message by logging its id, type, key and
 * topic at INFO (never the payload, which may hold personal data; the body is logged at DEBUG) and
 * confirms it at once with the id {@code log-<outbox id>}.
 */
public final class LoggingMessageSender implements MessageSender {

    private static final Logger logger = LoggerFactory.getLogger(LoggingMessageSender.class);

    @Override
    public CompletionStage<String> send(OutgoingMessage message) {
        logger.info("Outbox message {} of type {} with key {} to topic {} (attempt {})", message.id(), message.type(),
                message.key(), message.topic(), message.attempt());
        logger.debug("Outbox message {} body: {}", message.id(), message.body());
        return CompletableFuture.completedFuture("log-" + message.id());
    }
}
