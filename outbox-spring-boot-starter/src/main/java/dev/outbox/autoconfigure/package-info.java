/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Spring Boot auto-configuration of the outbox: {@link dev.outbox.autoconfigure.OutboxAutoConfiguration}
 * and its {@code outbox.*} {@link dev.outbox.autoconfigure.OutboxProperties}.
 */
@NullMarked
package dev.outbox.autoconfigure;

import org.jspecify.annotations.NullMarked;
