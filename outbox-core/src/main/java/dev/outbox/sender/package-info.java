/**
 * Senders that need no broker library.
 */
@NullMarked
package dev.outbox.sender;

import org.jspecify.annotations.NullMarked;
