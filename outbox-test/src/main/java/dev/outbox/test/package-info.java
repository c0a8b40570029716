/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * A test kit for applications that save outbox messages: {@link dev.outbox.test.OutboxTestKit#drain()} runs the
 * dispatcher on the test's thread until nothing is due, a {@link dev.outbox.test.RecordingMessageSender} stands
 * in for the broker and can be told to fail, and {@link dev.outbox.test.Messages} asserts what was saved and
 * sent. {@link dev.outbox.test.AutoConfigureOutboxTest} wires it into a Spring Boot test; docs/testing.md shows
 * an application's test with it.
 */
@NullMarked
package dev.outbox.test;

import org.jspecify.annotations.NullMarked;
