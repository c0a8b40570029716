/**
 * The outbox API: {@link dev.outbox.OutboxTemplate} saves messages inside the caller's transaction, and marks
 * them consumed for consumers that share its database.
 */
@NullMarked
package dev.outbox;

import org.jspecify.annotations.NullMarked;
