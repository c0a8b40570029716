/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import dev.outbox.testing.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The core's packages form no cycle: values and SPIs at the bottom, storage above them, the engine and the
 * entry points on top.
 */
class ArchitectureTest {

    @Test
    void theCorePackagesDependOnEachOtherOneWayOnly() {
        ModuleArchitecture.NO_PACKAGE_CYCLE.check(ModuleArchitecture.mainClassesOf(OutboxTemplate.class));
    }
}
