/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The core's internals, shared between its packages. Not API: public only because Java has no
 * friend packages; applications must not use it, and it may change in any release. The public API
 * never names a type of an {@code internal} package (a test checks it).
 */
@NullMarked
package dev.outbox.internal;

import org.jspecify.annotations.NullMarked;
