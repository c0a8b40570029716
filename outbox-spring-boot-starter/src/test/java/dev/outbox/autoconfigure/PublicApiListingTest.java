/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.testing.ApiListingFile;
import org.junit.jupiter.api.Test;

/**
 * Keeps api/outbox-spring-boot-starter.api, the listing of this module's public API, in step with the
 * code.
 */
class PublicApiListingTest {

    @Test
    void thePublicApiIsTheCheckedInListing() throws Exception {
        ApiListingFile.check("outbox-spring-boot-starter", OutboxAutoConfiguration.class);
    }
}
