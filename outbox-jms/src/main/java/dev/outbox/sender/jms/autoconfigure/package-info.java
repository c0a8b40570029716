/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The auto-configuration of the JMS sender, used when the application runs on Spring Boot with the starter.
 */
@NullMarked
package dev.outbox.sender.jms.autoconfigure;

import org.jspecify.annotations.NullMarked;
