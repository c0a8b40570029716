/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.outbox.MessageRoutes;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import dev.outbox.sender.OutboxHeaders;
import dev.outbox.sender.redis.RedisStreamMessageSender;
import dev.outbox.sender.redis.autoconfigure.OutboxRedisAutoConfiguration;
import dev.outbox.testing.RedisServer;
import dev.outbox.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Redis Streams sender wired by its auto-configuration on Spring Boot's reactive template, delivering
 * through the dispatcher to the real Redis server, with {@code outbox.redis.*} applied.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisDeliveryTests {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private TestDatabase database;

    private RedisServer redis;

    @BeforeAll
    void start() {
        this.redis = RedisServer.require();
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "redis_delivery");
    }

    @AfterAll
    void stop() {
        if (this.database != null) {
            this.database.close();
        }
    }

    private ApplicationContextRunner runner() {
        return OutboxContexts.on(this.database)
                .withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class,
                        DataRedisReactiveAutoConfiguration.class, OutboxRedisAutoConfiguration.class))
                .withPropertyValues("spring.data.redis.host=" + this.redis.host(),
                        "spring.data.redis.port=" + this.redis.port(), "outbox.dispatcher.poll-interval=100ms");
    }

    @Test
    void aMessageArrivesInTheStreamOfItsTopicWithItsHeadersAndRecordsTheEntryId() {
        String stream = "outbox-delivery-" + UUID.randomUUID();
        runner().run(context -> {
            assertThat(context).hasNotFailed().hasBean(OutboxRedisAutoConfiguration.SENDER_BEAN_NAME);
            assertThat(context.getBean(MessageRoutes.class).senderFor("any"))
                    .containsSame(context.getBean(RedisStreamMessageSender.class));
            SaveResult saved = OutboxContexts.save(context, outbox -> outbox.message("order.created").key("order-1")
                    .topic(stream).payload("{\"orderId\":1}").orderingKey("customer-7").save());
            OutboxContexts.awaitSent(context, saved.id());

            List<MapRecord<String, Object, Object>> entries = entries(context, stream);
            assertThat(entries).hasSize(1);
            assertThat(entries.get(0).getValue()).containsEntry(OutboxHeaders.ID, Long.toString(saved.id()))
                    .containsEntry(OutboxHeaders.KEY, "order-1").containsEntry(OutboxHeaders.ORDERING_KEY, "customer-7")
                    .containsEntry(RedisStreamMessageSender.BODY_FIELD, "{\"orderId\":1}");
            assertThat(OutboxContexts.stored(context, saved.id()).brokerMessageId())
                    .isEqualTo(entries.get(0).getId().getValue());
            delete(context, stream);
        });
    }

    @Test
    void theMaximumLengthBoundsEachStream() {
        String stream = "outbox-bounded-" + UUID.randomUUID();
        runner().withPropertyValues("outbox.redis.max-length=10").run(context -> {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 150; i++) {
                String key = "order-" + i;
                ids.add(OutboxContexts.save(context, outbox -> outbox.message("order.created").key(key).topic(stream)
                        .payload("{}").save()).id());
            }
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(ids).allSatisfy(id -> assertThat(
                    OutboxContexts.stored(context, id).state()).isEqualTo(MessageState.SENT)));

            // MAXLEN ~ trims whole nodes of the stream (100 entries each by default): about the maximum, never fewer.
            assertThat(context.getBean(ReactiveStringRedisTemplate.class).opsForStream().size(stream).block(PATIENCE))
                    .isBetween(10L, 149L);
            delete(context, stream);
        });
    }

    @Test
    void theSenderCanBeSwitchedOffAndANegativeMaximumLengthFailsTheStart() {
        runner().withPropertyValues("outbox.redis.enabled=false", "outbox.logging-sender.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RedisStreamMessageSender.class));
        runner().withPropertyValues("outbox.redis.max-length=-1").run(context -> assertThat(context)
                .getFailure().hasStackTraceContaining("outbox.redis.max-length"));
    }

    private static List<MapRecord<String, Object, Object>> entries(ApplicationContext context, String stream) {
        return context.getBean(ReactiveStringRedisTemplate.class).opsForStream().range(stream, Range.unbounded())
                .collectList().block(PATIENCE);
    }

    private static void delete(ApplicationContext context, String stream) {
        context.getBean(ReactiveStringRedisTemplate.class).delete(stream).block(PATIENCE);
    }
}
