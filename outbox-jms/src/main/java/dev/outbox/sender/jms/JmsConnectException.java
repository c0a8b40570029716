/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import jakarta.jms.JMSException;

/**
 * The sender could not open its connection or session to the broker: refused, timed out, or refused to its
 * credentials. {@link JmsMessageSender#classify} counts it as the broker being unreachable, so the route pauses and
 * no message spends an attempt, whatever the cause, until a probe gets through.
 */
final class JmsConnectException extends JMSException {

    private static final long serialVersionUID = 1L;

    JmsConnectException(String reason, Throwable cause) {
        super(reason + ": " + cause);
        initCause(cause);
    }
}
