/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consolesecurity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.outbox.OutboxTemplate;
import dev.outbox.message.MessageState;
import dev.outbox.sample.HeadlessChromium;
import dev.outbox.testing.TestDatabase;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The operator console behind Spring Security, in a real headless Chromium, on a real MariaDB: a logged-in operator
 * does every change the console offers, and a page of another site (another port of the same host, so the browser
 * sends the operator's session cookie along) that posts to the endpoint changes nothing. Twice: with Spring Boot's
 * default security (form login, CSRF protection on everywhere: Spring Security refuses the other site, 403), and
 * with the configuration for scripts that turns CSRF protection off for the actuator (the endpoint refuses the other
 * site itself, 415, since it takes only JSON).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbSecuredConsoleBrowserTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private static final String TYPE = "order.created";

    private static final String PASSWORD = "s3cret-for-the-test";

    private @Nullable TestDatabase database;

    private final List<ConfigurableApplicationContext> applications = new ArrayList<>();

    @BeforeAll
    void createDatabase() {
        this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, "console_security");
    }

    @AfterAll
    void stopAll() {
        this.applications.forEach(ConfigurableApplicationContext::close);
        if (this.database != null) {
            this.database.close();
        }
    }

    @BeforeEach
    void emptyTables() {
        if (!this.applications.isEmpty()) {
            JdbcTemplate jdbc = jdbc(this.applications.get(0));
            jdbc.update("DELETE FROM local_message");
            jdbc.update("DELETE FROM local_message_switch");
        }
    }

    @Test
    void withBootsDefaultSecurityALoggedInOperatorDoesEveryChangeAndAnotherSiteNone() throws Exception {
        ConfigurableApplicationContext application = start();
        operatorDoesEveryChange(application);
        anotherSiteChangesNothing(application, "Forbidden");
    }

    @Test
    void withCsrfProtectionOffForTheActuatorTheEndpointItselfRefusesAnotherSite() throws Exception {
        ConfigurableApplicationContext application = start("operator.scripts=true",
                "spring.security.user.roles=OUTBOX_OPERATOR");
        operatorDoesEveryChange(application);
        anotherSiteChangesNothing(application, "needs the header Content-Type: application/json");
    }

    private ConfigurableApplicationContext start(String... properties) {
        List<String> all = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
                "outbox.dispatcher.enabled=false", "outbox.console.enabled=true",
                "management.endpoints.web.exposure.include=outbox", "management.endpoint.outbox.access=unrestricted",
                "management.health.defaults.enabled=false", "spring.security.user.name=operator",
                "spring.security.user.password=" + PASSWORD));
        database().springDataSource().forEach((name, value) -> all.add(name + "=" + value));
        all.addAll(List.of(properties));
        ConfigurableApplicationContext application = new SpringApplicationBuilder(OperatorApplication.class)
                .web(WebApplicationType.SERVLET).properties(all.toArray(new String[0])).run();
        this.applications.add(application);
        jdbc(application).update("DELETE FROM local_message");
        jdbc(application).update("DELETE FROM local_message_switch");
        return application;
    }

    private void operatorDoesEveryChange(ConfigurableApplicationContext application) throws Exception {
        Rows rows = new Rows(application);
        long failed = rows.save(TYPE, "failed-1", null, MessageState.FAILED);
        long pending = rows.save(TYPE, "pending-1", null, MessageState.PENDING);
        long suspended = rows.save(TYPE, "suspended-1", null, MessageState.SUSPENDED);
        long ordered = rows.save(TYPE, "ordered-1", "customer-7", MessageState.PENDING);
        long sent = rows.save(TYPE, "sent-1", null, MessageState.SENT);
        long lost = rows.save(TYPE, OperatorApplication.LOST + "1", null, MessageState.SENT);
        List<Long> bulk = List.of(rows.save("payment", "payment-1", null, MessageState.FAILED),
                rows.save("payment", "payment-2", null, MessageState.FAILED));

        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            Console console = Console.loggedIn(chromium.driver(), port(application));

            console.change(failed, "retry", "message " + failed + " is PENDING now");
            console.change(pending, "suspend", "message " + pending + " is SUSPENDED now");
            console.change(suspended, "resume", "message " + suspended + " is PENDING now");
            console.change(ordered, "skip", "message " + ordered + " is SUSPENDED now and out of its ordering key");
            console.change(sent, "resend-message", "message " + sent + " is PENDING now, due at once, to be sent again");
            assertThat(List.of(rows.state(failed), rows.state(pending), rows.state(suspended), rows.state(ordered),
                    rows.state(sent))).containsExactly("PENDING", "SUSPENDED", "PENDING", "SUSPENDED", "PENDING");

            console.retryAllFailed("payment");
            assertThat(bulk).allSatisfy(id -> assertThat(rows.state(id)).isEqualTo("PENDING"));

            console.switchToFallbackAndBack(OperatorApplication.AUDITED);
            assertThat(rows.switches()).isZero();

            console.resendTheLost();
            assertThat(rows.state(lost)).isEqualTo("PENDING");
        }
    }

    private void anotherSiteChangesNothing(ConfigurableApplicationContext application, String refusal)
            throws Exception {
        Rows rows = new Rows(application);
        long pending = rows.save(TYPE, "target-1", null, MessageState.PENDING);
        String target = "http://127.0.0.1:" + port(application) + "/actuator/outbox/messages/" + pending + "/suspend";

        String formAnswer;
        try (HeadlessChromium chromium = HeadlessChromium.start();
                CrossSitePages elsewhere = CrossSitePages.posting(target)) {
            WebDriver browser = chromium.driver();
            Console.loggedIn(browser, port(application));

            browser.get(elsewhere.url("/form"));
            new WebDriverWait(browser, PATIENCE).until(ExpectedConditions.urlToBe(target));
            formAnswer = browser.getPageSource();
            browser.get(elsewhere.url("/fetch"));
            new WebDriverWait(browser, PATIENCE).until(ExpectedConditions.titleIs("answered"));
        }

        assertThat(rows.state(pending)).isEqualTo("PENDING");
        assertThat(rows.lockVersion(pending)).as("never touched").isZero();
        assertThat(formAnswer).as("the answer to the form").contains(refusal);
    }

    private TestDatabase database() {
        if (this.database == null) {
            throw new IllegalStateException("The test database is created in @BeforeAll");
        }
        return this.database;
    }

    private static int port(ConfigurableApplicationContext application) {
        return Integer.parseInt(application.getEnvironment().getProperty("local.server.port", "0"));
    }

    private static JdbcTemplate jdbc(ConfigurableApplicationContext application) {
        return application.getBean(JdbcTemplate.class);
    }

    private static By test(String name) {
        return By.cssSelector("[data-test='" + name + "']");
    }

    /** The outbox table of an application: rows saved through its template, states read back. */
    private static final class Rows {

        private final ConfigurableApplicationContext application;

        private final JdbcTemplate jdbc;

        Rows(ConfigurableApplicationContext application) {
            this.application = application;
            this.jdbc = jdbc(application);
        }

        long save(String type, String key, @Nullable String orderingKey, MessageState state) {
            OutboxTemplate outbox = this.application.getBean(OutboxTemplate.class);
            long id = new TransactionTemplate(this.application.getBean(PlatformTransactionManager.class))
                    .execute(status -> {
                        var message = outbox.message(type).key(key).topic("orders").payload("{}");
                        return ((orderingKey != null) ? message.orderingKey(orderingKey) : message).save().id();
                    });
            this.jdbc.update("UPDATE local_message SET state = ? WHERE id = ?", state.name(), id);
            return id;
        }

        String state(long id) {
            return this.jdbc.queryForObject("SELECT state FROM local_message WHERE id = ?", String.class, id);
        }

        long lockVersion(long id) {
            return this.jdbc.queryForObject("SELECT lock_version FROM local_message WHERE id = ?", Long.class, id);
        }

        int switches() {
            return this.jdbc.queryForObject("SELECT COUNT(*) FROM local_message_switch", Integer.class);
        }
    }

    /** The console in the browser, as the operator uses it. */
    private static final class Console {

        private final WebDriver browser;

        private final WebDriverWait wait;

        private Console(WebDriver browser) {
            this.browser = browser;
            this.wait = new WebDriverWait(browser, PATIENCE);
        }

        /** Opens the console, which sends the browser to the login form first, and logs in. */
        static Console loggedIn(WebDriver browser, int port) {
            Console console = new Console(browser);
            browser.get("http://127.0.0.1:" + port + "/outbox-console");
            console.wait.until(ExpectedConditions.visibilityOfElementLocated(By.name("username"))).sendKeys("operator");
            browser.findElement(By.name("password")).sendKeys(PASSWORD);
            browser.findElement(By.cssSelector("button[type='submit']")).click();
            console.wait.until(ExpectedConditions.textToBePresentInElementLocated(test("count-PENDING"), "PENDING"));
            return console;
        }

        void change(long id, String button, String answer) {
            click(test("message-" + id));
            this.wait.until(ExpectedConditions.textToBe(test("details-title"), "Message " + id));
            click(test(button));
            status(answer);
        }

        /** Clicks an element once it is clickable; the list is drawn anew after each change, so it may go stale. */
        private void click(By element) {
            this.wait.ignoring(StaleElementReferenceException.class).until(driver -> {
                WebElement clickable = ExpectedConditions.elementToBeClickable(element).apply(driver);
                if (clickable != null) {
                    clickable.click();
                }
                return clickable != null;
            });
        }

        void retryAllFailed(String type) {
            new Select(this.browser.findElement(test("filter-state"))).selectByVisibleText("FAILED");
            this.browser.findElement(test("filter-type")).sendKeys(type);
            this.browser.findElement(test("apply-filter")).click();
            click(test("retry-failed"));
            this.wait.until(ExpectedConditions.alertIsPresent()).accept();
            status("2 FAILED message(s) of type '" + type + "' are PENDING now");
        }

        void switchToFallbackAndBack(String type) {
            this.browser.findElement(test("switch-type")).sendKeys(type);
            new Select(this.browser.findElement(test("switch-to"))).selectByVisibleText("its fallback handler");
            this.browser.findElement(test("switch")).click();
            status("message type '" + type + "' is switched to FALLBACK");
            click(test("switch-back-" + type));
            status("message type '" + type + "' is switched back");
        }

        void resendTheLost() {
            this.browser.findElement(test("reconcile")).click();
            click(test("resend"));
            status("1 message(s) are PENDING again and will be re-sent.");
        }

        private void status(String text) {
            this.wait.until(ExpectedConditions.textToBePresentInElementLocated(test("status"), text));
        }
    }
}
