/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.util.Set;
import java.util.function.Predicate;

import dev.outbox.spi.SendFailure;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.ResourceAllocationException;

/**
 * What a failed JMS send says about the broker, from the JMS exception types and, for ActiveMQ Artemis, the types of
 * its client's exceptions (by name: this module does not depend on a provider), looked for among the causes and the
 * linked exceptions.
 */
final class JmsFailures {

    /** Artemis's client exceptions for a connection that could not be made or was lost. */
    private static final Set<String> ARTEMIS_CONNECTION_LOSS = Set.of(
            "org.apache.activemq.artemis.api.core.ActiveMQNotConnectedException",
            "org.apache.activemq.artemis.api.core.ActiveMQDisconnectedException",
            "org.apache.activemq.artemis.api.core.ActiveMQUnBlockedException",
            "org.apache.activemq.artemis.api.core.ActiveMQConnectionTimedOutException",
            "org.apache.activemq.artemis.api.core.ActiveMQObjectClosedException");

    /** Artemis's client exception for an address whose {@code address-full-policy} is {@code FAIL} and that is full. */
    private static final String ARTEMIS_ADDRESS_FULL = "org.apache.activemq.artemis.api.core.ActiveMQAddressFullException";

    /** How Artemis's {@code Session.createQueue} and {@code createTopic} say that a destination does not exist. */
    private static final String[] ARTEMIS_NO_DESTINATION = { "There is no queue with name ",
            "There is no topic with name " };

    private JmsFailures() {
    }

    /**
     * @return whether the connection or session is gone or could not be opened, so that the next send must open them
     * again
     */
    static boolean isConnectionLoss(Throwable error) {
        return anyCause(error, cause -> cause instanceof JmsConnectException || cause instanceof IllegalStateException
                || ARTEMIS_CONNECTION_LOSS.contains(cause.getClass().getName()))
                || SendFailure.of(error) == SendFailure.UNREACHABLE;
    }

    /** @return whether the broker cannot take messages for now, although it is connected */
    static boolean isBrokerFull(Throwable error) {
        return anyCause(error, cause -> cause instanceof ResourceAllocationException
                || ARTEMIS_ADDRESS_FULL.equals(cause.getClass().getName()));
    }

    /**
     * @return whether the broker refused the message in a way that no retry changes: its destination does not exist
     * or is not one, the sender's user may not send to it, or the message cannot be represented
     */
    static boolean isRejectedForGood(Throwable error) {
        return anyCause(error, cause -> cause instanceof InvalidDestinationException
                || cause instanceof JMSSecurityException || cause instanceof MessageFormatException
                || isMissingArtemisDestination(cause));
    }

    private static boolean isMissingArtemisDestination(Throwable error) {
        if (error.getClass() != JMSException.class || error.getMessage() == null) {
            return false;
        }
        for (String start : ARTEMIS_NO_DESTINATION) {
            if (error.getMessage().startsWith(start)) {
                return true;
            }
        }
        return false;
    }

    /** Like {@link SendFailure#anyCause}, and looks at the linked exception of each JMS exception on the way too. */
    private static boolean anyCause(Throwable error, Predicate<Throwable> test) {
        return SendFailure.anyCause(error, cause -> test.test(cause) || (cause instanceof JMSException jms
                && jms.getLinkedException() != null && SendFailure.anyCause(jms.getLinkedException(), test)));
    }
}
