/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The auto-configuration of the Spring Cloud Stream and message channel senders, used when the application runs on
 * Spring Boot with the starter.
 */
@NullMarked
package dev.outbox.sender.stream.autoconfigure;

import org.jspecify.annotations.NullMarked;
