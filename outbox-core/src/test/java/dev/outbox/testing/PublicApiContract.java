/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checks of a published module's public API, which each module's {@code PublicApiListingTest} extends: the
 * checked-in listing {@code api/<module>.api} is in step with the code, and no public signature exposes a type of
 * an internal package.
 */
public abstract class PublicApiContract {

    private final String module;

    private final Class<?> anyMainClass;

    /**
     * @param module the module's artifact id, which names its listing
     * @param anyMainClass a class of the module's main code, whose class directory is listed
     */
    protected PublicApiContract(String module, Class<?> anyMainClass) {
        this.module = module;
        this.anyMainClass = anyMainClass;
    }

    @Test
    void thePublicApiIsTheCheckedInListing() throws Exception {
        ApiListingFile.check(this.module, this.anyMainClass);
    }

    @Test
    void noPublicSignatureExposesATypeOfAnInternalPackage() throws Exception {
        assertThat(InternalTypeExposure.of(ModuleClasses.topLevelTypes(this.anyMainClass))).isEmpty();
    }
}
