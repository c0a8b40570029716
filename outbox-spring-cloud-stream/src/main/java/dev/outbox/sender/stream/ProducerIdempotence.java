/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.stream;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether a Kafka producer is idempotent, from its configuration: it then writes the records of a partition in the
 * order they were sent and fails the later ones in flight when one fails. The client enables idempotence unless told
 * otherwise or given a setting it conflicts with (acks other than all, more than 5 requests in flight per connection,
 * no retries); settings left out are the client's defaults, which allow it.
 */
final class ProducerIdempotence {

    private static final Set<String> ACKS_ALL = Set.of("all", "-1");

    private static final int MAX_IN_FLIGHT = 5;

    private ProducerIdempotence() {
    }

    static boolean of(Map<String, Object> configuration) {
        return setting(configuration, "enable.idempotence", "true").equals("true")
                && ACKS_ALL.contains(setting(configuration, "acks", "all"))
                && Integer.parseInt(setting(configuration, "max.in.flight.requests.per.connection", "5")) <= MAX_IN_FLIGHT
                && Integer.parseInt(setting(configuration, "retries", "1")) > 0;
    }

    private static String setting(Map<String, Object> configuration, String name, String otherwise) {
        Object value = configuration.get(name);
        return (value != null) ? value.toString().trim().toLowerCase(Locale.ROOT) : otherwise;
    }
}
