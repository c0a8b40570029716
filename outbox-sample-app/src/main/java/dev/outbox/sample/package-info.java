/**
 * The sample order service: an order and its outbox message in one transaction.
 */
@NullMarked
package dev.outbox.sample;

import org.jspecify.annotations.NullMarked;
