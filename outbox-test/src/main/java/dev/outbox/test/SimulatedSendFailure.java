/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import dev.outbox.spi.OutgoingMessage;
import dev.outbox.spi.SendFailure;

/**
 * The error of a send that a {@link RecordingMessageSender} was told to fail; it carries whose fault the
 * failure is meant to be, which {@link RecordingMessageSender#classify} reports.
 */
final class SimulatedSendFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final SendFailure failure;

    SimulatedSendFailure(OutgoingMessage message, SendFailure failure) {
        super("Simulated " + failure + " failure of outbox message " + message.id() + " (type '" + message.type()
                + "', key '" + message.key() + "', attempt " + message.attempt() + ")", null, false, false);
        this.failure = failure;
    }

    SendFailure failure() {
        return this.failure;
    }
}
