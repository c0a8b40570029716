/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.route;


/**
 * Where an operator switched a message type's messages at run time, away from its broker: the recovery of a broker
 * outage. Every instance follows a switch within one poll interval; switching back returns the type to its broker.
 */
public enum RouteSwitchMode {

    /**
     * The type's fallback handler ({@link dev.outbox.MessageRoutes.Builder#fallback}) takes every message at once, without
     * waiting for failed sends. Only a type with a fallback handler can be switched to it.
     */
    FALLBACK,

    /**
     * The dispatcher leaves the type's messages alone, and pull consumers receive them from its topic
     * ({@link dev.outbox.consumer.pull.MessagePuller#receive}), as if the topic were pulled. Only a type that goes
     * to a broker can be switched to it.
     */
    PULL
}
