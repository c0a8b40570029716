/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The NATS JetStream sender: {@link dev.outbox.sender.nats.NatsJetStreamMessageSender} publishes each message to
 * its subject and waits for the stream's acknowledgement.
 */
@NullMarked
package dev.outbox.sender.nats;

import org.jspecify.annotations.NullMarked;
