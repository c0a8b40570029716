/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The hand-off of committed messages from a template to the local dispatcher. Not API: public only
 * because Java has no friend packages; applications must not use it, and it may change in any
 * release. Applications connect the two with {@code OutboxTemplate.Builder.handoff(Dispatcher)}.
 */
@NullMarked
package dev.outbox.internal.handoff;

import org.jspecify.annotations.NullMarked;
