/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The producer's value serializer in the dead-letter tests: a String serializer that cannot take a body marked
 * {@code unserializable} or {@code schema-violation} to any topic but a dead-letter one ({@code .DLT}), as a
 * schema-aware serializer refuses a body its topic's schema does not allow. The first fails as Kafka's own
 * serializers do, which the Kafka sender counts as rejected for good; the second with an exception of the
 * application's, which only a route's {@code non-retryable} makes final.
 */
public final class PoisonSerializer extends StringSerializer {

    @Override
    public byte[] serialize(String topic, String data) {
        if (data != null && !topic.endsWith(".DLT")) {
            if (data.contains("unserializable")) {
                throw new SerializationException("cannot serialize the body for topic " + topic);
            }
            if (data.contains("schema-violation")) {
                throw new SchemaViolationException("the body breaks the schema of topic " + topic);
            }
        }
        return super.serialize(topic, data);
    }

    /** An application's error that no retry fixes. */
    public static final class SchemaViolationException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        SchemaViolationException(String message) {
            super(message);
        }
    }
}
