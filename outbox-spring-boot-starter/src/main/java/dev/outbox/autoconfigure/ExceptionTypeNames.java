/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.origin.Origin;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Resolves the exception class names of {@code outbox.routes.<type>.non-retryable} at start: a name that is no
 * class, or a class that is no {@link Throwable}, fails the start naming the property and where it was set.
 */
final class ExceptionTypeNames {

    private final Environment environment;

    private final @Nullable ClassLoader classLoader;

    /**
     * @param environment where the property was set, to tell where a wrong name came from
     * @param classLoader where the classes are looked for
     */
    ExceptionTypeNames(Environment environment, @Nullable ClassLoader classLoader) {
        this.environment = environment;
        this.classLoader = classLoader;
    }

    /**
     * @param property the list property, for example {@code outbox.routes.payment.non-retryable}
     * @param names its values: fully qualified class names
     * @return their classes, in order
     * @throws InvalidOutboxPropertyException when a name is no class on the class path or no exception
     */
    List<Class<? extends Throwable>> resolve(String property, List<String> names) {
        List<Class<? extends Throwable>> types = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            types.add(resolve(property, i, names.get(i).trim()));
        }
        return types;
    }

    private Class<? extends Throwable> resolve(String property, int index, String name) {
        Class<?> type;
        try {
            type = ClassUtils.forName(name, this.classLoader);
        }
        catch (ClassNotFoundException | LinkageError ex) {
            throw invalid(property, index, "names '" + name + "', which is not a class on the class path: name each "
                    + "exception by its fully qualified class name, for example java.io.UncheckedIOException", ex);
        }
        if (!Throwable.class.isAssignableFrom(type)) {
            throw invalid(property, index, "names " + type.getName() + ", which is not an exception (a subclass of "
                    + "java.lang.Throwable)", null);
        }
        return type.asSubclass(Throwable.class);
    }

    private InvalidOutboxPropertyException invalid(String property, int index, String problem,
            @Nullable Throwable cause) {
        String element = property + "[" + index + "]";
        Origin origin = originOf(element);
        return (origin != null) ? new InvalidOutboxPropertyException(element, problem, origin, cause)
                : new InvalidOutboxPropertyException(property, problem, originOf(property), cause);
    }

    /** Where a property was set: its element, for a list in YAML or indexed properties, else the whole list. */
    private @Nullable Origin originOf(String property) {
        ConfigurationPropertyName name = ConfigurationPropertyName.of(property);
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(this.environment)) {
            ConfigurationProperty value = source.getConfigurationProperty(name);
            if (value != null) {
                return value.getOrigin();
            }
        }
        return null;
    }
}
