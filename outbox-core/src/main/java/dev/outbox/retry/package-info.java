/**
 * Retry schedules: exponential back-off with jitter and a cap, per message type.
 */
@NullMarked
package dev.outbox.retry;

import org.jspecify.annotations.NullMarked;
