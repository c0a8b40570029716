/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.PropertyMapping;

/**
 * Sets up the outbox test kit in a {@code @SpringBootTest}, on the outbox that the application's auto-configuration
 * made: the dispatcher is not started, so that it delivers only when the test calls {@link OutboxTestKit#drain()},
 * on the test's thread; every {@link dev.outbox.spi.MessageSender} bean records into a
 * {@link RecordingMessageSender} instead of reaching a broker; the outbox's clock is an {@link OutboxTestClock},
 * unless the application declares its own; and an {@link OutboxTestKit} bean is there to inject. The kit's sender
 * forgets what was sent, and what to fail, before each test method.
 *
 * <pre>{@code
 * @SpringBootTest
 * @AutoConfigureOutboxTest
 * class OrderServiceTest {
 *
 *     @Autowired OrderService orders;
 *     @Autowired OutboxTestKit outbox;
 *
 *     @Test
 *     void placingAnOrderSendsOrderCreated() {
 *         orders.place(new Order("o-1", "c-42"));
 *
 *         outbox.drain();
 *         outbox.sent().ofType("order.created").single().hasKey("o-1");
 *     }
 * }
 * }</pre>
 *
 * @see OutboxTestAutoConfiguration
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
@PropertyMapping("outbox.dispatcher")
public @interface AutoConfigureOutboxTest {

    /**
     * Whether the dispatcher starts delivering on its own threads with the context
     * ({@code outbox.dispatcher.auto-startup}). False, so that nothing races the test; with true the recording
     * sender receives in the background, and {@link OutboxTestKit#drain()} refuses to run.
     *
     * @return whether the dispatcher starts with the context
     */
    boolean autoStartup() default false;
}
