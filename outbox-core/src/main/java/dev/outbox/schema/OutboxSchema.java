package dev.outbox.schema;

import java.util.Map;

import javax.sql.DataSource;

import dev.outbox.jdbc.DatabaseDialect;
import dev.outbox.jdbc.TableName;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The outbox's Flyway migrations: where they are, what they need, and how to apply them with a
 * history table of their own, apart from the application's migrations. Needs {@code flyway-core}
 * (and Flyway's module for the database) on the class path.
 */
public final class OutboxSchema {

    /** The history table of the outbox's own migrations. */
    public static final String HISTORY_TABLE = "outbox_schema_history";

    /** The placeholder the migrations use for the table name. */
    public static final String TABLE_PLACEHOLDER = "outbox_table";

    private OutboxSchema() {
    }

    /**
     * @param tableName the outbox table
     * @return the placeholders the migrations need
     */
    public static Map<String, String> placeholders(TableName tableName) {
        return Map.of(TABLE_PLACEHOLDER, tableName.value());
    }

    /**
     * Creates or upgrades the outbox table, recording the migrations in {@value #HISTORY_TABLE}.
     *
     * @param dataSource the outbox's data source
     * @param dialect its dialect
     * @param tableName the outbox table
     * @return what Flyway did
     */
    public static MigrateResult migrate(DataSource dataSource, DatabaseDialect dialect, TableName tableName) {
        return Flyway.configure(OutboxSchema.class.getClassLoader())
                .dataSource(dataSource)
                .locations(dialect.schemaLocation())
                .table(HISTORY_TABLE)
                .placeholders(placeholders(tableName))
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
    }
}
