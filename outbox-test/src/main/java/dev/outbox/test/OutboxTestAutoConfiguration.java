/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.test;

import java.time.Clock;

import dev.outbox.Dispatcher;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.autoconfigure.OutboxAutoConfiguration;
import dev.outbox.autoconfigure.OutboxStoresAutoConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configures the test kit, imported by {@link AutoConfigureOutboxTest} (or listed in an
 * {@code ApplicationContextRunner}'s auto-configurations): an {@link OutboxTestKit} bean on the application's
 * dispatcher and admin, a {@link RecordingMessageSender} in the place of every {@link dev.outbox.spi.MessageSender}
 * bean (each under its bean name, so that routes still find it), and an {@link OutboxTestClock} as the outbox's
 * clock ({@value OutboxAutoConfiguration#CLOCK_BEAN_NAME}) unless the application declares its own.
 *
 * <p>It does not stop the dispatcher from starting its own threads: {@code outbox.dispatcher.auto-startup=false}
 * does, which {@link AutoConfigureOutboxTest} sets.
 */
@AutoConfiguration(before = { OutboxStoresAutoConfiguration.class, OutboxAutoConfiguration.class })
public final class OutboxTestAutoConfiguration {

    OutboxTestAutoConfiguration() {
    }

    @Bean
    static RecordingSenders outboxRecordingSenders() {
        return new RecordingSenders();
    }

    @Bean(name = OutboxAutoConfiguration.CLOCK_BEAN_NAME, defaultCandidate = false)
    @ConditionalOnMissingBean(name = OutboxAutoConfiguration.CLOCK_BEAN_NAME)
    OutboxTestClock outboxTestClock() {
        return new OutboxTestClock();
    }

    @Bean
    @ConditionalOnMissingBean
    OutboxTestKit outboxTestKit(ObjectProvider<Dispatcher> dispatchers, ObjectProvider<OutboxAdmin> admins,
            RecordingSenders senders, @Qualifier(OutboxAutoConfiguration.CLOCK_BEAN_NAME) Clock clock) {
        Dispatcher dispatcher = dispatchers.getIfUnique();
        OutboxAdmin admin = admins.getIfUnique();
        if (dispatcher == null || admin == null) {
            throw new IllegalStateException("The outbox test kit needs the outbox's one dispatcher and admin: keep "
                    + "outbox.enabled and outbox.dispatcher.enabled true, with one store (outbox.stores is not "
                    + "supported by the kit)");
        }
        OutboxTestKit.Builder kit = OutboxTestKit.builder(dispatcher, senders.recorder()).admin(admin);
        if (clock instanceof OutboxTestClock testClock) {
            kit.clock(testClock);
        }
        return kit.build();
    }
}
