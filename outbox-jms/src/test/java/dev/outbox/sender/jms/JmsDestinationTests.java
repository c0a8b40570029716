/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import jakarta.jms.InvalidDestinationException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** What a message's topic names: a queue, a topic, or a destination of the default domain. */
class JmsDestinationTests {

    @Test
    void aPrefixNamesTheDomainWhateverTheDefault() throws Exception {
        assertThat(JmsDestination.of("queue:orders", true)).isEqualTo(new JmsDestination(false, "orders"));
        assertThat(JmsDestination.of("topic:orders", false)).isEqualTo(new JmsDestination(true, "orders"));
    }

    @Test
    void aNameWithoutPrefixIsOfTheDefaultDomain() throws Exception {
        assertThat(JmsDestination.of("orders", false)).isEqualTo(new JmsDestination(false, "orders"));
        assertThat(JmsDestination.of("orders", true)).isEqualTo(new JmsDestination(true, "orders"));
    }

    @Test
    void theNameAfterThePrefixIsLeftToTheProvider() throws Exception {
        // An Artemis fully qualified queue name, and IBM MQ's URI form behind the prefix.
        assertThat(JmsDestination.of("queue:orders::audit", false)).isEqualTo(new JmsDestination(false,
                "orders::audit"));
        assertThat(JmsDestination.of("queue:queue:///ORDERS", true)).isEqualTo(new JmsDestination(false,
                "queue:///ORDERS"));
        assertThat(JmsDestination.of("Queue:orders", false)).as("the prefixes are lower case")
                .isEqualTo(new JmsDestination(false, "Queue:orders"));
    }

    @Test
    void aPrefixWithoutANameIsRefusedWithTheForms() {
        assertThatExceptionOfType(InvalidDestinationException.class).isThrownBy(() -> JmsDestination.of("topic: ", true))
                .withMessage("The topic 'topic: ' names no JMS destination: write 'queue:<name>', 'topic:<name>' or a "
                        + "name of the default domain (topics)");
    }
}
