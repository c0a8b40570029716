/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.origin.Origin;

/**
 * Reports a start that failed on an {@code outbox.*} property the way Spring Boot reports a property it could not
 * bind: what is wrong, where the value came from, and what to change.
 */
final class InvalidOutboxPropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidOutboxPropertyException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidOutboxPropertyException cause) {
        Origin origin = cause.origin();
        String description = "Invalid outbox configuration:\n\n    " + cause.getMessage() + "\n\n    Origin: "
                + ((origin != null) ? origin : "the default value");
        String action = "Update " + cause.property() + " in your application's configuration "
                + "(see docs/configuration.md of the outbox for every property, its default and its range).";
        return new FailureAnalysis(description, action, cause);
    }
}
