/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import dev.outbox.spi.MessageSender;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Puts one {@link RecordingMessageSender} in the place of every {@link MessageSender} bean of the application,
 * each under its bean name: the routes ({@code outbox.routes.*.sender}, {@code outbox.default-sender}) still find
 * their senders by name and a route's topic still applies, but nothing reaches a broker. An application's code that
 * injects a sender by its own class, not as a {@link MessageSender}, does not find it.
 */
final class RecordingSenders implements BeanPostProcessor {

    private final RecordingMessageSender recorder = new RecordingMessageSender();

    /**
     * @return the sender that every sender bean now records into
     */
    RecordingMessageSender recorder() {
        return this.recorder;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        return (bean instanceof MessageSender) ? this.recorder.as(beanName) : bean;
    }
}
