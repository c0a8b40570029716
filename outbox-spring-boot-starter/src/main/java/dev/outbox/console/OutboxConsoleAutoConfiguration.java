/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.console;

import dev.outbox.autoconfigure.OutboxAutoConfiguration;
import dev.outbox.autoconfigure.OutboxProperties;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Serves the operator console at {@code outbox.console.path} when {@code outbox.console.enabled}
 * is true, in a servlet web application. The page reads and changes messages only through the
 * {@code outbox} actuator endpoint, so it sees what the endpoint exposes and can change messages
 * only where its write access is granted; both the page and the endpoint are behind the
 * application's security like any other path.
 */
@AutoConfiguration(after = OutboxAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(RouterFunction.class)
@ConditionalOnBooleanProperty("outbox.console.enabled")
public final class OutboxConsoleAutoConfiguration {

    OutboxConsoleAutoConfiguration() {
    }

    @Bean
    RouterFunction<ServerResponse> outboxConsoleRoutes(OutboxProperties properties, Environment environment) {
        String path = ConsolePath.of(properties.getConsole().getPath());
        OutboxConsolePage page = new OutboxConsolePage(path,
                environment.getProperty("management.endpoints.web.base-path", "/actuator"));
        return RouterFunctions.route()
                .GET(path, page::page)
                .GET(path + "/console.js", page::script)
                .GET(path + "/console.css", page::styles)
                .build();
    }
}
