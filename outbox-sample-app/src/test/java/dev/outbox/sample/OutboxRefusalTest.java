/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An order that passes the sample's own checks but whose message the outbox refuses (here: a payload
 * limit smaller than any order) answers 400 with the outbox's sentence and writes nothing, instead of
 * a 500.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "outbox.max-payload-size=64B")
@DirtiesContext
class OutboxRefusalTest {

    @LocalServerPort
    private int port;

    @Autowired
    private JdbcClient jdbc;

    @Test
    void messageTheOutboxRefusesAnswers400WithItsSentenceAndWritesNothing() {
        long orders = count("orders");
        long messages = count("local_message");

        ResponseEntity<Map<String, Object>> response = new OrdersHttp(this.port)
                .post(Map.of("customerId", "c-1", "product", "book", "quantity", 1));

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(response.getBody()).containsEntry("title", "Invalid order").containsEntry("field", "payload");
        assertThat((String) response.getBody().get("detail")).matches(
                "Invalid outbox message: 'payload' is \\d+ bytes as UTF-8, more than the maximum of 64 bytes");
        assertThat(count("orders")).isEqualTo(orders);
        assertThat(count("local_message")).isEqualTo(messages);
    }

    private long count(String table) {
        return this.jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
    }
}
