/**
 * Local handlers declared on bean methods: the database as a queue.
 */
@NullMarked
package dev.outbox.handler;

import org.jspecify.annotations.NullMarked;
