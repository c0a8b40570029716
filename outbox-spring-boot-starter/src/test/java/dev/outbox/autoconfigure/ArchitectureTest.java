/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.outbox.sender.jms.JmsMessageSender;
import dev.outbox.sender.kafka.KafkaMessageSender;
import dev.outbox.sender.nats.NatsJetStreamMessageSender;
import dev.outbox.sender.rabbit.RabbitMessageSender;
import dev.outbox.sender.redis.RedisStreamMessageSender;
import dev.outbox.sender.rocketmq.RocketMqMessageSender;
import dev.outbox.sender.stream.StreamDeliveryException;
import dev.outbox.testing.ModuleArchitecture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The starter and the broker modules use the core's API alone, and the starter's own packages form no cycle.
 */
class ArchitectureTest {

    @Test
    void theStarterUsesNoInternalPackageOfTheCore() {
        ModuleArchitecture.NO_INTERNAL_PACKAGE.check(ModuleArchitecture.mainClassesOf(OutboxAutoConfiguration.class));
    }

    @ParameterizedTest
    @ValueSource(classes = { KafkaMessageSender.class, RabbitMessageSender.class, RocketMqMessageSender.class,
            RedisStreamMessageSender.class, NatsJetStreamMessageSender.class, JmsMessageSender.class,
            // Of the Spring Cloud Stream module, a class that needs no Spring Cloud Stream on this class path.
            StreamDeliveryException.class })
    void aBrokerModuleUsesNoInternalPackageOfTheCore(Class<?> sender) {
        // By package, as a broker module is a jar on this class path once the reactor packaged it.
        ModuleArchitecture.NO_INTERNAL_PACKAGE.check(new ClassFileImporter().importPackagesOf(sender));
    }

    @Test
    void theStarterPackagesDependOnEachOtherOneWayOnly() {
        ModuleArchitecture.NO_PACKAGE_CYCLE.check(ModuleArchitecture.mainClassesOf(OutboxAutoConfiguration.class));
    }
}
