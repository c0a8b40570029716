/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Declares the outbox's one {@link Clock}, the bean named {@value OutboxAutoConfiguration#CLOCK_BEAN_NAME}:
 * the UTC system clock unless the application declares a bean of that name. The outbox's beans take it by
 * that name; it is no default candidate, so that it never answers an application's own injection of a
 * {@link Clock} by type. Imported by each outbox auto-configuration that needs it.
 */
@Configuration(proxyBeanMethods = false)
class OutboxClockConfiguration {

    @Bean(name = OutboxAutoConfiguration.CLOCK_BEAN_NAME, defaultCandidate = false)
    @ConditionalOnMissingBean(name = OutboxAutoConfiguration.CLOCK_BEAN_NAME)
    Clock outboxClock() {
        return Clock.systemUTC();
    }
}
