/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The run-time switch of a message type's route: {@link dev.outbox.route.RouteSwitch} records that an
 * operator sent a type to its fallback or to the pull API ({@link dev.outbox.route.RouteSwitchMode}). The
 * operators' API changes the switch; the dispatcher and the pull API read it.
 */
@NullMarked
package dev.outbox.route;

import org.jspecify.annotations.NullMarked;

