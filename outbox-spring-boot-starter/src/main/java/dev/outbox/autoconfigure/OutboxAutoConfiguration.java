/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Clock;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.cleanup.OutboxCleaner;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.consumer.mark.ConsumedMarker;
import dev.outbox.consumer.pull.MessagePuller;
import dev.outbox.metrics.MicrometerOutboxMetrics;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.ConsumeObservationConvention;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.observation.SaveObservationConvention;
import dev.outbox.observation.SendObservationConvention;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.sender.LoggingMessageSender;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.PayloadSerializer;
import dev.outbox.spi.RetryDecision;
import dev.outbox.store.OutboxStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.sql.init.dependency.DatabaseInitializationDependencyConfigurer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.ImportRuntimeHints;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.transaction.PlatformTransactionManager;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Auto-configures the outbox on the application's {@link DataSource}, as an {@link OutboxStore}: an
 * {@link OutboxTemplate} to save messages with, the schema, a {@link Dispatcher} that delivers them
 * through the application's {@link MessageSender} beans, an {@link Inbox} and a {@link ConsumedMarker}
 * for consumers, and a cleanup job that deletes old messages and inbox keys. Configured with the
 * {@code outbox.*} properties of {@link OutboxProperties}, and for what they do not cover by
 * {@link OutboxStoreCustomizer}, {@link OutboxTemplateCustomizer} and {@link DispatcherCustomizer} beans;
 * each bean that an application may want to replace backs off when the application defines one of the
 * same type.
 *
 * <p>The outbox's clock is the {@link Clock} bean named {@value #CLOCK_BEAN_NAME}: {@link Clock#systemUTC()}
 * unless the application declares a bean of that name. Every outbox bean that reads the time takes it.
 *
 * <p>The dispatcher and the periodic jobs (cleanup, backlog gauges) run on threads of the outbox's own, never
 * on the application's executors; they are virtual threads when Spring Boot's
 * {@code spring.threads.virtual.enabled} is true on Java 21 or later.
 */
@AutoConfiguration(
        after = { DataSourceAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
                TransactionAutoConfiguration.class },
        afterName = { "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
                "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration",
                "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
                "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
                "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration" })
@ConditionalOnBean(DataSource.class)
@ConditionalOnBooleanProperty(name = "outbox.enabled", matchIfMissing = true)
@EnableConfigurationProperties(OutboxProperties.class)
@Import({ DatabaseInitializationDependencyConfigurer.class, OutboxClockConfiguration.class })
@ImportRuntimeHints(OutboxRuntimeHints.class)
public final class OutboxAutoConfiguration {

    /** The name of the outbox's {@link Clock} bean, which an application may declare to replace it. */
    public static final String CLOCK_BEAN_NAME = "outboxClock";

    OutboxAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    OutboxStore outboxStore(DataSource dataSource, Environment environment,
            ObjectProvider<OutboxStoreCustomizer> customizers) {
        return components(environment).store(dataSource, null, customizers.orderedStream());
    }

    @Bean
    @ConditionalOnMissingBean
    PayloadSerializer outboxPayloadSerializer() {
        return PayloadSerializer.textOnly();
    }

    @Bean
    @ConditionalOnMissingBean
    OutboxMetrics outboxMetrics() {
        return OutboxMetrics.NONE;
    }

    @Bean
    @ConditionalOnMissingBean
    OutboxObservations outboxObservations() {
        return OutboxObservations.NONE;
    }

    @Bean
    @ConditionalOnMissingBean
    @DependsOnDatabaseInitialization
    OutboxTemplate outboxTemplate(OutboxStore store, PayloadSerializer serializer, OutboxMetrics metrics,
            OutboxObservations observations, Environment environment, ObjectProvider<Dispatcher> dispatcher,
            @Qualifier(CLOCK_BEAN_NAME) Clock clock, ObjectProvider<OutboxTemplateCustomizer> customizers) {
        return components(environment).template(store, serializer, metrics, observations, dispatcher.getIfUnique(),
                clock, customizers.orderedStream());
    }

    @Bean
    @ConditionalOnMissingBean
    @DependsOnDatabaseInitialization
    Inbox outboxInbox(OutboxStore store, OutboxObservations observations, @Qualifier(CLOCK_BEAN_NAME) Clock clock) {
        return StoreComponents.inbox(store, observations, clock);
    }

    @Bean
    @ConditionalOnMissingBean
    ConsumedMarker outboxConsumedMarker(OutboxStore store, @Qualifier(CLOCK_BEAN_NAME) Clock clock) {
        return ConsumedMarker.builder(store).clock(clock).build();
    }

    private static StoreComponents components(Environment environment) {
        return new StoreComponents(OutboxSettings.of(environment));
    }

    @Bean
    OutboxScheduler outboxScheduler(ObjectProvider<PeriodicJob> jobs, Environment environment) {
        return new OutboxScheduler(jobs.orderedStream().toList(), OutboxThreads.of(environment));
    }

    @Bean
    @ConditionalOnBooleanProperty("outbox.logging-sender.enabled")
    LoggingMessageSender loggingMessageSender() {
        return new LoggingMessageSender();
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(JsonMapper.class)
    static class JacksonPayloadSerializerConfiguration {

        @Bean
        @ConditionalOnMissingBean
        PayloadSerializer outboxJacksonPayloadSerializer(ObjectProvider<JsonMapper> jsonMapper,
                ObjectProvider<ObjectMapper> objectMapper) {
            ObjectMapper mapper = jsonMapper.getIfUnique();
            return new JacksonPayloadSerializer((mapper != null) ? mapper : objectMapper.getIfUnique(JsonMapper::shared));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    @ConditionalOnBean(MeterRegistry.class)
    static class MicrometerMetricsConfiguration {

        @Bean
        @ConditionalOnMissingBean
        OutboxMetrics outboxMicrometerMetrics(MeterRegistry registry) {
            return new MicrometerOutboxMetrics(registry);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBean(ObservationRegistry.class)
    @ConditionalOnBooleanProperty(name = "outbox.observations.enabled", matchIfMissing = true)
    static class ObservationConfiguration {

        @Bean
        @ConditionalOnMissingBean
        OutboxObservations outboxRegistryObservations(ObservationRegistry registry,
                ObjectProvider<SaveObservationConvention> saveConvention,
                ObjectProvider<SendObservationConvention> sendConvention,
                ObjectProvider<ConsumeObservationConvention> consumeConvention) {
            OutboxObservations observations = OutboxObservations.of(registry);
            SaveObservationConvention save = saveConvention.getIfUnique();
            SendObservationConvention send = sendConvention.getIfUnique();
            ConsumeObservationConvention consume = consumeConvention.getIfUnique();
            observations = (save != null) ? observations.saveConvention(save) : observations;
            observations = (send != null) ? observations.sendConvention(send) : observations;
            return (consume != null) ? observations.consumeConvention(consume) : observations;
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "outbox.schema.mode", havingValue = "separate", matchIfMissing = true)
    static class SeparateSchemaConfiguration {

        @Bean
        @ConditionalOnMissingBean
        OutboxSchemaInitializer outboxSchemaInitializer(OutboxStore store, ResourceLoader resourceLoader) {
            SeparateSchemaCheck.requireFlyway(resourceLoader.getClassLoader());
            return new OutboxSchemaInitializer(store);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "outbox.schema.mode", havingValue = "application")
    static class ApplicationSchemaConfiguration {

        @Bean
        ApplicationSchemaCheck outboxApplicationSchemaCheck(ListableBeanFactory beanFactory,
                ResourceLoader resourceLoader) {
            return new ApplicationSchemaCheck(beanFactory, resourceLoader.getClassLoader());
        }

        @Configuration(proxyBeanMethods = false)
        @ConditionalOnClass(name = ApplicationSchemaCheck.FLYWAY_CUSTOMIZER)
        static class FlywayCustomizerConfiguration {

            @Bean
            OutboxFlywayConfigurationCustomizer outboxFlywayConfigurationCustomizer(OutboxStore store,
                    ApplicationSchemaCheck check) {
                return new OutboxFlywayConfigurationCustomizer(store, check);
            }
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "outbox.dispatcher.enabled", matchIfMissing = true)
    static class DispatcherConfiguration {

        @Bean
        static OutboxHandlerMethodProcessor outboxHandlerMethodProcessor() {
            return new OutboxHandlerMethodProcessor();
        }

        @Bean
        @ConditionalOnMissingBean
        MessageRoutes outboxMessageRoutes(OutboxProperties properties, ListableBeanFactory beanFactory,
                OutboxHandlerMethodProcessor handlerMethods, Environment environment, ResourceLoader resourceLoader) {
            LocalHandlerRegistry handlers = handlerMethods.discover(BodyReader.detect(beanFactory));
            return new MessageRoutesFactory(beanFactory.getBeansOfType(MessageSender.class), handlers,
                    new ExceptionTypeNames(environment, resourceLoader.getClassLoader())).routes(properties);
        }

        @Bean
        @ConditionalOnMissingBean
        RetryPolicies outboxRetryPolicies(Environment environment) {
            return OutboxSettings.of(environment).retryPolicies();
        }

        @Bean
        @ConditionalOnMissingBean
        @DependsOnDatabaseInitialization
        Dispatcher outboxDispatcher(OutboxStore store, MessageRoutes routes, RetryPolicies retryPolicies,
                OutboxMetrics metrics, OutboxObservations observations, @Qualifier(CLOCK_BEAN_NAME) Clock clock,
                ObjectProvider<PlatformTransactionManager> transactionManager, Environment environment,
                ObjectProvider<RetryDecision> retryDecision, ObjectProvider<DispatcherCustomizer> customizers) {
            return components(environment).dispatcher(store, routes, retryPolicies, retryDecision.getIfUnique(),
                    metrics, observations, clock, transactionManager.getIfUnique(), OutboxThreads.of(environment),
                    customizers.orderedStream());
        }

        @Bean
        @ConditionalOnMissingBean
        MessagePuller outboxMessagePuller(OutboxStore store, RetryPolicies retryPolicies,
                OutboxMetrics metrics, OutboxObservations observations, OutboxProperties properties,
                @Qualifier(CLOCK_BEAN_NAME) Clock clock, Environment environment) {
            return components(environment).puller(store, properties.getPull().getTopics(), retryPolicies, metrics,
                    observations, clock);
        }

        @Bean
        @ConditionalOnMissingBean
        OutboxDispatcherLifecycle outboxDispatcherLifecycle(Dispatcher dispatcher, OutboxProperties properties) {
            return new OutboxDispatcherLifecycle(dispatcher, properties.getDispatcher().isAutoStartup());
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "outbox.cleanup.enabled", matchIfMissing = true)
    static class CleanupConfiguration {

        @Bean
        @ConditionalOnMissingBean
        OutboxCleaner outboxCleaner(OutboxStore store, OutboxProperties properties, Environment environment) {
            return components(environment).cleaner(store, properties.getInbox().isCleanupEnabled());
        }

        @Bean
        @ConditionalOnMissingBean
        @DependsOnDatabaseInitialization
        OutboxCleanupJob outboxCleanupJob(OutboxCleaner cleaner, OutboxProperties properties,
                @Qualifier(CLOCK_BEAN_NAME) Clock clock) {
            return StoreComponents.cleanupJob(cleaner, properties.getCleanup(), clock);
        }
    }
}
