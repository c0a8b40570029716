/**
 * Metrics hooks and their Micrometer implementation.
 */
@NullMarked
package dev.outbox.metrics;

import org.jspecify.annotations.NullMarked;
