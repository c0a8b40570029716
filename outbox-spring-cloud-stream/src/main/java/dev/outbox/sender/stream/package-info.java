/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The Spring Cloud Stream and Spring Messaging senders: {@link dev.outbox.sender.stream.StreamBridgeMessageSender}
 * sends each message through the application's binder and waits for the broker's confirmation as the binder reports
 * it; {@link dev.outbox.sender.stream.MessageChannelSender} sends to a message channel whose flow confirms before it
 * returns.
 */
@NullMarked
package dev.outbox.sender.stream;

import org.jspecify.annotations.NullMarked;
