/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import dev.outbox.schema.OutboxSchema;
import dev.outbox.store.OutboxStore;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.springframework.boot.flyway.autoconfigure.FlywayConfigurationCustomizer;

/**
 * Adds the outbox's migrations to the application's Spring Boot Flyway
 * ({@code outbox.schema.mode=application}): their location, and the table-name placeholders of the
 * outbox, the inbox and the archive merged into the application's placeholders.
 */
final class OutboxFlywayConfigurationCustomizer implements FlywayConfigurationCustomizer {

    /** The property that sets each placeholder, for the message when the application sets it otherwise. */
    private static final Map<String, String> PROPERTIES = Map.of(OutboxSchema.TABLE_PLACEHOLDER, "outbox.table-name",
            OutboxSchema.INBOX_TABLE_PLACEHOLDER, "outbox.inbox.table-name", OutboxSchema.ARCHIVE_TABLE_PLACEHOLDER,
            "outbox.cleanup.archive.table-name");

    private final OutboxStore store;

    private final ApplicationSchemaCheck check;

    OutboxFlywayConfigurationCustomizer(OutboxStore store, ApplicationSchemaCheck check) {
        this.store = store;
        this.check = check;
    }

    @Override
    public void customize(FluentConfiguration configuration) {
        Set<String> locations = new LinkedHashSet<>();
        for (Location location : configuration.getLocations()) {
            locations.add(location.getDescriptor());
        }
        locations.add(OutboxSchema.location(this.store));
        configuration.locations(locations.toArray(new String[0]));
        Map<String, String> placeholders = new HashMap<>(configuration.getPlaceholders());
        Map<String, String> outboxPlaceholders = OutboxSchema.placeholders(this.store);
        outboxPlaceholders.forEach((name, value) -> {
            String existing = placeholders.putIfAbsent(name, value);
            if (existing != null && !existing.equals(value)) {
                throw new IllegalStateException("spring.flyway.placeholders." + name + " is '" + existing
                        + "' but " + PROPERTIES.get(name) + " is '" + value + "': the outbox migrations would create "
                        + "another table than the one the outbox uses; remove the placeholder or make them equal");
            }
        });
        configuration.placeholders(placeholders);
        this.check.customizerApplied();
    }
}
