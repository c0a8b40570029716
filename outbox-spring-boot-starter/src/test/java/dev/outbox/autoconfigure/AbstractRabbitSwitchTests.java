/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import dev.outbox.Dispatcher;
import dev.outbox.DispatcherSettings;
import dev.outbox.MessageRoutes;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.OutboxAdmin;
import dev.outbox.admin.Outcome;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.metrics.MicrometerOutboxMetrics;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.route.RouteSwitchMode;
import dev.outbox.sender.rabbit.RabbitMessageSender;
import dev.outbox.store.OutboxStore;
import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.TestDatabase;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The run-time switch through a real RabbitMQ outage, with two instances on one database: each runs a dispatcher
 * with the same routes (orders to the broker, with a fallback handler; mails to the broker), its own connection
 * pool and its own connections to the broker, through a relay the test cuts ({@link CuttableLink}). Orders go to
 * the broker; the broker goes away and sends fail; an operator switches orders to their fallback and every order
 * saved after goes to it at once; the broker returns; the operator switches back and orders go to the broker again.
 * Every message is then delivered exactly once: SENT and received once from the broker, or CONSUMED and handled
 * once by the fallback, never both, the orders saved in the outage before the switch and the mails that waited
 * included. One thin subclass per database.
 */
abstract class AbstractRabbitSwitchTests {

    private static final String ORDERS = "order.created";

    private static final String MAILS = "mail.requested";

    private static final String FALLBACK = "order-log";

    /** So many failed sends that only the switch hands orders to their fallback in this test. */
    private static final int FALLBACK_AFTER = 1000;

    private static final int BATCH = 10;

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final Map<Long, Integer> fallbackHandled = new ConcurrentHashMap<>();

    private final List<Instance> instances = new ArrayList<>();

    @AutoClose
    private TestDatabase database;

    @AutoClose
    private CuttableLink link;

    @AutoClose
    private RabbitTestQueue queue;

    private OutboxTemplate outbox;

    private TransactionTemplate transaction;

    protected abstract TestDatabase.Kind kind();

    @BeforeEach
    void startTwoInstances() {
        RabbitTestBroker broker = RabbitTestBroker.require();
        this.database = TestDatabase.create(kind(), "rabbit_switch_" + kind().name().toLowerCase(Locale.ROOT));
        this.database.migrate();
        this.link = broker.cuttableLink();
        this.queue = new RabbitTestQueue(broker, "outbox-switch");
        DataSource application = this.database.newDataSource(4);
        this.outbox = OutboxTemplate.builder(this.database.store(application)).build();
        this.transaction = new TransactionTemplate(new DataSourceTransactionManager(application));
        for (int i = 0; i < 2; i++) {
            this.instances.add(new Instance(this.database.store(this.database.newDataSource(4)),
                    broker.senderConnectionFactoryThrough(this.link)));
        }
        this.instances.forEach(instance -> instance.dispatcher.start());
    }

    /** Runs before JUnit closes the {@code @AutoClose} fields: the dispatchers stop before their database goes. */
    @AfterEach
    void stopInstances() {
        this.instances.forEach(Instance::stop);
    }

    @Test
    void ordersGoToTheFallbackWhileSwitchedInABrokerOutageAndEveryMessageIsDeliveredOnce() {
        OutboxAdmin operator = this.instances.get(0).admin;
        List<Long> beforeOutage = save(ORDERS, "before");
        // Confirmed before the cut, so that no publish is in flight when the connections go.
        awaitState(beforeOutage, MessageState.SENT);

        this.link.cut();
        List<Long> inOutage = save(ORDERS, "outage");
        List<Long> mails = save(MAILS, "mail");
        await().atMost(PATIENCE).until(() -> inOutage.stream().anyMatch(id -> row(id).retryCount() > 0));

        assertThat(operator.switchToFallback(ORDERS).outcome()).isEqualTo(Outcome.DONE);
        awaitSwitchedEverywhere(1);
        List<Long> whileSwitched = save(ORDERS, "switched");
        awaitState(whileSwitched, MessageState.CONSUMED);
        assertThat(whileSwitched).allSatisfy(id -> assertThat(row(id).retryCount())
                .as("failed sends of order %s before its fallback", id).isZero());
        awaitState(inOutage, MessageState.CONSUMED);
        assertThat(mails).allSatisfy(id -> assertThat(row(id).state()).isEqualTo(MessageState.PENDING));

        this.link.restore();
        awaitState(mails, MessageState.SENT);
        assertThat(operator.switchBack(ORDERS).outcome()).isEqualTo(Outcome.DONE);
        awaitSwitchedEverywhere(0);
        List<Long> afterReturn = save(ORDERS, "after");
        awaitState(afterReturn, MessageState.SENT);

        List<Long> toBroker = concat(beforeOutage, mails, afterReturn);
        List<Long> toFallback = concat(inOutage, whileSwitched);
        this.queue.awaitReceived(toBroker);
        this.queue.drain();
        assertThat(this.queue.copies()).containsOnlyKeys(toBroker)
                .allSatisfy((id, copies) -> assertThat(copies).as("copies of message %s", id).isOne());
        assertThat(this.fallbackHandled).containsOnlyKeys(toFallback)
                .allSatisfy((id, calls) -> assertThat(calls).as("fallback calls for message %s", id).isOne());
        assertThat(toBroker).allSatisfy(id -> assertThat(row(id).brokerMessageId()).isEqualTo("outbox-" + id));
        assertThat(toFallback).allSatisfy(id -> assertThat(row(id).brokerMessageId())
                .isEqualTo("fallback:" + FALLBACK));
        assertThat(operator.overview().counts()).containsEntry(MessageState.PENDING, 0L)
                .containsEntry(MessageState.FAILED, 0L);
    }

    private List<Long> save(String type, String keyPrefix) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            String key = keyPrefix + "-" + i;
            ids.add(this.transaction.execute(status -> this.outbox.message(type).key(key)
                    .topic(this.queue.exchange()).payload("{}").save()).id());
        }
        return ids;
    }

    private StoredMessage row(long id) {
        return this.instances.get(0).admin.find(id).orElseThrow();
    }

    private void awaitState(List<Long> ids, MessageState state) {
        // Spring AMQP's threads may throw on channels closed by the cut; they are not the outbox's.
        await().atMost(PATIENCE).dontCatchUncaughtExceptions()
                .until(() -> ids.stream().allMatch(id -> row(id).state() == state));
    }

    private void awaitSwitchedEverywhere(double value) {
        await().atMost(PATIENCE).until(() -> this.instances.stream().allMatch(instance -> instance.switched() == value));
    }

    @SafeVarargs
    private static List<Long> concat(List<Long>... lists) {
        List<Long> all = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        for (List<Long> list : lists) {
            list.forEach(id -> assertThat(seen.add(id)).as("message %s saved once", id).isTrue());
            all.addAll(list);
        }
        return all;
    }

    /** One instance of the service: its pool, its connections to the broker, its dispatcher and its metrics. */
    private final class Instance {

        private final CachingConnectionFactory connections;

        private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

        private final Dispatcher dispatcher;

        private final OutboxAdmin admin;

        Instance(OutboxStore store, CachingConnectionFactory connections) {
            this.connections = connections;
            RabbitTemplate template = new RabbitTemplate(connections);
            template.setMandatory(true);
            MessageRoutes routes = MessageRoutes.builder().defaultSender(new RabbitMessageSender(template))
                    .fallback(ORDERS, FALLBACK, message -> AbstractRabbitSwitchTests.this.fallbackHandled
                            .merge(message.id(), 1, Integer::sum), FALLBACK_AFTER)
                    .build();
            RetryPolicy quickRetries = new RetryPolicy(Duration.ofMillis(100), 2.0, Duration.ofMillis(300), 0.0,
                    FALLBACK_AFTER);
            this.dispatcher = Dispatcher.builder(store, routes)
                    .settings(DispatcherSettings.builder().pollInterval(Duration.ofMillis(100))
                            .maxPollInterval(Duration.ofMillis(200)).sendTimeout(Duration.ofSeconds(3))
                            .outageProbeInterval(Duration.ofMillis(300)).build())
                    .retryPolicies(new RetryPolicies(quickRetries, Map.of(), null))
                    .metrics(new MicrometerOutboxMetrics(this.registry)).build();
            this.admin = OutboxAdmin.builder(store).routes(routes).build();
        }

        /** The instance's {@code outbox.routes.switched} gauge of orders to their fallback; 0 before any switch. */
        double switched() {
            Gauge gauge = this.registry.find("outbox.routes.switched").tags("type", ORDERS, "mode",
                    RouteSwitchMode.FALLBACK.name()).gauge();
            return (gauge != null) ? gauge.value() : 0;
        }

        void stop() {
            this.dispatcher.stop();
            this.connections.destroy();
        }
    }
}
