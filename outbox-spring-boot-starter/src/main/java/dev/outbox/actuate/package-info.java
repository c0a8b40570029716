/**
 * Spring Boot Actuator parts: the {@code outbox} web endpoint ({@link dev.outbox.actuate.OutboxEndpoint}) and the
 * {@code outbox} health indicator ({@link dev.outbox.actuate.OutboxHealthIndicator}).
 */
@NullMarked
package dev.outbox.actuate;

import org.jspecify.annotations.NullMarked;
