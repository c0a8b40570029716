/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.spi;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * Whose fault a failed send was, as its {@link MessageSender#classify sender} tells it: the message's
 * own, for now or for good, or the broker's, which could not be reached.
 */
public enum SendFailure {

    /**
     * The message's own failure: the broker refused or returned it, or it could not be serialized or
     * routed. It spends one of the message's attempts, and the message goes FAILED when they are spent.
     */
    MESSAGE,

    /**
     * The broker refused the message for good: it is too large, its destination does not exist, or its body
     * cannot be taken. Retrying cannot help, so the message goes FAILED after this attempt, with the reason,
     * instead of spending every attempt of its retry policy first (a type with a fallback handler counts it as
     * a {@link #MESSAGE} failure, so that its fallback takes the message over).
     */
    REJECTED,

    /**
     * The broker could not be reached: the connection was refused, lost or timed out, or the broker did
     * not confirm in time. The dispatcher pauses the sender's route, spends none of the message's
     * attempts, and tests the route with one probe message at a time until a send succeeds.
     */
    UNREACHABLE;

    private static final int MAX_CAUSES = 16;

    /**
     * The classification every sender starts from: a failure caused by a refused, lost or timed-out
     * connection ({@link ConnectException}, {@link NoRouteToHostException}, {@link UnknownHostException},
     * {@link SocketException}, {@link SocketTimeoutException}, {@link ClosedChannelException}) or a
     * {@link TimeoutException} (as when the broker did not confirm within the send timeout) is
     * {@link #UNREACHABLE}; anything else is the {@link #MESSAGE}'s.
     *
     * @param error why a send failed
     * @return whose fault it was
     */
    public static SendFailure of(Throwable error) {
        return anyCause(error, SendFailure::isConnectionFailure) ? UNREACHABLE : MESSAGE;
    }

    /**
     * The classification of a sender whose broker client reports outages with exceptions of its own.
     *
     * @param error why a send failed
     * @param connectionFailure whether an exception says the broker could not be reached
     * @return {@link #UNREACHABLE} when the error or one of its causes is such a failure, else what {@link #of}
     * says
     */
    public static SendFailure unreachableIf(Throwable error, Predicate<Throwable> connectionFailure) {
        return anyCause(error, connectionFailure) ? UNREACHABLE : of(error);
    }

    /**
     * @param error an error
     * @param test what to look for
     * @return whether the error or one of its causes passes the test
     */
    public static boolean anyCause(Throwable error, Predicate<Throwable> test) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Throwable current = error;
        for (int depth = 0; current != null && depth < MAX_CAUSES && seen.add(current); depth++) {
            if (test.test(current)) {
                return true;
            }
            current = current.getCause();
        }
        return false;
    }

    private static boolean isConnectionFailure(Throwable error) {
        return error instanceof SocketException || error instanceof SocketTimeoutException
                || error instanceof UnknownHostException || error instanceof ClosedChannelException
                || error instanceof TimeoutException;
    }
}
