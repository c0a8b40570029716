/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.actuate;

import java.util.List;

import dev.outbox.admin.OperationResult;
import dev.outbox.admin.Reconciliation;

/**
 * What {@code POST /actuator/outbox/reconciliation} did: the window's reconciliation, and the re-send of each
 * message it found missing or mismatched.
 *
 * @param reconciliation what the window's reconciliation found
 * @param resent what the re-send did to each problem, in the order of the problems
 */
public record ResentMessages(Reconciliation reconciliation, List<OperationResult> resent) {

    /**
     * @param reconciliation what the window's reconciliation found
     * @param resent what the re-send did to each problem
     */
    public ResentMessages {
        resent = List.copyOf(resent);
    }
}
