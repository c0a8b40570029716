/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import org.springframework.web.util.HtmlUtils;

/**
 * Serves the console's page, script and style sheet from the class path. The page learns where
 * the {@code outbox} endpoint is from a meta element, written with the request's context path and
 * the actuator's base path, so that it works under any of them; and, behind Spring Security, the
 * request's CSRF token from two more, which its changes send back.
 */
final class OutboxConsolePage {

    private static final String LOCATION = "/dev/outbox/console/";

    private static final String ENDPOINT_PLACEHOLDER = "{{outbox-endpoint}}";

    private static final String PATH_PLACEHOLDER = "{{console-path}}";

    private static final String CSRF_HEADER_PLACEHOLDER = "{{csrf-header}}";

    private static final String CSRF_TOKEN_PLACEHOLDER = "{{csrf-token}}";

    private static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    private final String page;

    private final String script;

    private final String styles;

    private final String path;

    private final String actuatorBasePath;

    /**
     * @param path the console's path
     * @param actuatorBasePath the actuator's base path, {@code /actuator} unless configured
     */
    OutboxConsolePage(String path, String actuatorBasePath) {
        this.path = path;
        this.actuatorBasePath = actuatorBasePath;
        this.page = read("console.html");
        this.script = read("console.js");
        this.styles = read("console.css");
    }

    ServerResponse page(ServerRequest request) {
        String contextPath = request.requestPath().contextPath().value();
        String endpoint = contextPath + this.actuatorBasePath + "/outbox";
        CsrfTokens.Token csrf = CsrfTokens.of(request);
        return secured(MediaType.TEXT_HTML).body(this.page
                .replace(ENDPOINT_PLACEHOLDER, HtmlUtils.htmlEscape(endpoint))
                .replace(PATH_PLACEHOLDER, HtmlUtils.htmlEscape(contextPath + this.path))
                .replace(CSRF_HEADER_PLACEHOLDER, (csrf != null) ? HtmlUtils.htmlEscape(csrf.header()) : "")
                .replace(CSRF_TOKEN_PLACEHOLDER, (csrf != null) ? HtmlUtils.htmlEscape(csrf.value()) : ""));
    }

    ServerResponse script(ServerRequest request) {
        return secured(new MediaType("text", "javascript", StandardCharsets.UTF_8)).body(this.script);
    }

    ServerResponse styles(ServerRequest request) {
        return secured(new MediaType("text", "css", StandardCharsets.UTF_8)).body(this.styles);
    }

    private static ServerResponse.BodyBuilder secured(MediaType type) {
        // Message bodies are shown on the page: nothing may be framed, cached or run but the console's own script.
        return ServerResponse.ok().contentType(type).header("Content-Security-Policy", CSP)
                .header("X-Content-Type-Options", "nosniff").header("Cache-Control", "no-store");
    }

    private static String read(String name) {
        try (InputStream in = OutboxConsolePage.class.getResourceAsStream(LOCATION + name)) {
            if (in == null) {
                throw new IllegalStateException("The outbox console's " + name + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
