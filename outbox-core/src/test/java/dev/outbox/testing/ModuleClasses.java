/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The compiled main classes of the module under test, read from its class directory.
 */
public final class ModuleClasses {

    private ModuleClasses() {
    }

    /**
     * @param anyMainClass a class of the module's main code
     * @return the directory its classes were compiled to
     */
    public static Path directory(Class<?> anyMainClass) {
        try {
            Path location = Path.of(anyMainClass.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isDirectory(location)) {
                throw new IllegalStateException(anyMainClass + " was loaded from " + location
                        + ", not from a class directory");
            }
            return location;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param anyMainClass a class of the module's main code
     * @return every top-level type of the module's main code, sorted by name, not initialized
     * @throws IOException when the class directory cannot be read
     */
    public static List<Class<?>> topLevelTypes(Class<?> anyMainClass) throws IOException {
        Path classes = directory(anyMainClass);
        ClassLoader loader = anyMainClass.getClassLoader();
        try (Stream<Path> files = Files.walk(classes)) {
            return files
                    .map(file -> classes.relativize(file).toString())
                    .filter(name -> name.endsWith(".class") && !name.contains("$") && !name.endsWith("-info.class"))
                    .map(name -> name.substring(0, name.length() - ".class".length()).replace(File.separatorChar, '.'))
                    .sorted()
                    .<Class<?>>map(name -> load(name, loader))
                    .toList();
        }
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
