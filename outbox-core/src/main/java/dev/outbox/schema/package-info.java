/**
 * The Flyway migrations of the outbox and inbox tables, applied with a history table of their own.
 */
@NullMarked
package dev.outbox.schema;

import org.jspecify.annotations.NullMarked;
