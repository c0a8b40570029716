/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.nio.file.Path;

/**
 * On an H2 file database, which the backlog drain's second JVM reaches through H2's automatic
 * server mode.
 */
class H2BenchmarkSmokeTest extends BenchmarkSmokeContract {

    @Override
    String url() {
        Path file = Path.of("target", "benchmark-smoke", "h2").toAbsolutePath();
        return "jdbc:h2:file:" + file + ";AUTO_SERVER=TRUE";
    }

    @Override
    String user() {
        return "sa";
    }

    @Override
    String password() {
        return "";
    }
}
