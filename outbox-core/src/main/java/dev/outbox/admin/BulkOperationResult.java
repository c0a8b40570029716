/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

/**
 * What a change of many messages did.
 *
 * @param outcome DONE when messages were changed, ALREADY_DONE when none needed it
 * @param messageType the message type the change was for
 * @param changed how many messages this call changed
 * @param message what happened, in a sentence
 */
public record BulkOperationResult(Outcome outcome, String messageType, int changed, String message) {
}
