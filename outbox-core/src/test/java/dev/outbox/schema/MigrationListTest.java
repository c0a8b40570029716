/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.schema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every migration the core ships, for every database, is listed in docs/configuration.md twice: where the schema
 * modes say what each migration creates, and in the list that an application in {@code none} mode copies. An
 * application that numbers its own migrations after the outbox's reads that list to know where to start.
 */
class MigrationListTest {

    private static final Path MIGRATIONS = Path.of("src/main/resources/db/outbox");

    private static final Path REFERENCE = Path.of("../docs/configuration.md");

    @Test
    void docsConfigurationListsEveryMigrationOfEveryDatabase() throws IOException {
        String reference = Files.readString(REFERENCE, StandardCharsets.UTF_8);
        String modes = section(reference, "## Schema modes", "### `separate`");
        String none = section(reference, "### `none`", "## ");
        SortedSet<String> migrations = migrations();

        assertThat(migrations).as("the migrations under " + MIGRATIONS).isNotEmpty();
        assertThat(migrations.stream().filter(name -> !modes.contains(name)))
                .as("migrations that the introduction of docs/configuration.md#schema-modes does not name").isEmpty();
        assertThat(migrations.stream().filter(name -> !none.contains(name)))
                .as("migrations missing from the list of `none` mode in docs/configuration.md").isEmpty();
    }

    /** The file names of the migrations of all databases, such as {@code V7__route_switches.sql}. */
    private static SortedSet<String> migrations() throws IOException {
        SortedSet<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(MIGRATIONS)) {
            files.filter(Files::isRegularFile).map(file -> file.getFileName().toString())
                    .filter(name -> name.matches("V\\d+__.+\\.sql")).forEach(names::add);
        }
        return names;
    }

    /**
     * @return the text from a heading to the next heading that starts with {@code end}
     */
    private static String section(String text, String heading, String end) {
        int start = text.indexOf("\n" + heading);
        assertThat(start).as("docs/configuration.md has the heading " + heading).isNotNegative();
        List<String> lines = text.substring(start + 1 + heading.length()).lines().toList();
        StringBuilder section = new StringBuilder();
        for (String line : lines) {
            if (line.startsWith(end)) {
                break;
            }
            section.append(line).append('\n');
        }
        return section.toString();
    }
}
