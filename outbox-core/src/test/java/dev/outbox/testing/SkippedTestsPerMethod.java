/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.lang.reflect.Method;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * Makes a test class that is skipped in its {@code @BeforeAll} (no server) report each of its tests
 * as skipped, with the reason, rather than no test at all: Surefire counts a class aborted before
 * its tests as "Tests run: 0", which hides a suite that did not run. Registered for every test
 * through the JUnit service loader ({@code junit.jupiter.extensions.autodetection.enabled}).
 */
public final class SkippedTestsPerMethod implements LifecycleMethodExecutionExceptionHandler, ExecutionCondition {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace
            .create(SkippedTestsPerMethod.class);

    private static final String REASON = "reason";

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable throwable)
            throws Throwable {
        if (!(throwable instanceof TestAbortedException)) {
            throw throwable;
        }
        context.getStore(NAMESPACE).put(REASON, String.valueOf(throwable.getMessage()));
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String reason = context.getTestMethod().map(Method::getName).isPresent()
                ? context.getStore(NAMESPACE).get(REASON, String.class) : null;
        return (reason != null) ? ConditionEvaluationResult.disabled(reason)
                : ConditionEvaluationResult.enabled("no server is missing");
    }
}
