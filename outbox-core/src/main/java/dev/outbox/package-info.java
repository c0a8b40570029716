/**
 * The outbox API: {@link dev.outbox.OutboxTemplate} saves messages inside the caller's transaction.
 */
@NullMarked
package dev.outbox;

import org.jspecify.annotations.NullMarked;
