/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.observation;

import java.util.Locale;

/** The tag names of the default conventions, the same as the outbox's meters use. */
final class ObservationTags {

    static final String TYPE = "type";

    static final String TOPIC = "topic";

    static final String OUTCOME = "outcome";

    static final String CONSUMER = "consumer";

    static final String CONSUMER_GROUP = "consumer.group";

    static final String MESSAGE_ID = "outbox.message.id";

    static final String ATTEMPT = "outbox.attempt";

    static final String NONE = "none";

    private ObservationTags() {
    }

    static String lowerCase(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
