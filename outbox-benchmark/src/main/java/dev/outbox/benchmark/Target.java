/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

/**
 * A target from the performance issue, and whether this run met it.
 *
 * @param name what is measured
 * @param required the target, in words
 * @param measured what this run measured
 * @param met whether the target holds
 */
record Target(String name, String required, String measured, boolean met) {
}
