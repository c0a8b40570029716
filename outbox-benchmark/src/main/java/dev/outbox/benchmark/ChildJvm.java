/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a main class of the benchmark in a JVM of its own, on this JVM's class path, with the
 * database password in its environment rather than on its command line. Its standard error goes to
 * this JVM's; its standard output is the caller's to read.
 */
final class ChildJvm {

    private ChildJvm() {
    }

    /**
     * @param main the class to run
     * @param jvmOptions options of the JVM, such as {@code -Xmx256m}
     * @param arguments the main class's arguments
     * @param password the database password
     * @return the running process
     * @throws IOException when the JVM cannot be started
     */
    static Process start(Class<?> main, List<String> jvmOptions, List<String> arguments, String password)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put(BenchmarkOptions.PASSWORD_VARIABLE, password);
        return builder.start();
    }
}
