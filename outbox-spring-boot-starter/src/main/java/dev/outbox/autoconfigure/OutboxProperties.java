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

import dev.outbox.OutboxTemplate;
import dev.outbox.admin.BacklogLimits;
import dev.outbox.cleanup.CleanupSettings;
import dev.outbox.dispatch.ClaimStrategy;
import dev.outbox.dispatch.DispatcherSettings;
import dev.outbox.jdbc.TableName;
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
    private String tableName = TableName.DEFAULT;

    /**
     * Largest serialized payload that a save accepts, counted in UTF-8 bytes; at most 16MB - 1B.
     */
    private DataSize maxPayloadSize = DataSize.ofBytes(OutboxTemplate.DEFAULT_MAX_PAYLOAD_BYTES);

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

    public boolean isEnabled() {
        return this.enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getTableName() {
        return this.tableName;
    }

    public void setTableName(String tableName) {
        this.tableName = tableName;
    }

    public DataSize getMaxPayloadSize() {
        return this.maxPayloadSize;
    }

    public void setMaxPayloadSize(DataSize maxPayloadSize) {
        this.maxPayloadSize = maxPayloadSize;
    }

    public @Nullable String getDefaultSender() {
        return this.defaultSender;
    }

    public void setDefaultSender(@Nullable String defaultSender) {
        this.defaultSender = defaultSender;
    }

    public Map<String, Route> getRoutes() {
        return this.routes;
    }

    public Schema getSchema() {
        return this.schema;
    }

    public Inbox getInbox() {
        return this.inbox;
    }

    public Dispatcher getDispatcher() {
        return this.dispatcher;
    }

    public Retry getRetry() {
        return this.retry;
    }

    public LoggingSender getLoggingSender() {
        return this.loggingSender;
    }

    public Kafka getKafka() {
        return this.kafka;
    }

    public Rabbit getRabbit() {
        return this.rabbit;
    }

    public RocketMq getRocketmq() {
        return this.rocketmq;
    }

    public Pull getPull() {
        return this.pull;
    }

    public Health getHealth() {
        return this.health;
    }

    public Console getConsole() {
        return this.console;
    }

    public Cleanup getCleanup() {
        return this.cleanup;
    }

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

        public SchemaMode getMode() {
            return this.mode;
        }

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
        private String tableName = TableName.DEFAULT_INBOX;

        /**
         * How long a consumed key is kept before the cleanup job deletes it. It must outlast every
         * redelivery of its message: a redelivery after the key is gone is consumed again.
         */
        private Duration retention = CleanupSettings.DEFAULT_INBOX_RETENTION;

        /**
         * Whether the cleanup job (outbox.cleanup.enabled) deletes the keys older than the retention.
         */
        private boolean cleanupEnabled = true;

        public String getTableName() {
            return this.tableName;
        }

        public void setTableName(String tableName) {
            this.tableName = tableName;
        }

        public Duration getRetention() {
            return this.retention;
        }

        public void setRetention(Duration retention) {
            this.retention = retention;
        }

        public boolean isCleanupEnabled() {
            return this.cleanupEnabled;
        }

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
        private Duration pollInterval = DispatcherSettings.DEFAULT_POLL_INTERVAL;

        /**
         * Longest poll interval that the idle back-off reaches.
         */
        private Duration maxPollInterval = DispatcherSettings.DEFAULT_MAX_POLL_INTERVAL;

        /**
         * Most messages claimed and sent in one cycle.
         */
        private int batchSize = DispatcherSettings.DEFAULT_BATCH_SIZE;

        /**
         * How long a claimed message stays with this instance before other instances may claim it
         * again.
         */
        private Duration lease = DispatcherSettings.DEFAULT_LEASE;

        /**
         * How long a cycle waits for the broker to confirm its sends; must be shorter than half the
         * lease.
         */
        private Duration sendTimeout = DispatcherSettings.DEFAULT_SEND_TIMEOUT;

        /**
         * How long stopping the application waits for the sends in flight.
         */
        private Duration shutdownTimeout = DispatcherSettings.DEFAULT_SHUTDOWN_TIMEOUT;

        /**
         * Number of dispatch threads in this instance.
         */
        private int threads = DispatcherSettings.DEFAULT_THREADS;

        /**
         * How due messages are claimed: skip-locked (SELECT ... FOR UPDATE SKIP LOCKED; falls back
         * to optimistic on databases without it) or optimistic (guarded updates, no row locks).
         */
        private ClaimStrategy claimStrategy = DispatcherSettings.DEFAULT_CLAIM_STRATEGY;

        /**
         * Most committed messages waiting in memory for this instance's dispatcher; beyond it they
         * are claimed from the table once their lease ends.
         */
        private int handoffCapacity = DispatcherSettings.DEFAULT_HANDOFF_CAPACITY;

        /**
         * Most local handlers that run at once in this instance; each holds a database connection
         * for its transaction while it runs.
         */
        private int handlerThreads = DispatcherSettings.DEFAULT_HANDLER_THREADS;

        public boolean isEnabled() {
            return this.enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public Duration getPollInterval() {
            return this.pollInterval;
        }

        public void setPollInterval(Duration pollInterval) {
            this.pollInterval = pollInterval;
        }

        public Duration getMaxPollInterval() {
            return this.maxPollInterval;
        }

        public void setMaxPollInterval(Duration maxPollInterval) {
            this.maxPollInterval = maxPollInterval;
        }

        public int getBatchSize() {
            return this.batchSize;
        }

        public void setBatchSize(int batchSize) {
            this.batchSize = batchSize;
        }

        public Duration getLease() {
            return this.lease;
        }

        public void setLease(Duration lease) {
            this.lease = lease;
        }

        public Duration getSendTimeout() {
            return this.sendTimeout;
        }

        public void setSendTimeout(Duration sendTimeout) {
            this.sendTimeout = sendTimeout;
        }

        public Duration getShutdownTimeout() {
            return this.shutdownTimeout;
        }

        public void setShutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
        }

        public int getThreads() {
            return this.threads;
        }

        public void setThreads(int threads) {
            this.threads = threads;
        }

        public ClaimStrategy getClaimStrategy() {
            return this.claimStrategy;
        }

        public void setClaimStrategy(ClaimStrategy claimStrategy) {
            this.claimStrategy = claimStrategy;
        }

        public int getHandoffCapacity() {
            return this.handoffCapacity;
        }

        public void setHandoffCapacity(int handoffCapacity) {
            this.handoffCapacity = handoffCapacity;
        }

        public int getHandlerThreads() {
            return this.handlerThreads;
        }

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
        private Duration initialDelay = RetryPolicy.DEFAULT_INITIAL_DELAY;

        /**
         * Growth of the delay per further failed attempt; at least 1.
         */
        private double multiplier = RetryPolicy.DEFAULT_MULTIPLIER;

        /**
         * Cap of the delay, before jitter.
         */
        private Duration maxDelay = RetryPolicy.DEFAULT_MAX_DELAY;

        /**
         * Fraction (0 to 1) by which a delay may randomly be shortened, so that messages that
         * failed together do not all come back at the same instant.
         */
        private double jitter = RetryPolicy.DEFAULT_JITTER;

        /**
         * Attempts a message gets before it is FAILED; at least 1.
         */
        private int maxAttempts = RetryPolicy.DEFAULT_MAX_ATTEMPTS;

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

        public Duration getInitialDelay() {
            return this.initialDelay;
        }

        public void setInitialDelay(Duration initialDelay) {
            this.initialDelay = initialDelay;
        }

        public double getMultiplier() {
            return this.multiplier;
        }

        public void setMultiplier(double multiplier) {
            this.multiplier = multiplier;
        }

        public Duration getMaxDelay() {
            return this.maxDelay;
        }

        public void setMaxDelay(Duration maxDelay) {
            this.maxDelay = maxDelay;
        }

        public double getJitter() {
            return this.jitter;
        }

        public void setJitter(double jitter) {
            this.jitter = jitter;
        }

        public int getMaxAttempts() {
            return this.maxAttempts;
        }

        public void setMaxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
        }

        public @Nullable Duration getFailedRetryInterval() {
            return this.failedRetryInterval;
        }

        public void setFailedRetryInterval(@Nullable Duration failedRetryInterval) {
            this.failedRetryInterval = failedRetryInterval;
        }

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

        public @Nullable Duration getInitialDelay() {
            return this.initialDelay;
        }

        public void setInitialDelay(@Nullable Duration initialDelay) {
            this.initialDelay = initialDelay;
        }

        public @Nullable Double getMultiplier() {
            return this.multiplier;
        }

        public void setMultiplier(@Nullable Double multiplier) {
            this.multiplier = multiplier;
        }

        public @Nullable Duration getMaxDelay() {
            return this.maxDelay;
        }

        public void setMaxDelay(@Nullable Duration maxDelay) {
            this.maxDelay = maxDelay;
        }

        public @Nullable Double getJitter() {
            return this.jitter;
        }

        public void setJitter(@Nullable Double jitter) {
            this.jitter = jitter;
        }

        public @Nullable Integer getMaxAttempts() {
            return this.maxAttempts;
        }

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

        public @Nullable String getSender() {
            return this.sender;
        }

        public void setSender(@Nullable String sender) {
            this.sender = sender;
        }

        public @Nullable String getTopic() {
            return this.topic;
        }

        public void setTopic(@Nullable String topic) {
            this.topic = topic;
        }

        public @Nullable String getRoutingKey() {
            return this.routingKey;
        }

        public void setRoutingKey(@Nullable String routingKey) {
            this.routingKey = routingKey;
        }

        public @Nullable String getHandler() {
            return this.handler;
        }

        public void setHandler(@Nullable String handler) {
            this.handler = handler;
        }

        public @Nullable String getFallbackHandler() {
            return this.fallbackHandler;
        }

        public void setFallbackHandler(@Nullable String fallbackHandler) {
            this.fallbackHandler = fallbackHandler;
        }

        public int getFallbackAfter() {
            return this.fallbackAfter;
        }

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
        private Duration lease = DispatcherSettings.DEFAULT_LEASE;

        public Set<String> getTopics() {
            return this.topics;
        }

        public void setTopics(Set<String> topics) {
            this.topics = topics;
        }

        public Duration getLease() {
            return this.lease;
        }

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

        public boolean isEnabled() {
            return this.enabled;
        }

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

        public boolean isEnabled() {
            return this.enabled;
        }

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

        public boolean isEnabled() {
            return this.enabled;
        }

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

        public boolean isEnabled() {
            return this.enabled;
        }

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

        public boolean isEnabled() {
            return this.enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public String getPath() {
            return this.path;
        }

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
        private Duration maxOldestDueAge = BacklogLimits.DEFAULT_MAX_OLDEST_DUE_AGE;

        /**
         * Status the outbox health indicator reports when unhealthy: down or out-of-service.
         */
        private UnhealthyStatus unhealthyStatus = UnhealthyStatus.DOWN;

        public boolean isFailedMessagesUnhealthy() {
            return this.failedMessagesUnhealthy;
        }

        public void setFailedMessagesUnhealthy(boolean failedMessagesUnhealthy) {
            this.failedMessagesUnhealthy = failedMessagesUnhealthy;
        }

        public Duration getMaxOldestDueAge() {
            return this.maxOldestDueAge;
        }

        public void setMaxOldestDueAge(Duration maxOldestDueAge) {
            this.maxOldestDueAge = maxOldestDueAge;
        }

        public UnhealthyStatus getUnhealthyStatus() {
            return this.unhealthyStatus;
        }

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
        private Duration retention = CleanupSettings.DEFAULT_RETENTION;

        /**
         * Whether FAILED messages older than the retention are deleted too. Deleting a FAILED
         * message of an ordering key releases the messages of that key behind it.
         */
        private boolean includeFailed;

        /**
         * Most rows deleted per transaction; at most 10000.
         */
        private int batchSize = CleanupSettings.DEFAULT_BATCH_SIZE;

        /**
         * Most rows one run deletes; the next run continues.
         */
        private long maxRowsPerRun = CleanupSettings.DEFAULT_MAX_ROWS_PER_RUN;

        /**
         * How long one run may go on before it stops (after the batch that reached it); the next
         * run continues.
         */
        private Duration maxRunTime = CleanupSettings.DEFAULT_MAX_RUN_TIME;

        private final Archive archive = new Archive();

        public boolean isEnabled() {
            return this.enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public Duration getInterval() {
            return this.interval;
        }

        public void setInterval(Duration interval) {
            this.interval = interval;
        }

        public Duration getInitialDelay() {
            return this.initialDelay;
        }

        public void setInitialDelay(Duration initialDelay) {
            this.initialDelay = initialDelay;
        }

        public Duration getRetention() {
            return this.retention;
        }

        public void setRetention(Duration retention) {
            this.retention = retention;
        }

        public boolean isIncludeFailed() {
            return this.includeFailed;
        }

        public void setIncludeFailed(boolean includeFailed) {
            this.includeFailed = includeFailed;
        }

        public int getBatchSize() {
            return this.batchSize;
        }

        public void setBatchSize(int batchSize) {
            this.batchSize = batchSize;
        }

        public long getMaxRowsPerRun() {
            return this.maxRowsPerRun;
        }

        public void setMaxRowsPerRun(long maxRowsPerRun) {
            this.maxRowsPerRun = maxRowsPerRun;
        }

        public Duration getMaxRunTime() {
            return this.maxRunTime;
        }

        public void setMaxRunTime(Duration maxRunTime) {
            this.maxRunTime = maxRunTime;
        }

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
        private String tableName = TableName.DEFAULT_ARCHIVE;

        public boolean isEnabled() {
            return this.enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public String getTableName() {
            return this.tableName;
        }

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
        private Duration refreshInterval = BacklogGaugesLifecycle.DEFAULT_REFRESH_INTERVAL;

        public boolean isEnabled() {
            return this.enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public Duration getRefreshInterval() {
            return this.refreshInterval;
        }

        public void setRefreshInterval(Duration refreshInterval) {
            this.refreshInterval = refreshInterval;
        }
    }
}
