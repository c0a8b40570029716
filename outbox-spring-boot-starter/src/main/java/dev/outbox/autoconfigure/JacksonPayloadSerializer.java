/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import dev.outbox.spi.PayloadSerializer;
import tools.jackson.databind.ObjectMapper;

/**
 * Serializes payloads to JSON with the application's Jackson 3 mapper, so that its modules and
 * settings apply to outbox messages too.
 */
final class JacksonPayloadSerializer implements PayloadSerializer {

    private final ObjectMapper mapper;

    JacksonPayloadSerializer(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public String serialize(Object payload) {
        return this.mapper.writeValueAsString(payload);
    }
}
