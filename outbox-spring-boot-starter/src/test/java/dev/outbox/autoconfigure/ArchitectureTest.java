/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.testing.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The starter uses the core's API alone, and its own packages form no cycle.
 */
class ArchitectureTest {

    @Test
    void theStarterUsesNoInternalPackageOfTheCore() {
        ModuleArchitecture.NO_INTERNAL_PACKAGE.check(ModuleArchitecture.mainClassesOf(OutboxAutoConfiguration.class));
    }

    @Test
    void theStarterPackagesDependOnEachOtherOneWayOnly() {
        ModuleArchitecture.NO_PACKAGE_CYCLE.check(ModuleArchitecture.mainClassesOf(OutboxAutoConfiguration.class));
    }
}
