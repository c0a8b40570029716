/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.outbox.OutboxStore;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.BacklogLimits;
import dev.outbox.cleanup.CleanupSettings;
import dev.outbox.dispatch.ClaimStrategy;
import dev.outbox.dispatch.DispatcherSettings;
import dev.outbox.retry.RetryPolicy;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The {@code outbox.*} configuration properties. Every default is the core's named constant; the
 * values are validated when the outbox's beans are created, and an invalid one fails the start with
 * the full property name. See {@code docs/configuration.md} for the reference.
 */
@ConfigurationProperties("outbox")
public class OutboxProperties {

    /**
     * Whether the outbox is enabled. When false, no outbox bean is created.
     */
    private boolean enabled = true;

    /**
     * Name of the outbox table: a plain SQL identifier (letters, digits and underscores, starting
     * with a letter or underscore, at most 48 characters).
     */
    private String tableName = OutboxStore.DEFAULT_OUTBOX_TABLE;

    /**
     * Largest serialized payload that a save accepts, counted in UTF-8 bytes; at most 16MB - 1B.
     */
    private DataSize maxPayloadSize = DataSize.ofBytes(OutboxTemplate.MAX_PAYLOAD_SIZE.defaultValue());

    /**
     * Name of the MessageSender bean that delivers every message type without a route of its own.
     * When not set and exactly one MessageSender bean exists, that bean is the default sender.
     */
    private @Nullable String defaultSender;

    /**
     * Routes per message type: outbox.routes.order-created.sender=kafkaMessageSender sends the type
     * order-created through the MessageSender bean named kafkaMessageSender, and
     * outbox.routes.order-created.topic=orders sends it to the destination orders instead of the
     * topic it was saved with. Put a type with dots or upper-case letters in brackets:
     * outbox.routes[order.created].sender.
     */
    private final Map<String, Route> routes = new LinkedHashMap<>();

    private final Schema schema = new Schema();

    private final Inbox inbox = new Inbox();

    private final Dispatcher dispatcher = new Dispatcher();

    private final Retry retry = new Retry();

    private final LoggingSender loggingSender = new LoggingSender();

    private final Kafka kafka = new Kafka();

    private final Rabbit rabbit = new Rabbit();

    private final RocketMq rocketmq = new RocketMq();

    private final Pull pull = new Pull();

    private final Health health = new Health();

    private final Console console = new Console();

    private final Cleanup cleanup = new Cleanup();

    private final Metrics metrics = new Metrics();

    /** {@return the value of {@code outbox.enabled}} */
    public boolean isEnabled() {
        return this.enabled;
    }

    /** @param enabled the new value of {@code outbox.enabled} */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /** {@return the value of {@code outbox.table-name}} */
    public String getTableName() {
        return this.tableName;
    }

    /** @param tableName the new value of {@code outbox.table-name} */
    public void setTableName(String tableName) {
        this.tableName = tableName;
    }

    /** {@return the value of {@code outbox.max-payload-size}} */
    public DataSize getMaxPayloadSize() {
        return this.maxPayloadSize;
    }

    /** @param maxPayloadSize the new value of {@code outbox.max-payload-size} */
    public void setMaxPayloadSize(DataSize maxPayloadSize) {
        this.maxPayloadSize = maxPayloadSize;
    }

    /** {@return the value of {@code outbox.default-sender}} */
    public @Nullable String getDefaultSender() {
        return this.defaultSender;
    }

    /** @param defaultSender the new value of {@code outbox.default-sender} */
    public void setDefaultSender(@Nullable String defaultSender) {
        this.defaultSender = defaultSender;
    }

    /** {@return the {@code outbox.routes.*} settings} */
    public Map<String, Route> getRoutes() {
        return this.routes;
    }

    /** {@return the {@code outbox.schema.*} settings} */
    public Schema getSchema() {
        return this.schema;
    }

    /** {@return the {@code outbox.inbox.*} settings} */
    public Inbox getInbox() {
        return this.inbox;
    }

    /** {@return the {@code outbox.dispatcher.*} settings} */
    public Dispatcher getDispatcher() {
        return this.dispatcher;
    }

    /** {@return the {@code outbox.retry.*} settings} */
    public Retry getRetry() {
        return this.retry;
    }

    /** {@return the {@code outbox.logging-sender.*} settings} */
    public LoggingSender getLoggingSender() {
        return this.loggingSender;
    }

    /** {@return the {@code outbox.kafka.*} settings} */
    public Kafka getKafka() {
        return this.kafka;
    }

    /** {@return the {@code outbox.rabbit.*} settings} */
    public Rabbit getRabbit() {
        return this.rabbit;
    }

    /** {@return the {@code outbox.rocketmq.*} settings} */
    public RocketMq getRocketmq() {
        return this.rocketmq;
    }

    /** {@return the {@code outbox.pull.*} settings} */
    public Pull getPull() {
        return this.pull;
    }

    /** {@return the {@code outbox.health.*} settings} */
    public Health getHealth() {
        return this.health;
    }

    /** {@return the {@code outbox.console.*} settings} */
    public Console getConsole() {
        return this.console;
    }

    /** {@return the {@code outbox.cleanup.*} settings} */
    public Cleanup getCleanup() {
        return this.cleanup;
    }

    /** {@return the {@code outbox.metrics.*} settings} */
    public Metrics getMetrics() {
        return this.metrics;
    }

    /**
     * How the outbox table is created.
     */
    public enum SchemaMode {

        /**
         * The starter applies the outbox's Flyway migrations itself, recording them in a history
         * table of their own ({@code outbox_schema_history}), after the application's own Flyway
         * or Liquibase migrations ran.
         */
        SEPARATE,

        /**
         * The application's Spring Boot Flyway applies the outbox's migrations together with its
         * own: the starter adds their location and placeholder to it. Needs spring-boot-flyway.
         */
        APPLICATION,

        /**
         * Nothing is created: the table is managed by the application.
         */
        NONE
    }

    /**
     * Schema management.
     */
    public static class Schema {

        /**
         * How the outbox table is created: separate (the starter migrates it with its own history
         * table), application (the application's Flyway migrates it) or none.
         */
        private SchemaMode mode = SchemaMode.SEPARATE;

        /** {@return the value of {@code outbox.schema.mode}} */
        public SchemaMode getMode() {
            return this.mode;
        }

        /** @param mode the new value of {@code outbox.schema.mode} */
        public void setMode(SchemaMode mode) {
            this.mode = mode;
        }
    }

    /**
     * The inbox, which lets consumers run their logic once per message.
     */
    public static class Inbox {

        /**
         * Name of the inbox table, where consumers record the messages they consumed: a plain SQL
         * identifier (letters, digits and underscores, starting with a letter or underscore, at most
         * 48 characters).
         */
        private String tableName = OutboxStore.DEFAULT_INBOX_TABLE;

        /**
         * How long a consumed key is kept before the cleanup job deletes it. It must outlast every
         * redelivery of its message: a redelivery after the key is gone is consumed again.
         */
        private Duration retention = CleanupSettings.INBOX_RETENTION.defaultValue();

        /**
         * Whether the cleanup job (outbox.cleanup.enabled) deletes the keys older than the retention.
         */
        private boolean cleanupEnabled = true;

        /** {@return the value of {@code outbox.inbox.table-name}} */
        public String getTableName() {
            return this.tableName;
        }

        /** @param tableName the new value of {@code outbox.inbox.table-name} */
        public void setTableName(String tableName) {
            this.tableName = tableName;
        }

        /** {@return the value of {@code outbox.inbox.retention}} */
        public Duration getRetention() {
            return this.retention;
        }

        /** @param retention the new value of {@code outbox.inbox.retention} */
        public void setRetention(Duration retention) {
            this.retention = retention;
        }

        /** {@return the value of {@code outbox.inbox.cleanup-enabled}} */
        public boolean isCleanupEnabled() {
            return this.cleanupEnabled;
        }

        /** @param cleanupEnabled the new value of {@code outbox.inbox.cleanup-enabled} */
        public void setCleanupEnabled(boolean cleanupEnabled) {
            this.cleanupEnabled = cleanupEnabled;
        }
    }

    /**
     * The dispatcher of this instance.
     */
    public static class Dispatcher {

        /**
         * Whether this instance runs a dispatcher that delivers committed messages. Disable it on
         * instances that only write messages.
         */
        private boolean enabled = true;

        /**
         * How often an idle dispatcher looks for due messages; commits in this instance wake it at
         * once.
         */
        private Duration pollInterval = DispatcherSettings.POLL_INTERVAL.defaultValue();

        /**
         * Longest poll interval that the idle back-off reaches.
         */
        private Duration maxPollInterval = DispatcherSettings.MAX_POLL_INTERVAL.defaultValue();

        /**
         * Most messages claimed and sent in one cycle.
         */
        private int batchSize = DispatcherSettings.BATCH_SIZE.defaultValue();

        /**
         * How long a claimed message stays with this instance before other instances may claim it
         * again.
         */
        private Duration lease = DispatcherSettings.LEASE.defaultValue();

        /**
         * How long a cycle waits for the broker to confirm its sends; must be shorter than half the
         * lease.
         */
        private Duration sendTimeout = DispatcherSettings.SEND_TIMEOUT.defaultValue();

        /**
         * How long stopping the application waits for the sends in flight.
         */
        private Duration shutdownTimeout = DispatcherSettings.SHUTDOWN_TIMEOUT.defaultValue();

        /**
         * Number of dispatch threads in this instance.
         */
        private int threads = DispatcherSettings.THREADS.defaultValue();

        /**
         * How due messages are claimed: skip-locked (SELECT ... FOR UPDATE SKIP LOCKED; falls back
         * to optimistic on databases without it) or optimistic (guarded updates, no row locks).
         */
        private ClaimStrategy claimStrategy = DispatcherSettings.CLAIM_STRATEGY.defaultValue();

        /**
         * Most committed messages waiting in memory for this instance's dispatcher; beyond it they
         * are claimed from the table once their lease ends.
         */
        private int handoffCapacity = DispatcherSettings.HANDOFF_CAPACITY.defaultValue();

        /**
         * Most local handlers that run at once in this instance; each holds a database connection
         * for its transaction while it runs.
         */
        private int handlerThreads = DispatcherSettings.HANDLER_THREADS.defaultValue();

        /** {@return the value of {@code outbox.dispatcher.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.dispatcher.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /** {@return the value of {@code outbox.dispatcher.poll-interval}} */
        public Duration getPollInterval() {
            return this.pollInterval;
        }

        /** @param pollInterval the new value of {@code outbox.dispatcher.poll-interval} */
        public void setPollInterval(Duration pollInterval) {
            this.pollInterval = pollInterval;
        }

        /** {@return the value of {@code outbox.dispatcher.max-poll-interval}} */
        public Duration getMaxPollInterval() {
            return this.maxPollInterval;
        }

        /** @param maxPollInterval the new value of {@code outbox.dispatcher.max-poll-interval} */
        public void setMaxPollInterval(Duration maxPollInterval) {
            this.maxPollInterval = maxPollInterval;
        }

        /** {@return the value of {@code outbox.dispatcher.batch-size}} */
        public int getBatchSize() {
            return this.batchSize;
        }

        /** @param batchSize the new value of {@code outbox.dispatcher.batch-size} */
        public void setBatchSize(int batchSize) {
            this.batchSize = batchSize;
        }

        /** {@return the value of {@code outbox.dispatcher.lease}} */
        public Duration getLease() {
            return this.lease;
        }

        /** @param lease the new value of {@code outbox.dispatcher.lease} */
        public void setLease(Duration lease) {
            this.lease = lease;
        }

        /** {@return the value of {@code outbox.dispatcher.send-timeout}} */
        public Duration getSendTimeout() {
            return this.sendTimeout;
        }

        /** @param sendTimeout the new value of {@code outbox.dispatcher.send-timeout} */
        public void setSendTimeout(Duration sendTimeout) {
            this.sendTimeout = sendTimeout;
        }

        /** {@return the value of {@code outbox.dispatcher.shutdown-timeout}} */
        public Duration getShutdownTimeout() {
            return this.shutdownTimeout;
        }

        /** @param shutdownTimeout the new value of {@code outbox.dispatcher.shutdown-timeout} */
        public void setShutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
        }

        /** {@return the value of {@code outbox.dispatcher.threads}} */
        public int getThreads() {
            return this.threads;
        }

        /** @param threads the new value of {@code outbox.dispatcher.threads} */
        public void setThreads(int threads) {
            this.threads = threads;
        }

        /** {@return the value of {@code outbox.dispatcher.claim-strategy}} */
        public ClaimStrategy getClaimStrategy() {
            return this.claimStrategy;
        }

        /** @param claimStrategy the new value of {@code outbox.dispatcher.claim-strategy} */
        public void setClaimStrategy(ClaimStrategy claimStrategy) {
            this.claimStrategy = claimStrategy;
        }

        /** {@return the value of {@code outbox.dispatcher.handoff-capacity}} */
        public int getHandoffCapacity() {
            return this.handoffCapacity;
        }

        /** @param handoffCapacity the new value of {@code outbox.dispatcher.handoff-capacity} */
        public void setHandoffCapacity(int handoffCapacity) {
            this.handoffCapacity = handoffCapacity;
        }

        /** {@return the value of {@code outbox.dispatcher.handler-threads}} */
        public int getHandlerThreads() {
            return this.handlerThreads;
        }

        /** @param handlerThreads the new value of {@code outbox.dispatcher.handler-threads} */
        public void setHandlerThreads(int handlerThreads) {
            this.handlerThreads = handlerThreads;
        }
    }

    /**
     * How failed sends are retried: the delay after the n-th failed attempt is
     * min(initial-delay * multiplier^(n-1), max-delay), shortened by a random jitter, until
     * max-attempts attempts failed and the message is FAILED.
     */
    public static class Retry {

        /**
         * Delay after the first failed attempt.
         */
        private Duration initialDelay = RetryPolicy.INITIAL_DELAY.defaultValue();

        /**
         * Growth of the delay per further failed attempt; at least 1.
         */
        private double multiplier = RetryPolicy.MULTIPLIER.defaultValue();

        /**
         * Cap of the delay, before jitter.
         */
        private Duration maxDelay = RetryPolicy.MAX_DELAY.defaultValue();

        /**
         * Fraction (0 to 1) by which a delay may randomly be shortened, so that messages that
         * failed together do not all come back at the same instant.
         */
        private double jitter = RetryPolicy.JITTER.defaultValue();

        /**
         * Attempts a message gets before it is FAILED; at least 1.
         */
        private int maxAttempts = RetryPolicy.MAX_ATTEMPTS.defaultValue();

        /**
         * How often FAILED messages are tried again (for example 6h). When not set, FAILED messages
         * are never retried automatically, only when an operator re-drives them.
         */
        private @Nullable Duration failedRetryInterval;

        /**
         * Retry settings per message type, for example outbox.retry.types.payment.max-attempts=3:
         * each of initial-delay, multiplier, max-delay, jitter and max-attempts that is set
         * overrides outbox.retry.* for that type. Put a type with dots or upper-case letters in
         * brackets: outbox.retry.types[order.created].max-attempts.
         */
        private final Map<String, RetryType> types = new LinkedHashMap<>();

        /** {@return the value of {@code outbox.retry.initial-delay}} */
        public Duration getInitialDelay() {
            return this.initialDelay;
        }

        /** @param initialDelay the new value of {@code outbox.retry.initial-delay} */
        public void setInitialDelay(Duration initialDelay) {
            this.initialDelay = initialDelay;
        }

        /** {@return the value of {@code outbox.retry.multiplier}} */
        public double getMultiplier() {
            return this.multiplier;
        }

        /** @param multiplier the new value of {@code outbox.retry.multiplier} */
        public void setMultiplier(double multiplier) {
            this.multiplier = multiplier;
        }

        /** {@return the value of {@code outbox.retry.max-delay}} */
        public Duration getMaxDelay() {
            return this.maxDelay;
        }

        /** @param maxDelay the new value of {@code outbox.retry.max-delay} */
        public void setMaxDelay(Duration maxDelay) {
            this.maxDelay = maxDelay;
        }

        /** {@return the value of {@code outbox.retry.jitter}} */
        public double getJitter() {
            return this.jitter;
        }

        /** @param jitter the new value of {@code outbox.retry.jitter} */
        public void setJitter(double jitter) {
            this.jitter = jitter;
        }

        /** {@return the value of {@code outbox.retry.max-attempts}} */
        public int getMaxAttempts() {
            return this.maxAttempts;
        }

        /** @param maxAttempts the new value of {@code outbox.retry.max-attempts} */
        public void setMaxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
        }

        /** {@return the value of {@code outbox.retry.failed-retry-interval}} */
        public @Nullable Duration getFailedRetryInterval() {
            return this.failedRetryInterval;
        }

        /** @param failedRetryInterval the new value of {@code outbox.retry.failed-retry-interval} */
        public void setFailedRetryInterval(@Nullable Duration failedRetryInterval) {
            this.failedRetryInterval = failedRetryInterval;
        }

        /** {@return the {@code outbox.retry.types.*} settings} */
        public Map<String, RetryType> getTypes() {
            return this.types;
        }
    }

    /**
     * The retry settings of one message type; each one not set falls back to outbox.retry.*.
     */
    public static class RetryType {

        /**
         * Delay after the first failed attempt of this type.
         */
        private @Nullable Duration initialDelay;

        /**
         * Growth of the delay per further failed attempt of this type.
         */
        private @Nullable Double multiplier;

        /**
         * Cap of the delay of this type.
         */
        private @Nullable Duration maxDelay;

        /**
         * Jitter fraction of this type.
         */
        private @Nullable Double jitter;

        /**
         * Attempts a message of this type gets before it is FAILED.
         */
        private @Nullable Integer maxAttempts;

        /** {@return the value of {@code outbox.retry.types.<type>.initial-delay}} */
        public @Nullable Duration getInitialDelay() {
            return this.initialDelay;
        }

        /** @param initialDelay the new value of {@code outbox.retry.types.<type>.initial-delay} */
        public void setInitialDelay(@Nullable Duration initialDelay) {
            this.initialDelay = initialDelay;
        }

        /** {@return the value of {@code outbox.retry.types.<type>.multiplier}} */
        public @Nullable Double getMultiplier() {
            return this.multiplier;
        }

        /** @param multiplier the new value of {@code outbox.retry.types.<type>.multiplier} */
        public void setMultiplier(@Nullable Double multiplier) {
            this.multiplier = multiplier;
        }

        /** {@return the value of {@code outbox.retry.types.<type>.max-delay}} */
        public @Nullable Duration getMaxDelay() {
            return this.maxDelay;
        }

        /** @param maxDelay the new value of {@code outbox.retry.types.<type>.max-delay} */
        public void setMaxDelay(@Nullable Duration maxDelay) {
            this.maxDelay = maxDelay;
        }

        /** {@return the value of {@code outbox.retry.types.<type>.jitter}} */
        public @Nullable Double getJitter() {
            return this.jitter;
        }

        /** @param jitter the new value of {@code outbox.retry.types.<type>.jitter} */
        public void setJitter(@Nullable Double jitter) {
            this.jitter = jitter;
        }

        /** {@return the value of {@code outbox.retry.types.<type>.max-attempts}} */
        public @Nullable Integer getMaxAttempts() {
            return this.maxAttempts;
        }

        /** @param maxAttempts the new value of {@code outbox.retry.types.<type>.max-attempts} */
        public void setMaxAttempts(@Nullable Integer maxAttempts) {
            this.maxAttempts = maxAttempts;
        }
    }

    /**
     * The route of one message type.
     */
    public static class Route {

        /**
         * Name of the MessageSender bean that delivers this message type. When not set, the
         * default sender delivers it.
         */
        private @Nullable String sender;

        /**
         * Destination of this message type on the broker, instead of the topic each message was
         * saved with: the Kafka or RocketMQ topic, or the RabbitMQ exchange.
         */
        private @Nullable String topic;

        /**
         * RabbitMQ routing key of every message of this type, instead of its ordering key (or, without
         * one, its message key). Only the RabbitMQ sender reads it.
         */
        private @Nullable String routingKey;

        /**
         * Name of the local handler that handles this message type in the process instead of a
         * broker: a MessageHandler bean, or an @OutboxHandler method's name. Excludes sender.
         */
        private @Nullable String handler;

        /**
         * Name of the local handler that takes a message of this type over once the broker has
         * failed it fallback-after times: a MessageHandler bean, or an @OutboxHandler method's name.
         */
        private @Nullable String fallbackHandler;

        /**
         * How many failed sends hand a message over to the fallback handler.
         */
        private int fallbackAfter = 3;

        /** {@return the value of {@code outbox.routes.<type>.sender}} */
        public @Nullable String getSender() {
            return this.sender;
        }

        /** @param sender the new value of {@code outbox.routes.<type>.sender} */
        public void setSender(@Nullable String sender) {
            this.sender = sender;
        }

        /** {@return the value of {@code outbox.routes.<type>.topic}} */
        public @Nullable String getTopic() {
            return this.topic;
        }

        /** @param topic the new value of {@code outbox.routes.<type>.topic} */
        public void setTopic(@Nullable String topic) {
            this.topic = topic;
        }

        /** {@return the value of {@code outbox.routes.<type>.routing-key}} */
        public @Nullable String getRoutingKey() {
            return this.routingKey;
        }

        /** @param routingKey the new value of {@code outbox.routes.<type>.routing-key} */
        public void setRoutingKey(@Nullable String routingKey) {
            this.routingKey = routingKey;
        }

        /** {@return the value of {@code outbox.routes.<type>.handler}} */
        public @Nullable String getHandler() {
            return this.handler;
        }

        /** @param handler the new value of {@code outbox.routes.<type>.handler} */
        public void setHandler(@Nullable String handler) {
            this.handler = handler;
        }

        /** {@return the value of {@code outbox.routes.<type>.fallback-handler}} */
        public @Nullable String getFallbackHandler() {
            return this.fallbackHandler;
        }

        /** @param fallbackHandler the new value of {@code outbox.routes.<type>.fallback-handler} */
        public void setFallbackHandler(@Nullable String fallbackHandler) {
            this.fallbackHandler = fallbackHandler;
        }

        /** {@return the value of {@code outbox.routes.<type>.fallback-after}} */
        public int getFallbackAfter() {
            return this.fallbackAfter;
        }

        /** @param fallbackAfter the new value of {@code outbox.routes.<type>.fallback-after} */
        public void setFallbackAfter(int fallbackAfter) {
            this.fallbackAfter = fallbackAfter;
        }

        /**
         * @return this route's routing key, when one is configured
         */
        Optional<String> routingKey() {
            return Optional.ofNullable(this.routingKey).map(String::trim).filter(key -> !key.isEmpty());
        }
    }

    /**
     * Consumers that poll the outbox table as a queue through the MessagePuller bean.
     */
    public static class Pull {

        /**
         * Topics whose messages pull consumers receive; the dispatcher never sends them. A
         * MessagePuller bean is created when at least one is set.
         */
        private Set<String> topics = new LinkedHashSet<>();

        /**
         * How long a received message stays with its consumer before it is received again.
         */
        private Duration lease = DispatcherSettings.LEASE.defaultValue();

        /** {@return the value of {@code outbox.pull.topics}} */
        public Set<String> getTopics() {
            return this.topics;
        }

        /** @param topics the new value of {@code outbox.pull.topics} */
        public void setTopics(Set<String> topics) {
            this.topics = topics;
        }

        /** {@return the value of {@code outbox.pull.lease}} */
        public Duration getLease() {
            return this.lease;
        }

        /** @param lease the new value of {@code outbox.pull.lease} */
        public void setLease(Duration lease) {
            this.lease = lease;
        }
    }

    /**
     * The logging sender, for development.
     */
    public static class LoggingSender {

        /**
         * Whether to register a MessageSender bean named loggingMessageSender that only logs each
         * message and marks it SENT without any broker. For development and samples only.
         */
        private boolean enabled;

        /** {@return the value of {@code outbox.logging-sender.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.logging-sender.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /**
     * The Kafka sender.
     */
    public static class Kafka {

        /**
         * Whether to register a MessageSender bean named kafkaMessageSender that sends through the
         * application's KafkaTemplate, when spring-kafka is present and a KafkaTemplate bean exists.
         */
        private boolean enabled = true;

        /** {@return the value of {@code outbox.kafka.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.kafka.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /**
     * The RabbitMQ sender.
     */
    public static class Rabbit {

        /**
         * Whether to register a MessageSender bean named rabbitMessageSender that publishes through
         * the application's RabbitTemplate, when spring-rabbit is present and a RabbitTemplate bean
         * exists. It needs spring.rabbitmq.publisher-confirm-type=correlated and
         * spring.rabbitmq.publisher-returns=true.
         */
        private boolean enabled = true;

        /** {@return the value of {@code outbox.rabbit.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.rabbit.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /**
     * The RocketMQ sender.
     */
    public static class RocketMq {

        /**
         * Whether to register a MessageSender bean named rocketMqMessageSender that sends through the
         * application's DefaultMQProducer, when rocketmq-client is present and a DefaultMQProducer bean
         * exists. The application configures and starts the producer.
         */
        private boolean enabled = true;

        /** {@return the value of {@code outbox.rocketmq.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.rocketmq.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /**
     * The operator console, a page over the outbox actuator endpoint.
     */
    public static class Console {

        /**
         * Whether to serve the operator console in a servlet web application. It reads and changes
         * messages through the outbox actuator endpoint only, and is protected by the
         * application's security like any other path.
         */
        private boolean enabled;

        /**
         * Path of the console page.
         */
        private String path = "/outbox-console";

        /** {@return the value of {@code outbox.console.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.console.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /** {@return the value of {@code outbox.console.path}} */
        public String getPath() {
            return this.path;
        }

        /** @param path the new value of {@code outbox.console.path} */
        public void setPath(String path) {
            this.path = path;
        }
    }

    /**
     * The outbox health indicator, registered when spring-boot-health is present and
     * management.health.outbox.enabled is not false.
     */
    public static class Health {

        /**
         * Whether any FAILED message makes the outbox unhealthy.
         */
        private boolean failedMessagesUnhealthy = true;

        /**
         * How long the oldest due message may have been due before the outbox is unhealthy: longer means no
         * dispatcher runs, the dispatchers do not keep up, or ordered messages wait behind a FAILED one.
         */
        private Duration maxOldestDueAge = BacklogLimits.MAX_OLDEST_DUE_AGE.defaultValue();

        /**
         * Status the outbox health indicator reports when unhealthy: down or out-of-service.
         */
        private UnhealthyStatus unhealthyStatus = UnhealthyStatus.DOWN;

        /** {@return the value of {@code outbox.health.failed-messages-unhealthy}} */
        public boolean isFailedMessagesUnhealthy() {
            return this.failedMessagesUnhealthy;
        }

        /** @param failedMessagesUnhealthy the new value of {@code outbox.health.failed-messages-unhealthy} */
        public void setFailedMessagesUnhealthy(boolean failedMessagesUnhealthy) {
            this.failedMessagesUnhealthy = failedMessagesUnhealthy;
        }

        /** {@return the value of {@code outbox.health.max-oldest-due-age}} */
        public Duration getMaxOldestDueAge() {
            return this.maxOldestDueAge;
        }

        /** @param maxOldestDueAge the new value of {@code outbox.health.max-oldest-due-age} */
        public void setMaxOldestDueAge(Duration maxOldestDueAge) {
            this.maxOldestDueAge = maxOldestDueAge;
        }

        /** {@return the value of {@code outbox.health.unhealthy-status}} */
        public UnhealthyStatus getUnhealthyStatus() {
            return this.unhealthyStatus;
        }

        /** @param unhealthyStatus the new value of {@code outbox.health.unhealthy-status} */
        public void setUnhealthyStatus(UnhealthyStatus unhealthyStatus) {
            this.unhealthyStatus = unhealthyStatus;
        }
    }

    /**
     * The status of an unhealthy outbox.
     */
    public enum UnhealthyStatus {

        /** DOWN: the application's health is DOWN too (HTTP 503 by default). */
        DOWN,

        /** OUT_OF_SERVICE: also HTTP 503 by default; less severe than DOWN when the statuses are aggregated. */
        OUT_OF_SERVICE
    }

    /**
     * The cleanup job, which deletes messages some time after they reached a final state.
     */
    public static class Cleanup {

        /**
         * Whether this instance runs the cleanup job, which deletes SENT and CONSUMED messages (and
         * FAILED ones, if included) older than the retention, and old inbox keys.
         */
        private boolean enabled = true;

        /**
         * Time between the end of one cleanup run and the start of the next.
         */
        private Duration interval = Duration.ofHours(1);

        /**
         * Time from the application's start to the first cleanup run.
         */
        private Duration initialDelay = Duration.ofMinutes(1);

        /**
         * How long a message is kept after it reached its final state (its last modification).
         */
        private Duration retention = CleanupSettings.RETENTION.defaultValue();

        /**
         * Whether FAILED messages older than the retention are deleted too. Deleting a FAILED
         * message of an ordering key releases the messages of that key behind it.
         */
        private boolean includeFailed;

        /**
         * Most rows deleted per transaction; at most 10000.
         */
        private int batchSize = CleanupSettings.BATCH_SIZE.defaultValue();

        /**
         * Most rows one run deletes; the next run continues.
         */
        private long maxRowsPerRun = CleanupSettings.MAX_ROWS_PER_RUN.defaultValue();

        /**
         * How long one run may go on before it stops (after the batch that reached it); the next
         * run continues.
         */
        private Duration maxRunTime = CleanupSettings.MAX_RUN_TIME.defaultValue();

        private final Archive archive = new Archive();

        /** {@return the value of {@code outbox.cleanup.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.cleanup.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /** {@return the value of {@code outbox.cleanup.interval}} */
        public Duration getInterval() {
            return this.interval;
        }

        /** @param interval the new value of {@code outbox.cleanup.interval} */
        public void setInterval(Duration interval) {
            this.interval = interval;
        }

        /** {@return the value of {@code outbox.cleanup.initial-delay}} */
        public Duration getInitialDelay() {
            return this.initialDelay;
        }

        /** @param initialDelay the new value of {@code outbox.cleanup.initial-delay} */
        public void setInitialDelay(Duration initialDelay) {
            this.initialDelay = initialDelay;
        }

        /** {@return the value of {@code outbox.cleanup.retention}} */
        public Duration getRetention() {
            return this.retention;
        }

        /** @param retention the new value of {@code outbox.cleanup.retention} */
        public void setRetention(Duration retention) {
            this.retention = retention;
        }

        /** {@return the value of {@code outbox.cleanup.include-failed}} */
        public boolean isIncludeFailed() {
            return this.includeFailed;
        }

        /** @param includeFailed the new value of {@code outbox.cleanup.include-failed} */
        public void setIncludeFailed(boolean includeFailed) {
            this.includeFailed = includeFailed;
        }

        /** {@return the value of {@code outbox.cleanup.batch-size}} */
        public int getBatchSize() {
            return this.batchSize;
        }

        /** @param batchSize the new value of {@code outbox.cleanup.batch-size} */
        public void setBatchSize(int batchSize) {
            this.batchSize = batchSize;
        }

        /** {@return the value of {@code outbox.cleanup.max-rows-per-run}} */
        public long getMaxRowsPerRun() {
            return this.maxRowsPerRun;
        }

        /** @param maxRowsPerRun the new value of {@code outbox.cleanup.max-rows-per-run} */
        public void setMaxRowsPerRun(long maxRowsPerRun) {
            this.maxRowsPerRun = maxRowsPerRun;
        }

        /** {@return the value of {@code outbox.cleanup.max-run-time}} */
        public Duration getMaxRunTime() {
            return this.maxRunTime;
        }

        /** @param maxRunTime the new value of {@code outbox.cleanup.max-run-time} */
        public void setMaxRunTime(Duration maxRunTime) {
            this.maxRunTime = maxRunTime;
        }

        /** {@return the {@code outbox.cleanup.archive.*} settings} */
        public Archive getArchive() {
            return this.archive;
        }
    }

    /**
     * Archiving of the messages the cleanup deletes.
     */
    public static class Archive {

        /**
         * Whether the cleanup copies each message to the archive table before deleting it, in the
         * same transaction.
         */
        private boolean enabled;

        /**
         * Name of the archive table, which the outbox's migrations create whether archiving is on
         * or not: a plain SQL identifier (letters, digits and underscores, starting with a letter or
         * underscore, at most 48 characters).
         */
        private String tableName = OutboxStore.DEFAULT_ARCHIVE_TABLE;

        /** {@return the value of {@code outbox.cleanup.archive.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.cleanup.archive.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /** {@return the value of {@code outbox.cleanup.archive.table-name}} */
        public String getTableName() {
            return this.tableName;
        }

        /** @param tableName the new value of {@code outbox.cleanup.archive.table-name} */
        public void setTableName(String tableName) {
            this.tableName = tableName;
        }
    }

    /**
     * Outbox metrics beyond the counters and the delivery timer, registered when Micrometer and a MeterRegistry
     * bean are present.
     */
    public static class Metrics {

        private final BacklogGauges backlogGauges = new BacklogGauges();

        /** {@return the {@code outbox.metrics.backlog-gauges.*} settings} */
        public BacklogGauges getBacklogGauges() {
            return this.backlogGauges;
        }
    }

    /**
     * The backlog gauges outbox.messages.backlog (per state), outbox.oldest.due.age and
     * outbox.backlog.refresh.age, read from a backlog snapshot that one background thread refreshes.
     */
    public static class BacklogGauges {

        /**
         * Whether to register the backlog gauges and refresh them in the background.
         */
        private boolean enabled = true;

        /**
         * How often the backlog gauges are refreshed with one read of the backlog (two cheap index reads);
         * a scrape never queries the database. The gauges are at most this old.
         */
        private Duration refreshInterval = BacklogGaugesRefresh.DEFAULT_REFRESH_INTERVAL;

        /** {@return the value of {@code outbox.metrics.backlog-gauges.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.metrics.backlog-gauges.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /** {@return the value of {@code outbox.metrics.backlog-gauges.refresh-interval}} */
        public Duration getRefreshInterval() {
            return this.refreshInterval;
        }

        /** @param refreshInterval the new value of {@code outbox.metrics.backlog-gauges.refresh-interval} */
        public void setRefreshInterval(Duration refreshInterval) {
            this.refreshInterval = refreshInterval;
        }
    }
}
