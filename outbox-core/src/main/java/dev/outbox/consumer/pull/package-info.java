/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The pull API: {@link dev.outbox.consumer.pull.MessagePuller} lets a consumer in the service take
 * messages of its topics straight from the outbox table, as a database-backed queue, and acknowledge
 * or fail each {@link dev.outbox.consumer.pull.ReceivedMessage}.
 */
@NullMarked
package dev.outbox.consumer.pull;

import org.jspecify.annotations.NullMarked;
