/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.OutboxTemplate;
import dev.outbox.consumer.inbox.Inbox;
import dev.outbox.message.MessageState;
import dev.outbox.message.StoredMessage;
import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.MessageSender;
import dev.outbox.spi.OutgoingMessage;
import dev.outbox.web.IdempotentRequest;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The operator console against the sample application, in a real headless Chromium: an order's
 * message fails while the broker is down and is parked as FAILED; the broker comes back; the
 * operator finds the message in the console, reads why it failed, and double-clicks Retry. The
 * message is re-driven once and ends SENT. In an outage, the operator switches a message type to its fallback
 * handler in the console, and back once the broker returns. After recovery, the operator lists the messages a
 * consumer group has not consumed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "outbox.console.enabled=true", "management.endpoint.outbox.access=unrestricted",
        "outbox.default-sender=broker", "outbox.retry.max-attempts=1",
        "outbox.routes[" + ConsoleBrowserTest.AUDITED + "].fallback-handler=auditLog" })
class ConsoleBrowserTest {

    /** A message type of the test's with a fallback handler, which the sample's order type has not. */
    static final String AUDITED = "audit.recorded";

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @LocalServerPort
    private int port;

    @Autowired
    private OutboxTemplate outbox;

    @Autowired
    private FlakyBroker broker;

    @Autowired
    private AuditLog auditLog;

    @Autowired
    private TransactionTemplate transaction;

    @Autowired
    private MeterRegistry registry;

    @Autowired
    private Inbox inbox;

    @Test
    void operatorRetriesAFailedMessageWithADoubleClickAndItIsSentOnce() throws Exception {
        this.broker.down();
        long messageId = placeOrder();
        await().atMost(PATIENCE).until(() -> state(messageId) == MessageState.FAILED);

        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver browser = chromium.driver();
            WebDriverWait wait = new WebDriverWait(browser, PATIENCE);
            browser.get("http://127.0.0.1:" + this.port + "/outbox-console");

            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("count-FAILED"), "1"));
            browser.findElement(test("count-FAILED")).click();
            wait.until(ExpectedConditions.elementToBeClickable(test("message-" + messageId))).click();
            wait.until(ExpectedConditions.textToBe(test("field-state"), "FAILED"));
            assertThat(browser.findElement(test("details-reason")).getText())
                    .startsWith("java.lang.IllegalStateException: broker unavailable");
            assertThat(browser.findElement(test("details-body")).getText()).contains("\"customerId\":\"c-7\"");
            assertThat(browser.findElement(test("resume")).isEnabled()).as("only SUSPENDED can be resumed").isFalse();

            this.broker.up();
            WebElement retry = browser.findElement(test("retry"));
            new Actions(browser).doubleClick(retry).perform();

            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("status"),
                    "message " + messageId + " is PENDING now"));
            await().atMost(PATIENCE).until(() -> state(messageId) == MessageState.SENT);
            browser.findElement(test("refresh")).click();
            wait.until(ExpectedConditions.textToBe(test("field-state"), "SENT"));
            assertThat(browser.findElement(test("retry")).isEnabled()).isFalse();
            assertThat(browser.findElement(test("resend-message")).isEnabled()).as("a SENT one can be re-sent").isTrue();
        }
        assertThat(this.broker.delivered()).as("re-driven once").filteredOn(message -> message.id() == messageId)
                .singleElement().satisfies(message -> assertThat(message.attempt()).isEqualTo(1));
        StoredMessage sent = this.outbox.find(messageId).orElseThrow();
        assertThat(sent.brokerMessageId()).isEqualTo("flaky-" + messageId);
    }

    @Test
    void afterAnOutageTheOperatorRedrivesEveryFailedMessageOfATypeAtOnce() throws Exception {
        this.broker.down();
        List<Long> failed = List.of(placeOrder("c-21"), placeOrder("c-22"), placeOrder("c-23"));
        await().atMost(PATIENCE).until(() -> failed.stream().allMatch(id -> state(id) == MessageState.FAILED));
        this.broker.up();

        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver browser = chromium.driver();
            WebDriverWait wait = new WebDriverWait(browser, PATIENCE);
            browser.get("http://127.0.0.1:" + this.port + "/outbox-console");
            wait.until(ExpectedConditions.elementToBeClickable(test("count-FAILED")));
            assertThat(browser.findElement(test("retry-failed")).isEnabled()).as("needs a type").isFalse();

            new Select(browser.findElement(test("filter-state"))).selectByVisibleText("FAILED");
            browser.findElement(test("filter-type")).sendKeys(OrderService.ORDER_CREATED);
            browser.findElement(test("apply-filter")).click();
            failed.forEach(id -> wait.until(ExpectedConditions.presenceOfElementLocated(test("message-" + id))));
            wait.until(ExpectedConditions.elementToBeClickable(test("retry-failed"))).click();
            wait.until(ExpectedConditions.alertIsPresent()).accept();

            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("status"),
                    "FAILED message(s) of type 'order.created' are PENDING now"));
        }
        await().atMost(PATIENCE).until(() -> failed.stream().allMatch(id -> state(id) == MessageState.SENT));
        assertThat(this.broker.delivered()).filteredOn(message -> failed.contains(message.id())).hasSize(3);
    }

    @Test
    void inAnOutageTheOperatorSwitchesATypeToItsFallbackAndBackOnceTheBrokerReturns() throws Exception {
        this.broker.down();
        long duringOutage;
        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver browser = chromium.driver();
            WebDriverWait wait = new WebDriverWait(browser, PATIENCE);
            browser.get("http://127.0.0.1:" + this.port + "/outbox-console");
            wait.until(ExpectedConditions.visibilityOfElementLocated(test("switches-none")));

            browser.findElement(test("switch-type")).sendKeys(OrderService.ORDER_CREATED);
            browser.findElement(test("switch")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("status"),
                    "cannot be switched to FALLBACK: it has no fallback handler"));
            browser.findElement(test("switch-type")).clear();
            browser.findElement(test("switch-type")).sendKeys(AUDITED);
            new Select(browser.findElement(test("switch-to"))).selectByVisibleText("its fallback handler");
            browser.findElement(test("switch")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("status"),
                    "message type '" + AUDITED + "' is switched to FALLBACK"));
            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("switch-" + AUDITED), "FALLBACK"));
            await().atMost(PATIENCE).until(() -> switchedGauge() == 1.0);

            duringOutage = saveAudit("during-outage");
            await().atMost(PATIENCE).until(() -> state(duringOutage) == MessageState.CONSUMED);
            assertThat(this.outbox.find(duringOutage).orElseThrow().retryCount()).as("no failed send first").isZero();

            this.broker.up();
            wait.until(ExpectedConditions.elementToBeClickable(test("switch-back-" + AUDITED))).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("status"),
                    "message type '" + AUDITED + "' is switched back"));
            wait.until(ExpectedConditions.visibilityOfElementLocated(test("switches-none")));
        }
        await().atMost(PATIENCE).until(() -> switchedGauge() == 0.0);
        long afterOutage = saveAudit("after-outage");
        await().atMost(PATIENCE).until(() -> state(afterOutage) == MessageState.SENT);
        assertThat(this.auditLog.handled()).containsExactly(duringOutage);
        assertThat(this.broker.delivered()).filteredOn(message -> message.id() == afterOutage).hasSize(1);
    }

    @Test
    void afterRecoveryTheOperatorListsTheMessagesAConsumerGroupHasNotConsumed() throws Exception {
        long consumed = placeOrder("c-31");
        long skipped = placeOrder("c-32");
        await().atMost(PATIENCE).until(() -> state(consumed) == MessageState.SENT && state(skipped) == MessageState.SENT);
        this.transaction.executeWithoutResult(status -> this.inbox.consume(ShippingService.CONSUMER_GROUP,
                String.valueOf(consumed), () -> null));

        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver browser = chromium.driver();
            WebDriverWait wait = new WebDriverWait(browser, PATIENCE);
            browser.get("http://127.0.0.1:" + this.port + "/outbox-console");
            wait.until(ExpectedConditions.elementToBeClickable(test("unconsumed")));

            browser.findElement(test("unconsumed-group")).sendKeys(ShippingService.CONSUMER_GROUP);
            WebElement minutes = browser.findElement(test("unconsumed-minutes"));
            minutes.clear();
            minutes.sendKeys("0");
            browser.findElement(test("unconsumed")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("reconciliation-list"),
                    "#" + skipped + " " + OrderService.ORDER_CREATED));
            assertThat(browser.findElement(test("reconciliation-summary")).getText())
                    .contains("that shipping has not consumed");
            assertThat(browser.findElement(test("reconciliation-list")).getText()).doesNotContain("#" + consumed + " ");

            browser.findElement(test("reconcile")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("status"),
                    "No sender of this application can read back what it sent"));
            assertThat(browser.findElement(test("resend")).isDisplayed()).isFalse();
        }
    }

    private double switchedGauge() {
        Gauge gauge = this.registry.find("outbox.routes.switched").tag("type", AUDITED).tag("mode", "FALLBACK")
                .gauge();
        return (gauge != null) ? gauge.value() : Double.NaN;
    }

    private long saveAudit(String key) {
        return this.transaction.execute(status -> this.outbox.message(AUDITED).key(key).topic("audit").payload("{}")
                .save()).id();
    }

    private long placeOrder() {
        return placeOrder("c-7");
    }

    private long placeOrder(String customerId) {
        Map<?, ?> created = RestClient.create("http://127.0.0.1:" + this.port).post().uri("/orders")
                .contentType(MediaType.APPLICATION_JSON)
                .header(IdempotentRequest.HEADER, UUID.randomUUID().toString())
                .body(Map.of("customerId", customerId, "product", "lamp", "quantity", 1))
                .retrieve().body(Map.class);
        return ((Number) created.get("outboxMessageId")).longValue();
    }

    private MessageState state(long id) {
        return this.outbox.find(id).orElseThrow().state();
    }

    private static By test(String name) {
        return By.cssSelector("[data-test='" + name + "']");
    }

    /** A broker the test takes down and brings back; it records what it accepted. */
    static final class FlakyBroker implements MessageSender {

        private final List<OutgoingMessage> delivered = new CopyOnWriteArrayList<>();

        private volatile boolean up = true;

        @Override
        public CompletionStage<String> send(OutgoingMessage message) {
            if (!this.up) {
                return CompletableFuture.failedFuture(new IllegalStateException("broker unavailable"));
            }
            this.delivered.add(message);
            return CompletableFuture.completedFuture("flaky-" + message.id());
        }

        void down() {
            this.up = false;
        }

        void up() {
            this.up = true;
        }

        List<OutgoingMessage> delivered() {
            return List.copyOf(this.delivered);
        }
    }

    /** The fallback handler of {@value #AUDITED}: it records the ids it handled. */
    static final class AuditLog implements MessageHandler {

        private final List<Long> handled = new CopyOnWriteArrayList<>();

        @Override
        public void handle(OutgoingMessage message) {
            this.handled.add(message.id());
        }

        List<Long> handled() {
            return List.copyOf(this.handled);
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class BrokerConfiguration {

        @Bean
        FlakyBroker broker() {
            return new FlakyBroker();
        }

        @Bean
        AuditLog auditLog() {
            return new AuditLog();
        }
    }
}
