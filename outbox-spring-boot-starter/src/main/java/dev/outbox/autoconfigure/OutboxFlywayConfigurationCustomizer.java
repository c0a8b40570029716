package dev.outbox.autoconfigure;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import dev.outbox.jdbc.DatabaseDialect;
import dev.outbox.jdbc.TableName;
import dev.outbox.schema.OutboxSchema;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.springframework.boot.flyway.autoconfigure.FlywayConfigurationCustomizer;

/**
 * Adds the outbox's migrations to the application's Spring Boot Flyway
 * ({@code outbox.schema.mode=application}): their location, and the table-name placeholder merged
 * into the application's placeholders.
 */
final class OutboxFlywayConfigurationCustomizer implements FlywayConfigurationCustomizer {

    private final DatabaseDialect dialect;

    private final TableName tableName;

    private final ApplicationSchemaCheck check;

    OutboxFlywayConfigurationCustomizer(DatabaseDialect dialect, TableName tableName, ApplicationSchemaCheck check) {
        this.dialect = dialect;
        this.tableName = tableName;
        this.check = check;
    }

    @Override
    public void customize(FluentConfiguration configuration) {
        Set<String> locations = new LinkedHashSet<>();
        for (Location location : configuration.getLocations()) {
            locations.add(location.getDescriptor());
        }
        locations.add(this.dialect.schemaLocation());
        configuration.locations(locations.toArray(new String[0]));
        Map<String, String> placeholders = new HashMap<>(configuration.getPlaceholders());
        OutboxSchema.placeholders(this.tableName).forEach((name, value) -> {
            String existing = placeholders.putIfAbsent(name, value);
            if (existing != null && !existing.equals(value)) {
                throw new IllegalStateException("spring.flyway.placeholders." + name + " is '" + existing
                        + "' but outbox.table-name is '" + value + "': the outbox migrations would create another "
                        + "table than the one the outbox uses; remove the placeholder or make them equal");
            }
        });
        configuration.placeholders(placeholders);
        this.check.customizerApplied();
    }
}
