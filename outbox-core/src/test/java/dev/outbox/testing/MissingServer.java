/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test does when a real server it needs is not there: it is skipped with the reason, unless
 * the server is required, and then it fails with the reason.
 *
 * <p>{@value #REQUIRE_VARIABLE} lists the required servers, separated by commas: {@code mariadb},
 * {@code postgres}, {@code rabbitmq}, {@code redis}, {@code nats}, {@code browser}, or {@code all}. {@code .ci/run} requires all of
 * them, so that CI can never pass while a suite did not run.
 */
public final class MissingServer {

    /** The variable that lists the servers whose absence fails a test instead of skipping it. */
    public static final String REQUIRE_VARIABLE = "OUTBOX_TEST_REQUIRE";

    private MissingServer() {
    }

    /**
     * Skips the calling test, or fails it when the server is required.
     *
     * @param server the server's name in {@value #REQUIRE_VARIABLE}
     * @param reason why it is missing and how to provide it
     * @return never; declared so that callers can {@code throw} it for the compiler's sake
     */
    public static RuntimeException skipOrFail(String server, String reason) {
        if (required(System.getenv(REQUIRE_VARIABLE), server)) {
            throw new IllegalStateException("The test server '" + server + "' is required (" + REQUIRE_VARIABLE
                    + ") but missing: " + reason);
        }
        System.err.println("SKIPPED: " + reason);
        Assumptions.abort(reason);
        return new IllegalStateException(reason);
    }

    static boolean required(String setting, String server) {
        if (setting == null) {
            return false;
        }
        Set<String> required = Arrays.stream(setting.split(",")).map(name -> name.trim().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        return required.contains("all") || required.contains(server);
    }
}
