/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The Redis Streams sender: {@link dev.outbox.sender.redis.RedisStreamMessageSender} adds each message to the
 * stream of its topic through Spring Data Redis.
 */
@NullMarked
package dev.outbox.sender.redis;

import org.jspecify.annotations.NullMarked;
