/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.util.List;
import java.util.Map;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
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

    OrdersHttp(int port) {
        this.http = RestClient.builder().baseUrl("http://127.0.0.1:" + port).build();
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
        return this.http.post().uri(path).contentType(MediaType.APPLICATION_JSON).body(body).retrieve()
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
