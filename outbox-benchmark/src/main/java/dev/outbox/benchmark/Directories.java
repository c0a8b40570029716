/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The data directories of the brokers that phase B runs in the benchmark's JVM.
 */
final class Directories {

    private Directories() {
    }

    /**
     * Deletes a directory and everything in it.
     *
     * @param directory the directory
     */
    static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException("Could not delete " + directory, ex);
        }
    }
}
