/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.boot.context.properties.bind.BindableRuntimeHintsRegistrar;

/**
 * What an ahead-of-time compiled application needs of the outbox beyond the generated bean definitions: the
 * schema migrations of every database and the console's files as resources, and the starter's properties for
 * binding, {@code outbox.stores.<name>.*} included, which the starter binds itself. The methods of
 * {@code @OutboxHandler} and their parameter types are registered by the annotation
 * ({@link dev.outbox.handler.OutboxHandler}).
 */
final class OutboxRuntimeHints implements RuntimeHintsRegistrar {

    /** The Flyway migrations of the outbox, inbox and archive tables, one folder per database. */
    static final String MIGRATIONS = "db/outbox/*/*.sql";

    /** The operator console's page, script and styles. */
    static final String CONSOLE = "dev/outbox/console/*";

    @Override
    public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
        hints.resources().registerPattern(MIGRATIONS).registerPattern(CONSOLE);
        BindableRuntimeHintsRegistrar.forTypes(OutboxProperties.class, OutboxProperties.Store.class)
                .registerHints(hints, classLoader);
    }
}
