/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Jackson 3 part of {@link JsonBodies}, loaded only when Jackson is on the class path.
 */
final class JacksonTrees {

    private JacksonTrees() {
    }

    static boolean same(String expected, String actual) {
        JsonNode expectedTree;
        try {
            expectedTree = JsonMapper.shared().readTree(expected);
        }
        catch (JacksonException ex) {
            throw new IllegalArgumentException("The expected JSON is no JSON: " + ex.getOriginalMessage(), ex);
        }
        try {
            return expectedTree.equals(JsonMapper.shared().readTree(actual));
        }
        catch (JacksonException ex) {
            return false;
        }
    }
}
