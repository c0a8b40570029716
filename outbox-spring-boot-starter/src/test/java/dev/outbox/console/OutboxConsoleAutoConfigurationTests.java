/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.console;

import java.util.UUID;

import dev.outbox.autoconfigure.OutboxAutoConfiguration;
import dev.outbox.sender.LoggingMessageSender;
import dev.outbox.spi.MessageSender;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.DefaultCsrfToken;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The console is served only when enabled, at its path, with the endpoint's location and the
 * request's CSRF token written into the page and headers that keep message bodies from being framed, cached or scripted.
 */
class OutboxConsoleAutoConfigurationTests {

    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    DataSourceTransactionManagerAutoConfiguration.class, OutboxAutoConfiguration.class,
                    WebMvcAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
                    OutboxConsoleAutoConfiguration.class))
            .withBean(MessageSender.class, LoggingMessageSender::new)
            .withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");

    @Test
    void isOffByDefault() {
        this.runner.run(context -> {
            assertThat(context).doesNotHaveBean("outboxConsoleRoutes");
            mvc(context).perform(get("/outbox-console")).andExpect(status().isNotFound());
        });
    }

    @Test
    void servesThePageWithTheEndpointsLocationAndItsScriptAndStyles() {
        this.runner.withPropertyValues("outbox.console.enabled=true").run(context -> {
            MockMvc mvc = mvc(context);
            mvc.perform(get("/outbox-console"))
                    .andExpect(status().isOk())
                    .andExpect(header().string("Content-Security-Policy",
                            org.hamcrest.Matchers.containsString("script-src 'self'")))
                    .andExpect(header().string("Cache-Control", "no-store"))
                    .andExpect(content().string(org.hamcrest.Matchers.containsString(
                            "<meta name=\"outbox-endpoint\" content=\"/actuator/outbox\">")))
                    .andExpect(content().string(org.hamcrest.Matchers.containsString(
                            "<script src=\"/outbox-console/console.js\" defer></script>")));
            mvc.perform(get("/outbox-console/console.js")).andExpect(status().isOk())
                    .andExpect(content().string(org.hamcrest.Matchers.containsString("textContent")));
            mvc.perform(get("/outbox-console/console.css")).andExpect(status().isOk());
        });
    }

    @Test
    void carriesTheRequestsCsrfTokenForItsChangesAndNoneWithoutOne() {
        this.runner.withPropertyValues("outbox.console.enabled=true").run(context -> {
            MockMvc mvc = mvc(context);
            CsrfToken token = new DefaultCsrfToken("X-CSRF-TOKEN", "_csrf", "a\"b<c");
            mvc.perform(get("/outbox-console").requestAttr(CsrfToken.class.getName(), token))
                    .andExpect(content().string(org.hamcrest.Matchers.containsString(
                            "<meta name=\"outbox-csrf-header\" content=\"X-CSRF-TOKEN\">")))
                    .andExpect(content().string(org.hamcrest.Matchers.containsString(
                            "<meta name=\"outbox-csrf-token\" content=\"a&quot;b&lt;c\">")));
            mvc.perform(get("/outbox-console")).andExpect(content().string(org.hamcrest.Matchers.containsString(
                    "<meta name=\"outbox-csrf-token\" content=\"\">")));
        });
    }

    @Test
    void followsItsPathAndTheActuatorsBasePath() {
        this.runner.withPropertyValues("outbox.console.enabled=true", "outbox.console.path=/ops/outbox",
                "management.endpoints.web.base-path=/manage").run(context -> mvc(context)
                        .perform(get("/ops/outbox"))
                        .andExpect(status().isOk())
                        .andExpect(content().string(org.hamcrest.Matchers.containsString(
                                "content=\"/manage/outbox\"")))
                        .andExpect(content().string(org.hamcrest.Matchers.containsString(
                                "href=\"/ops/outbox/console.css\""))));
    }

    @Test
    void anInvalidPathFailsTheStart() {
        this.runner.withPropertyValues("outbox.console.enabled=true", "outbox.console.path=outbox/")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .hasMessage("outbox.console.path is 'outbox/': it must be an absolute path of letters, "
                                + "digits, '.', '_', '~' and '-' segments, such as /outbox-console, without a "
                                + "trailing slash"));
    }

    private static MockMvc mvc(org.springframework.web.context.WebApplicationContext context) {
        return MockMvcBuilders.webAppContextSetup(context).build();
    }
}
