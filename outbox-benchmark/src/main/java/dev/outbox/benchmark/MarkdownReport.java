/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.List;

/**
 * The run as two markdown tables: every measured case, and every target with whether it was met.
 */
final class MarkdownReport {

    private MarkdownReport() {
    }

    static String render(String database, List<PhaseReport> phases) {
        StringBuilder markdown = new StringBuilder();
        markdown.append("Database: ").append(database).append("\n\n");
        markdown.append("| Phase | Case | Result |\n|---|---|---|\n");
        for (PhaseReport phase : phases) {
            for (Measurement measurement : phase.measurements()) {
                markdown.append("| ").append(phase.phase()).append(": ").append(phase.title()).append(" | ")
                        .append(measurement.name()).append(" | ").append(measurement.summary()).append(" |\n");
            }
        }
        markdown.append("\n| Target | Required | Measured | Met |\n|---|---|---|---|\n");
        for (PhaseReport phase : phases) {
            for (Target target : phase.targets()) {
                markdown.append("| ").append(target.name()).append(" | ").append(target.required()).append(" | ")
                        .append(target.measured()).append(" | ").append(target.met() ? "yes" : "**no**").append(" |\n");
            }
        }
        return markdown.toString();
    }
}
