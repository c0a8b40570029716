/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The JMS property names of message headers. */
class JmsPropertyNamesTests {

    @ParameterizedTest
    @CsvSource({ "outbox-id, outbox_id", "outbox-ordering-key, outbox_ordering_key", "traceparent, traceparent",
            "X-B3-TraceId, X_B3_TraceId", "content.type, content_type", "tenant id, tenant_id", "1st, _1st",
            "NULL, _NULL", "and, _and", "JMSXGroupID, _JMSXGroupID", "JMS_IBM_Format, _JMS_IBM_Format",
            "Jms, Jms", "überweisung, überweisung", "$ref, $ref" })
    void aHeaderNameBecomesAJavaIdentifierThatIsNoSelectorWordAndDoesNotStartWithJms(String header, String property) {
        assertThat(JmsPropertyNames.of(header)).isEqualTo(property);
    }

    @Test
    void anEmptyNameIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> JmsPropertyNames.of(""))
                .withMessage("A header name must not be empty");
    }
}
