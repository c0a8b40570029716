/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.util.List;

import dev.outbox.message.StoredMessage;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.redis.RedisStreamMessageSender;
import dev.outbox.testing.RedisServer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order flow on the {@code redis} profile: H2 and the Redis of {@link RedisServer}; skipped, with the reason
 * printed, when there is none. Orders and tracking steps go to streams of the run's own, deleted when the context
 * closes.
 */
@ActiveProfiles("redis")
@DirtiesContext
class RedisOrderFlowTest extends OrderFlowContract {

    private static final RunDestinations STREAMS = RunDestinations.newRun();

    @Autowired
    private StringRedisTemplate redis;

    @DynamicPropertySource
    static void useTestServerAndStreams(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:redis-order-flow;DB_CLOSE_DELAY=-1");
        registry.add("spring.data.redis.host", () -> RedisServer.require().host());
        registry.add("spring.data.redis.port", () -> RedisServer.require().port());
        STREAMS.route(registry);
    }

    @Override
    protected String brokerMessageId(long messageId) {
        return "\\d+-\\d+";
    }

    @Override
    protected void delivered(StoredMessage message) {
        String entryId = recordedBrokerMessageId(message);
        List<MapRecord<String, String, String>> entries = this.redis.<String, String>opsForStream()
                .range(STREAMS.orders(), Range.closed(entryId, entryId));
        assertThat(entries).singleElement().satisfies(entry -> assertThat(entry.getValue())
                .containsEntry(OutboxHeaders.ID, Long.toString(message.id()))
                .containsEntry(OutboxHeaders.KEY, message.messageKey())
                .containsEntry(OutboxHeaders.ORDERING_KEY, message.orderingKey())
                .containsEntry(RedisStreamMessageSender.BODY_FIELD, message.body()));
        // The consumer group's listener ships the order; the same entry added again ships nothing more.
        shipsOnceAcrossARedelivery(message, () -> this.redis.opsForStream()
                .add(StreamRecords.string(entries.get(0).getValue()).withStreamKey(STREAMS.orders())));
    }

    /** Deletes the run's streams when the context closes, once the listener has stopped reading them. */
    @TestConfiguration(proxyBeanMethods = false)
    static class RunStreams {

        @Bean
        BrokerCleanup deleteRunStreams(StringRedisTemplate redis) {
            return new BrokerCleanup(() -> redis.delete(List.of(STREAMS.orders(), STREAMS.tracking())));
        }
    }
}
