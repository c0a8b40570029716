/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.redis.autoconfigure;

import dev.outbox.Dispatcher;
import dev.outbox.sender.redis.RedisStreamMessageSender;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;

/**
 * Registers a {@link RedisStreamMessageSender} named {@value #SENDER_BEAN_NAME} on the application's
 * {@link ReactiveStringRedisTemplate} (Spring Boot's, from {@code spring.data.redis.*}), when the template exists,
 * this instance runs a dispatcher and {@code outbox.redis.enabled} is not false. {@code outbox.redis.max-length}
 * bounds each stream. Route message types to it with {@code outbox.routes.<type>.sender=redisMessageSender} or
 * {@code outbox.default-sender}.
 */
@AutoConfiguration(afterName = { "dev.outbox.autoconfigure.OutboxAutoConfiguration",
        "org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration" })
@ConditionalOnClass(ReactiveStringRedisTemplate.class)
@ConditionalOnSingleCandidate(ReactiveStringRedisTemplate.class)
@ConditionalOnBean(Dispatcher.class)
@ConditionalOnBooleanProperty(name = "outbox.redis.enabled", matchIfMissing = true)
public final class OutboxRedisAutoConfiguration {

    /** The name of the Redis sender bean. */
    public static final String SENDER_BEAN_NAME = "redisMessageSender";

    /** The property that bounds each stream. */
    static final String MAX_LENGTH = "outbox.redis.max-length";

    OutboxRedisAutoConfiguration() {
    }

    @Bean(SENDER_BEAN_NAME)
    @ConditionalOnMissingBean
    RedisStreamMessageSender redisMessageSender(ReactiveStringRedisTemplate redis, Environment environment) {
        return new RedisStreamMessageSender(redis, environment.getProperty(MAX_LENGTH, Long.class, 0L));
    }
}
