/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Extension points: {@link dev.outbox.spi.MessageSender} delivers a message to a broker, {@link dev.outbox.spi.PayloadSerializer} turns payload objects into text.
 */
@NullMarked
package dev.outbox.spi;

import org.jspecify.annotations.NullMarked;
