/**
 * The dispatcher: claims due messages, sends them through the routed sender and records the outcome. {@link dev.outbox.dispatch.Dispatcher} and its settings are public; the loop itself is internal.
 */
@NullMarked
package dev.outbox.dispatch;

import org.jspecify.annotations.NullMarked;
