/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.redis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.outbox.spi.MessageSender;
import dev.outbox.testing.BrokerDeadLetterContract;

/**
 * Dead letters to a second Redis stream, with the core and this module only: a message whose topic's key holds a
 * string ({@code WRONGTYPE}) is FAILED after one attempt and added to its type's dead-letter stream.
 */
class RedisDeadLetterTests extends BrokerDeadLetterContract {

    private final RedisStreams redis = RedisStreams.onTheTestServer();

    private final List<String> keys = new ArrayList<>();

    @Override
    protected MessageSender sender() {
        return new RedisStreamMessageSender(this.redis.template(), 0);
    }

    @Override
    protected String newTopic() {
        String stream = "outbox-dead-letters-" + UUID.randomUUID();
        this.keys.add(stream);
        return stream;
    }

    @Override
    protected String refusingTopic() {
        String key = newTopic();
        this.redis.set(key, "not a stream");
        return key;
    }

    @Override
    protected int attemptsUntilFailed() {
        return 1;
    }

    @Override
    protected String refusal() {
        return "WRONGTYPE";
    }

    @Override
    protected List<Arrived> arrivedIn(String topic) {
        return this.redis.entries(topic).stream().map(entry -> {
            Map<String, String> headers = new LinkedHashMap<>();
            RedisStreams.fields(entry).forEach((field, value) -> headers.put((String) field, (String) value));
            String body = headers.remove(RedisStreamMessageSender.BODY_FIELD);
            return new Arrived(entry.getId().getValue(), headers, body);
        }).toList();
    }

    @Override
    protected void disconnect() {
        this.keys.forEach(this.redis::delete);
        this.redis.close();
    }
}
