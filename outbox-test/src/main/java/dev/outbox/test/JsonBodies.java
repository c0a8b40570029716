/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import org.springframework.util.ClassUtils;

/**
 * Compares message bodies as JSON, with the application's Jackson 3: equal when they hold the same values,
 * whatever the spacing and the order of object fields.
 */
final class JsonBodies {

    private static final boolean JACKSON_PRESENT = ClassUtils.isPresent("tools.jackson.databind.json.JsonMapper",
            JsonBodies.class.getClassLoader());

    private JsonBodies() {
    }

    /**
     * @param expected the JSON a test expects
     * @param actual a message's body
     * @return whether both are the same JSON value; false when the body is no JSON
     * @throws IllegalArgumentException when the expected JSON is no JSON
     * @throws IllegalStateException when Jackson 3 is not on the class path
     */
    static boolean same(String expected, String actual) {
        if (!JACKSON_PRESENT) {
            throw new IllegalStateException("Comparing bodies as JSON needs Jackson 3 (tools.jackson.core:"
                    + "jackson-databind) on the test class path; without it, compare them as text with hasBody");
        }
        return JacksonTrees.same(expected, actual);
    }
}
