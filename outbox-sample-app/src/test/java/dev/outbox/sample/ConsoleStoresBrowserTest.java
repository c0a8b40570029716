/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;
import java.util.UUID;

import javax.sql.DataSource;

import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The operator console of an application with two stores ({@code outbox.stores}), in a real headless Chromium:
 * the operator switches to the second store, finds its message and suspends it, and the change lands in that
 * store's database, not the first's.
 */
@SpringBootTest(classes = ConsoleStoresBrowserTest.TwoStoresApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "outbox.console.enabled=true", "management.endpoint.outbox.access=unrestricted",
                "management.endpoints.web.exposure.include=outbox", "outbox.dispatcher.enabled=false",
                "outbox.stores.orders.data-source=ordersDataSource",
                "outbox.stores.billing.data-source=billingDataSource" })
class ConsoleStoresBrowserTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @LocalServerPort
    private int port;

    @Autowired
    @Qualifier("orders")
    private OutboxTemplate orders;

    @Autowired
    @Qualifier("billing")
    private OutboxTemplate billing;

    @Autowired
    @Qualifier("ordersTransactionManager")
    private PlatformTransactionManager ordersTransactions;

    @Autowired
    @Qualifier("billingTransactionManager")
    private PlatformTransactionManager billingTransactions;

    @Test
    void theOperatorSwitchesToTheSecondStoreAndChangesOneOfItsMessages() throws Exception {
        long order = save(this.orders, this.ordersTransactions, "order-1");
        long firstInvoice = save(this.billing, this.billingTransactions, "invoice-1");
        long invoice = save(this.billing, this.billingTransactions, "invoice-2");

        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            WebDriver browser = chromium.driver();
            WebDriverWait wait = new WebDriverWait(browser, PATIENCE);
            browser.get("http://127.0.0.1:" + this.port + "/outbox-console");

            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("count-PENDING"), "1"));
            Select store = new Select(wait.until(ExpectedConditions.visibilityOfElementLocated(test("store"))));
            assertThat(store.getOptions()).extracting(option -> option.getText()).containsExactly("orders",
                    "billing");
            assertThat(store.getFirstSelectedOption().getText()).isEqualTo("orders");

            store.selectByVisibleText("billing");
            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("count-PENDING"), "2"));
            wait.until(ExpectedConditions.elementToBeClickable(test("message-" + invoice))).click();
            wait.until(ExpectedConditions.textToBe(test("field-key"), "invoice-2"));
            browser.findElement(test("suspend")).click();

            wait.until(ExpectedConditions.textToBePresentInElementLocated(test("status"),
                    "message " + invoice + " is SUSPENDED now"));
        }
        assertThat(this.billing.find(invoice).orElseThrow().state()).isEqualTo(MessageState.SUSPENDED);
        assertThat(this.billing.find(firstInvoice).orElseThrow().state()).isEqualTo(MessageState.PENDING);
        assertThat(this.orders.find(order).orElseThrow().state()).isEqualTo(MessageState.PENDING);
    }

    private static long save(OutboxTemplate outbox, PlatformTransactionManager transactions, String key) {
        SaveResult saved = new TransactionTemplate(transactions)
                .execute(status -> outbox.save("test.saved", key, "test-topic", "{}"));
        return saved.id();
    }

    private static By test(String name) {
        return By.cssSelector("[data-test='" + name + "']");
    }

    /**
     * Two databases, a store each, and the web, actuator and console auto-configurations of the sample. Not a
     * {@code @SpringBootConfiguration}, which the sample's other tests would find in this package.
     */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class TwoStoresApplication {

        @Bean
        @Primary
        DataSource ordersDataSource() {
            return h2();
        }

        @Bean
        DataSource billingDataSource() {
            return h2();
        }

        @Bean
        @Primary
        PlatformTransactionManager ordersTransactionManager(@Qualifier("ordersDataSource") DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }

        @Bean
        PlatformTransactionManager billingTransactionManager(@Qualifier("billingDataSource") DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }

        private static DataSource h2() {
            return DataSourceBuilder.create().url("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1").build();
        }
    }
}
