/**
 * The outbox table's Flyway migrations, applied with a history table of their own.
 */
@NullMarked
package dev.outbox.schema;

import org.jspecify.annotations.NullMarked;
