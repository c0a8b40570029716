/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code outbox.*} properties that only the starter has: what is enabled, routes, the schema mode, the health
 * status and the periodic jobs' timing. The core's settings (the table names, the payload limit, and
 * {@code outbox.dispatcher.*}, {@code outbox.retry.*}, {@code outbox.cleanup.*} and the others) are not declared
 * here: each is declared once in the core, as a {@code dev.outbox.settings.Setting}, and bound from the same
 * {@code outbox.*} names when the outbox's beans are created. See {@code docs/configuration.md} for the reference.
 */
@ConfigurationProperties("outbox")
public class OutboxProperties {

    /**
     * Whether the outbox is enabled. When false, no outbox bean is created.
     */
    private boolean enabled = true;

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

    /**
     * The stores of an application with several databases, one outbox each: outbox.stores.orders.data-source=
     * ordersDataSource keeps the messages of the store orders in the database of the DataSource bean named
     * ordersDataSource, saved through the OutboxTemplate qualified orders. Every core setting may be given per
     * store, for example outbox.stores.orders.table-name or outbox.stores.orders.dispatcher.batch-size; those not
     * given are the outbox's. When no store is declared, the outbox uses the application's one DataSource.
     */
    private final Map<String, Store> stores = new LinkedHashMap<>();

    private final Schema schema = new Schema();

    private final InboxProperties inbox = new InboxProperties();

    private final DispatcherProperties dispatcher = new DispatcherProperties();

    private final LoggingSender loggingSender = new LoggingSender();

    private final Pull pull = new Pull();

    private final Health health = new Health();

    private final Console console = new Console();

    private final Cleanup cleanup = new Cleanup();

    private final Metrics metrics = new Metrics();

    private final Observations observations = new Observations();

    private final Events events = new Events();

    /** {@return the value of {@code outbox.enabled}} */
    public boolean isEnabled() {
        return this.enabled;
    }

    /** @param enabled the new value of {@code outbox.enabled} */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
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
    public InboxProperties getInbox() {
        return this.inbox;
    }

    /** {@return the {@code outbox.dispatcher.*} settings} */
    public DispatcherProperties getDispatcher() {
        return this.dispatcher;
    }

    /** {@return the {@code outbox.logging-sender.*} settings} */
    public LoggingSender getLoggingSender() {
        return this.loggingSender;
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

    /** {@return the {@code outbox.observations.*} settings} */
    public Observations getObservations() {
        return this.observations;
    }

    /** {@return the {@code outbox.events.*} settings} */
    public Events getEvents() {
        return this.events;
    }

    /** {@return the stores of {@code outbox.stores}, by name, in the order they were declared} */
    public Map<String, Store> getStores() {
        return this.stores;
    }

    /**
     * One of several stores: which DataSource holds its tables.
     */
    public static class Store {

        /**
         * Name of the DataSource bean whose database holds this store's outbox, inbox and archive tables.
         */
        private @Nullable String dataSource;

        /**
         * Name of the transaction manager bean in whose transactions local handlers of this store's messages
         * run. When not set, the one transaction manager bean that manages the store's DataSource, if any.
         */
        private @Nullable String transactionManager;

        /** {@return the value of {@code outbox.stores.<name>.data-source}} */
        public @Nullable String getDataSource() {
            return this.dataSource;
        }

        /** @param dataSource the new value of {@code outbox.stores.<name>.data-source} */
        public void setDataSource(@Nullable String dataSource) {
            this.dataSource = dataSource;
        }

        /** {@return the value of {@code outbox.stores.<name>.transaction-manager}} */
        public @Nullable String getTransactionManager() {
            return this.transactionManager;
        }

        /** @param transactionManager the new value of {@code outbox.stores.<name>.transaction-manager} */
        public void setTransactionManager(@Nullable String transactionManager) {
            this.transactionManager = transactionManager;
        }
    }

    /**
     * How the outbox table is created.
     */
    public enum SchemaMode {

        /**
         * The starter applies the outbox's Flyway migrations itself, recording them in a history
         * table of their own per store ({@code outbox_schema_history} for the default outbox table,
         * {@code <table-name>_flyway_history} for another), after the application's own Flyway
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
    public static class InboxProperties {

        /**
         * Whether the cleanup job (outbox.cleanup.enabled) deletes the keys older than the retention.
         */
        private boolean cleanupEnabled = true;

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
    public static class DispatcherProperties {

        /**
         * Whether this instance runs a dispatcher that delivers committed messages. Disable it on
         * instances that only write messages.
         */
        private boolean enabled = true;

        /** {@return the value of {@code outbox.dispatcher.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.dispatcher.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /**
         * Whether the dispatcher starts delivering on its own threads when the application context starts. When
         * false, it stays stopped until started by hand, and messages are delivered only by calls of
         * Dispatcher.dispatchOnce(), as the test kit's drain() makes them.
         */
        private boolean autoStartup = true;

        /** {@return the value of {@code outbox.dispatcher.auto-startup}} */
        public boolean isAutoStartup() {
            return this.autoStartup;
        }

        /** @param autoStartup the new value of {@code outbox.dispatcher.auto-startup} */
        public void setAutoStartup(boolean autoStartup) {
            this.autoStartup = autoStartup;
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

        /**
         * Fully qualified class names of exceptions that no retry fixes: a failure whose error, or
         * one of its causes, is an instance of one (a subclass included) makes the message FAILED at
         * once, with its reason. Applies to a local handler's failures too.
         */
        private List<String> nonRetryable = new ArrayList<>();

        /**
         * Dead-letter destination of this message type: a message of it that goes FAILED is also
         * published there, through the route's sender, with the headers outbox-dead-letter-reason,
         * outbox-original-topic and outbox-attempts. The Kafka or RocketMQ topic, or the RabbitMQ
         * exchange (with the routing key the message had).
         */
        private @Nullable String deadLetterTopic;

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

        /** {@return the value of {@code outbox.routes.<type>.non-retryable}} */
        public List<String> getNonRetryable() {
            return this.nonRetryable;
        }

        /** @param nonRetryable the new value of {@code outbox.routes.<type>.non-retryable} */
        public void setNonRetryable(List<String> nonRetryable) {
            this.nonRetryable = nonRetryable;
        }

        /** {@return the value of {@code outbox.routes.<type>.dead-letter-topic}} */
        public @Nullable String getDeadLetterTopic() {
            return this.deadLetterTopic;
        }

        /** @param deadLetterTopic the new value of {@code outbox.routes.<type>.dead-letter-topic} */
        public void setDeadLetterTopic(@Nullable String deadLetterTopic) {
            this.deadLetterTopic = deadLetterTopic;
        }
    }

    /**
     * Consumers that poll the outbox table as a queue through the MessagePuller bean.
     */
    public static class Pull {

        /**
         * Topics whose messages pull consumers receive; the dispatcher never sends them. The
         * MessagePuller bean receives them, and also the message types an operator switched to pull at run time.
         */
        private Set<String> topics = new LinkedHashSet<>();

        /** {@return the value of {@code outbox.pull.topics}} */
        public Set<String> getTopics() {
            return this.topics;
        }

        /** @param topics the new value of {@code outbox.pull.topics} */
        public void setTopics(Set<String> topics) {
            this.topics = topics;
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
         * Status the outbox health indicator reports when unhealthy: down or out-of-service.
         */
        private UnhealthyStatus unhealthyStatus = UnhealthyStatus.DOWN;

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
    }

    /**
     * Outbox metrics beyond the counters and the delivery timer, registered when Micrometer and a MeterRegistry
     * bean are present.
     */
    public static class Metrics {

        private final BacklogGaugesProperties backlogGauges = new BacklogGaugesProperties();

        /** {@return the {@code outbox.metrics.backlog-gauges.*} settings} */
        public BacklogGaugesProperties getBacklogGauges() {
            return this.backlogGauges;
        }
    }

    /**
     * The backlog gauges outbox.messages.backlog (per state), outbox.oldest.due.age and
     * outbox.backlog.refresh.age, read from a backlog snapshot that one background thread refreshes.
     */
    public static class BacklogGaugesProperties {

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

    /**
     * The observations of saves, sends and consumptions, made when the application has an ObservationRegistry
     * bean: with Micrometer Tracing they continue the trace that saved a message, and with a meter registry they
     * time each step.
     */
    public static class Observations {

        /**
         * Whether to observe saves, sends and consumptions, and so propagate the trace context through the
         * outbox.
         */
        private boolean enabled = true;

        /** {@return the value of {@code outbox.observations.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.observations.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /**
     * Spring application events saved to the outbox.
     */
    public static class Events {

        /**
         * Whether to save application events that implement OutboxEvent, or that an OutboxEventRouter bean
         * selects, to the outbox in the publisher's transaction.
         */
        private boolean enabled = true;

        /** {@return the value of {@code outbox.events.enabled}} */
        public boolean isEnabled() {
            return this.enabled;
        }

        /** @param enabled the new value of {@code outbox.events.enabled} */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }
}
