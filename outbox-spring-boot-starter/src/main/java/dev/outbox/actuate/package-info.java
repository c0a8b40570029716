/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Spring Boot Actuator parts: the {@code outbox} web endpoint ({@link dev.outbox.actuate.OutboxEndpoint}) and the
 * {@code outbox} health indicator ({@link dev.outbox.actuate.OutboxHealthIndicator}).
 */
@NullMarked
package dev.outbox.actuate;

import org.jspecify.annotations.NullMarked;
