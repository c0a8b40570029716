/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The JMS sender: {@link dev.outbox.sender.jms.JmsMessageSender} sends each message persistently through a Jakarta
 * JMS 3.1 {@code ConnectionFactory}, asynchronously with a {@code CompletionListener} where the provider confirms
 * such sends, and counts it as sent once the broker confirmed it.
 */
@NullMarked
package dev.outbox.sender.jms;

import org.jspecify.annotations.NullMarked;
