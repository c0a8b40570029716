/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import dev.outbox.testing.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The test kit uses the core's API alone, never its internal packages, as an application's test would.
 */
class ArchitectureTest {

    @Test
    void theTestKitUsesNoInternalPackageOfTheCore() {
        ModuleArchitecture.NO_INTERNAL_PACKAGE.check(ModuleArchitecture.mainClassesOf(OutboxTestKit.class));
    }
}
