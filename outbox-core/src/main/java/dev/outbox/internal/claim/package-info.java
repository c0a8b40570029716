/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * Claiming due rows, following the switches of message types and planning what a failed delivery does, shared
 * by the dispatcher and the pull
 * API. Not API: public only because Java has no friend packages; applications must not use it, and it
 * may change in any release.
 */
@NullMarked
package dev.outbox.internal.claim;

import org.jspecify.annotations.NullMarked;
