/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one phase measured and which of its targets it met.
 */
final class PhaseReport {

    private final String phase;

    private final String title;

    private final List<Measurement> measurements = new ArrayList<>();

    private final List<Target> targets = new ArrayList<>();

    PhaseReport(String phase, String title) {
        this.phase = phase;
        this.title = title;
    }

    Measurement add(Measurement measurement) {
        this.measurements.add(measurement);
        return measurement;
    }

    void target(String name, String required, String measured, boolean met) {
        this.targets.add(new Target(name, required, measured, met));
    }

    String phase() {
        return this.phase;
    }

    String title() {
        return this.title;
    }

    List<Measurement> measurements() {
        return this.measurements;
    }

    List<Target> targets() {
        return this.targets;
    }

    /**
     * @param database the database the phase ran on
     * @return the phase as one JSON object
     */
    Map<String, Object> toJson(String database) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("phase", this.phase);
        json.put("title", this.title);
        json.put("database", database);
        json.put("cases", this.measurements.stream().map(Measurement::figures).toList());
        json.put("targets", this.targets);
        return json;
    }
}
