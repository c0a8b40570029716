/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import dev.outbox.settings.Setting;
import dev.outbox.testing.ApiListingDiff;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.fail;

/**
 * Writes the core settings' entries of additional-spring-configuration-metadata.json from the core's
 * {@link Setting} constants, one line per entry, before the entries written by hand (the starter's own properties
 * whose default the annotation processor cannot read, and the hints), which it keeps as they are.
 */
final class CoreSettingsMetadata {

    /** The system property that makes {@link #check()} write the file instead of comparing it. */
    static final String UPDATE_PROPERTY = "outbox.metadata.update";

    static final Path FILE = Path.of("src/main/resources/META-INF/additional-spring-configuration-metadata.json");

    private static final String REGENERATE_COMMAND = "mvn -B -q test -pl outbox-spring-boot-starter -am"
            + " -Dtest=ConfigurationMetadataTests -Dsurefire.failIfNoSpecifiedTests=false -D" + UPDATE_PROPERTY
            + "=true";

    private static final JsonMapper JSON = JsonMapper.shared();

    private CoreSettingsMetadata() {
    }

    /**
     * @throws AssertionError showing the changed lines and the command that regenerates the file, when the file
     * is not what the core's settings make of it
     */
    static void check() throws IOException {
        List<String> expected = render(JSON.readTree(FILE.toFile()));
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            Files.writeString(FILE, String.join("\n", expected) + "\n", StandardCharsets.UTF_8);
            return;
        }
        List<String> changes = ApiListingDiff.of(Files.readAllLines(FILE, StandardCharsets.UTF_8), expected);
        if (!changes.isEmpty()) {
            fail("%s is not what the core's settings make of it (- in the file, + from the settings):%n%s%n"
                    + "Regenerate it and commit it with the change:%n  %s", FILE, String.join("\n", changes),
                    REGENERATE_COMMAND);
        }
    }

    private static List<String> render(JsonNode file) {
        Set<String> coreProperties = OutboxSettings.CORE_SETTINGS.stream().map(OutboxSettings::property)
                .collect(Collectors.toSet());
        List<String> properties = new ArrayList<>();
        OutboxSettings.CORE_SETTINGS.forEach(setting -> properties.add(JSON.writeValueAsString(entry(setting))));
        file.get("properties").forEach(property -> {
            if (!coreProperties.contains(property.get("name").asString())) {
                properties.add(JSON.writeValueAsString(property));
            }
        });
        List<String> hints = new ArrayList<>();
        file.path("hints").forEach(hint -> hints.add(JSON.writeValueAsString(hint)));
        List<String> lines = new ArrayList<>();
        lines.add("{");
        lines.add("  \"properties\": [");
        lines.addAll(joined(properties));
        lines.add("  ],");
        lines.add("  \"hints\": [");
        lines.addAll(joined(hints));
        lines.add("  ]");
        lines.add("}");
        return lines;
    }

    private static List<String> joined(List<String> entries) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            lines.add("    " + entries.get(i) + ((i < entries.size() - 1) ? "," : ""));
        }
        return lines;
    }

    private static ObjectNode entry(Setting<?> setting) {
        ObjectNode entry = JSON.createObjectNode();
        entry.put("name", OutboxSettings.property(setting));
        entry.put("type", setting.isByteSize() ? DataSize.class.getName() : setting.type().getName());
        entry.put("description", setting.description());
        if (setting.hasDefault()) {
            Object value = setting.defaultValue();
            if (setting.isByteSize()) {
                entry.put("defaultValue", dataSize((Integer) value));
            }
            else if (value instanceof Integer number) {
                entry.put("defaultValue", number);
            }
            else if (value instanceof Long number) {
                entry.put("defaultValue", number);
            }
            else if (value instanceof Double number) {
                entry.put("defaultValue", number);
            }
            else if (value instanceof Boolean flag) {
                entry.put("defaultValue", flag);
            }
            else if (value instanceof Duration duration) {
                entry.put("defaultValue", duration(duration));
            }
            else if (value instanceof Enum<?> constant) {
                entry.put("defaultValue", constant.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            }
            else {
                entry.put("defaultValue", value.toString());
            }
        }
        return entry;
    }

    /** Spring Boot's short form: {@code 30s}, {@code 5m}, {@code 7d}. */
    private static String duration(Duration duration) {
        return shortForm(duration.toMillis(), "ms", new long[] { 86_400_000, 3_600_000, 60_000, 1_000 },
                "d", "h", "m", "s");
    }

    /** Spring Boot's short form: {@code 1MB}, {@code 512KB}. */
    private static String dataSize(int bytes) {
        return shortForm(bytes, "B", new long[] { 1L << 30, 1L << 20, 1L << 10 }, "GB", "MB", "KB");
    }

    private static String shortForm(long amount, String smallestUnit, long[] unitSizes, String... units) {
        for (int i = 0; i < unitSizes.length; i++) {
            if (amount != 0 && amount % unitSizes[i] == 0) {
                return (amount / unitSizes[i]) + units[i];
            }
        }
        return amount + smallestUnit;
    }
}
