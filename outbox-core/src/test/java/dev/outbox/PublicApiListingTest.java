/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox;

import dev.outbox.testing.ApiListingFile;
import org.junit.jupiter.api.Test;

/**
 * Keeps api/outbox-core.api, the listing of this module's public API, in step with the code.
 */
class PublicApiListingTest {

    @Test
    void thePublicApiIsTheCheckedInListing() throws Exception {
        ApiListingFile.check("outbox-core", OutboxTemplate.class);
    }
}
