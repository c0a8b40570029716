/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import dev.outbox.testing.PublicApiContract;

/**
 * Keeps api/outbox-jms.api, the listing of this module's public API, in step with the code, and keeps the internal
 * packages out of it.
 */
class PublicApiListingTest extends PublicApiContract {

    PublicApiListingTest() {
        super("outbox-jms", JmsMessageSender.class);
    }
}
