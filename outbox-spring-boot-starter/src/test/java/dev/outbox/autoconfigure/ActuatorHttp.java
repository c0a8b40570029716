/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Calls the actuator of an application running on an embedded server, as an operator's tool does. */
final class ActuatorHttp {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private ActuatorHttp() {
    }

    static Response get(ConfigurableApplicationContext target, String path) {
        return send(target, HttpRequest.newBuilder().GET(), path);
    }

    static Response post(ConfigurableApplicationContext target, String path, String json) {
        return send(target, HttpRequest.newBuilder().header("Content-Type", "application/json")
                .POST(json.isEmpty() ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json)),
                path);
    }

    static Response send(ConfigurableApplicationContext target, HttpRequest.Builder request, String path) {
        return send(target.getEnvironment().getProperty("local.server.port"), request, path);
    }

    /**
     * @param port the port the actuator answers on: the application's, or the management server's own
     */
    static Response send(String port, HttpRequest.Builder request, String path) {
        try {
            HttpResponse<String> response = HTTP.send(
                    request.uri(URI.create("http://127.0.0.1:" + port + "/actuator" + path)).build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode body = response.body().isEmpty() ? null : JsonMapper.shared().readTree(response.body());
            return new Response(response.statusCode(), body);
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    /**
     * @param status the HTTP status
     * @param body the JSON body, or null when empty
     */
    record Response(int status, JsonNode body) {
    }
}
