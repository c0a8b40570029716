/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.outbox.web.IdempotentRequest;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * The sample's HTTP API as a client sees it: every answer is returned, whatever its status, with
 * its body read as a JSON object (empty when there is none).
 */
final class OrdersHttp {

    private static final ParameterizedTypeReference<Map<String, Object>> JSON_OBJECT =
            new ParameterizedTypeReference<>() {
            };

    private static final ParameterizedTypeReference<List<Map<String, Object>>> JSON_ARRAY =
            new ParameterizedTypeReference<>() {
            };

    private final RestClient http;

    /**
     * @param port the sample's port
     */
    OrdersHttp(int port) {
        // The JDK's client, named rather than detected: the stream profile's dependencies put Apache HttpClient 5 on
        // the class path, whose connection reuse after a 503 made the outage tests' first orders seconds late.
        this(port, new JdkClientHttpRequestFactory());
    }

    /**
     * @param port the sample's port
     * @param readTimeout how long a request waits for its answer before it fails, as a client that gives up does
     */
    OrdersHttp(int port, Duration readTimeout) {
        this(port, readTimeoutOf(readTimeout));
    }

    private OrdersHttp(int port, JdkClientHttpRequestFactory requests) {
        this.http = RestClient.builder().baseUrl("http://127.0.0.1:" + port).requestFactory(requests).build();
    }

    private static JdkClientHttpRequestFactory readTimeoutOf(Duration readTimeout) {
        JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory();
        requests.setReadTimeout(readTimeout);
        return requests;
    }

    /**
     * @param body a map, or a JSON text sent as it is
     * @return the answer to {@code POST /orders}
     */
    ResponseEntity<Map<String, Object>> post(Object body) {
        return post("/orders", body);
    }

    /**
     * @param path a path, for example {@code /orders/<id>/tracking}
     * @param body a map, or a JSON text sent as it is
     * @return the answer
     */
    ResponseEntity<Map<String, Object>> post(String path, Object body) {
        return post(path, body, UUID.randomUUID().toString());
    }

    /**
     * @param path a path, for example {@code /orders}
     * @param body a map, or a JSON text sent as it is
     * @param idempotencyKey the {@code Idempotency-Key} header: the same on every retry of one request
     * @return the answer
     */
    ResponseEntity<Map<String, Object>> post(String path, Object body, String idempotencyKey) {
        return this.http.post().uri(path).contentType(MediaType.APPLICATION_JSON)
                .header(IdempotentRequest.HEADER, idempotencyKey).body(body).retrieve()
                .onStatus(status -> true, (request, response) -> {
                })
                .toEntity(JSON_OBJECT);
    }

    /**
     * @param path a path, for example {@code /orders/<id>}
     * @return the answer
     */
    ResponseEntity<Map<String, Object>> get(String path) {
        return get(path, JSON_OBJECT);
    }

    /**
     * @param path a path whose answer is a JSON array, for example {@code /orders/<id>/tracking}
     * @return the answer, with its body read as a list of JSON objects
     */
    ResponseEntity<List<Map<String, Object>>> getList(String path) {
        return get(path, JSON_ARRAY);
    }

    private <T> ResponseEntity<T> get(String path, ParameterizedTypeReference<T> bodyType) {
        return this.http.get().uri(path).retrieve()
                .onStatus(status -> true, (request, response) -> {
                })
                .toEntity(bodyType);
    }
}
