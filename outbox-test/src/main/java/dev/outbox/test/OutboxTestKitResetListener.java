/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import org.springframework.test.context.TestContext;
import org.springframework.test.context.support.AbstractTestExecutionListener;

/**
 * Resets the {@link OutboxTestKit} bean of a test's application context before each test method, so that a cached
 * context carries neither the sends nor the simulated failures of an earlier test.
 */
final class OutboxTestKitResetListener extends AbstractTestExecutionListener {

    /** Runs after dependency injection, which loads the context, and before the test's own {@code @BeforeEach}. */
    private static final int ORDER = 5_000;

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public void beforeTestMethod(TestContext testContext) {
        if (testContext.hasApplicationContext()) {
            testContext.getApplicationContext().getBeanProvider(OutboxTestKit.class).ifAvailable(OutboxTestKit::reset);
        }
    }
}
