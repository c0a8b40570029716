/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.util.Map;
import java.util.UUID;

/**
 * The test kit on an in-memory H2 database, the embedded default of the sample application.
 */
class H2OutboxTestKitTest extends OutboxTestKitContract {

    private final String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

    @Override
    protected Map<String, String> dataSource() {
        return Map.of("spring.datasource.url", this.url);
    }
}
