/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The rules of the modules' structure, checked on a module's compiled main classes: the core's packages
 * depend on each other one way only, and no other module uses a package of the core's {@code internal}.
 */
public final class ModuleArchitecture {

    /** Every package of the outbox is a slice; a cycle between any of them fails. */
    public static final ArchRule NO_PACKAGE_CYCLE = slices().matching("dev.(**)").namingSlices("$1")
            .should().beFreeOfCycles();

    /** Outside the core, nothing reaches {@code dev.outbox.internal} or a package below it. */
    public static final ArchRule NO_INTERNAL_PACKAGE = noClasses().should().dependOnClassesThat()
            .resideInAPackage("dev.outbox.internal..")
            .because("the core's internal packages are public only because Java has no friend packages; "
                    + "other modules use its API");

    private ModuleArchitecture() {
    }

    /**
     * @param anyMainClass a class of the module's main code
     * @return the module's main classes, as ArchUnit reads them
     */
    public static JavaClasses mainClassesOf(Class<?> anyMainClass) {
        return new ClassFileImporter().importPath(ModuleClasses.directory(anyMainClass));
    }
}
