/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.metrics;

import java.time.Duration;

import dev.outbox.route.RouteSwitchMode;

/**
 * Receives what the outbox does, for metrics. Called on hot paths: implementations must be cheap
 * and must not throw. Every method does nothing unless overridden.
 */
public interface OutboxMetrics {

    /** Records nothing, for applications without a metrics registry. */
    OutboxMetrics NONE = new OutboxMetrics() {
    };

    /**
     * The metrics of one store's template, dispatcher or puller: each builder calls this with its store's
     * name, so that an application with several stores tells their figures apart.
     *
     * @param store the store's name, {@link dev.outbox.store.OutboxStore#name()}
     * @return metrics that tell of that store; this one, unless overridden
     */
    default OutboxMetrics forStore(String store) {
        return this;
    }

    /**
     * A new message was saved (duplicates are not counted).
     *
     * @param messageType its type
     */
    default void saved(String messageType) {
    }

    /**
     * The broker confirmed a message.
     *
     * @param messageType its type
     */
    default void sent(String messageType) {
    }

    /**
     * A message was delivered: the broker acknowledged it, or a local handler consumed it.
     *
     * @param messageType its type
     * @param sinceSaved the time from its save to the acknowledgement, retries included
     */
    default void delivered(String messageType, Duration sinceSaved) {
    }

    /**
     * A local handler, or a pull consumer's acknowledgement, consumed a message.
     *
     * @param messageType its type
     */
    default void consumed(String messageType) {
    }

    /**
     * An attempt to send a message failed.
     *
     * @param messageType its type
     * @param exhausted whether the retry budget is spent, so the message is now FAILED
     */
    default void failed(String messageType, boolean exhausted) {
    }

    /**
     * A message that went FAILED was published to its type's dead-letter destination, or its publish failed.
     *
     * @param messageType its type
     * @param published whether the broker confirmed the dead letter
     */
    default void deadLettered(String messageType, boolean published) {
    }

    /**
     * A claim of due rows finished.
     *
     * @param claimed how many rows it leased to this instance
     * @param lost how many rows it tried for but another instance took first (always 0 for the
     * skip-locked claim, which passes over rows others hold)
     */
    default void claimed(int claimed, int lost) {
    }

    /**
     * A sender's route was paused: a send found its broker unreachable.
     *
     * @param route the route's name ({@link dev.outbox.PausedRoute#route()})
     */
    default void routePaused(String route) {
    }

    /**
     * A paused route resumed: a send through it succeeded.
     *
     * @param route the route's name
     */
    default void routeResumed(String route) {
    }

    /**
     * This instance follows a switch of a message type away from its broker, read from the switch table.
     *
     * @param messageType the switched type
     * @param mode where its messages go now
     */
    default void routeSwitched(String messageType, RouteSwitchMode mode) {
    }

    /**
     * This instance no longer follows a switch of a message type: it was switched back, or to the other mode.
     *
     * @param messageType the type
     * @param mode the mode it is no longer switched to
     */
    default void routeSwitchedBack(String messageType, RouteSwitchMode mode) {
    }

    /**
     * A message was handed back unsent, or its send failed, because its route's broker was unreachable;
     * it spent no attempt.
     *
     * @param messageType its type
     */
    default void postponed(String messageType) {
    }
}
