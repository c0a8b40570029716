/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One measured case of a phase: its figures for the JSON line, and one line of summary for the
 * markdown table.
 */
final class Measurement {

    private final String name;

    private final Map<String, Object> figures = new LinkedHashMap<>();

    private String summary = "";

    Measurement(String name) {
        this.name = name;
        this.figures.put("case", name);
    }

    Measurement put(String figure, Object value) {
        this.figures.put(figure, (value instanceof Double d) ? round(d) : value);
        return this;
    }

    Measurement summary(String summary) {
        this.summary = summary;
        return this;
    }

    String name() {
        return this.name;
    }

    Map<String, Object> figures() {
        return this.figures;
    }

    String summary() {
        return this.summary;
    }

    /** Three significant decimals are all a benchmark on a shared machine can claim. */
    static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
