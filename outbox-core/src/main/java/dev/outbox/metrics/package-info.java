/**
 * Metrics hooks and their Micrometer implementation, and the backlog gauges.
 */
@NullMarked
package dev.outbox.metrics;

import org.jspecify.annotations.NullMarked;
