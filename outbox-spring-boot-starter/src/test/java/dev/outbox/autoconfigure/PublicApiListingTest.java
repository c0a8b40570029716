/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.testing.ApiListingFile;
import dev.outbox.testing.InternalTypeExposure;
import dev.outbox.testing.ModuleClasses;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps api/outbox-spring-boot-starter.api, the listing of this module's public API, in step with the
 * code, and keeps the internal packages out of it.
 */
class PublicApiListingTest {

    @Test
    void thePublicApiIsTheCheckedInListing() throws Exception {
        ApiListingFile.check("outbox-spring-boot-starter", OutboxAutoConfiguration.class);
    }

    @Test
    void noPublicSignatureExposesATypeOfAnInternalPackage() throws Exception {
        assertThat(InternalTypeExposure.of(ModuleClasses.topLevelTypes(OutboxAutoConfiguration.class))).isEmpty();
    }
}
