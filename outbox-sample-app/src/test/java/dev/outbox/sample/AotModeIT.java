/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The packaged sample started ahead-of-time processed on the JVM ({@code process-aot} at build, then
 * {@code -Dspring.aot.enabled=true}), on its embedded H2 database: it serves, and an order placed over HTTP
 * reaches SENT through the generated bean definitions of the outbox. A native image is not built here: GraalVM
 * is not on the project's machine.
 */
class AotModeIT {

    private static final Duration START = Duration.ofSeconds(90);

    @Test
    void theSampleStartedInAotModePlacesAnOrderThatReachesSent() throws Exception {
        Path jar = Path.of(System.getProperty("outbox.sample.jar"));
        assertThat(jar).as("the packaged sample").exists();
        Path log = jar.resolveSibling("aot-mode.log");
        int port = freePort();
        Process application = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dspring.aot.enabled=true", "-jar", jar.toString(), "--server.port=" + port)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            OrdersHttp http = new OrdersHttp(port);
            await().atMost(START).ignoreExceptions()
                    .until(() -> http.get("/actuator/health").getStatusCode() == HttpStatus.OK);
            assertThat(Files.readString(log)).as("the log says the context is AOT-processed")
                    .contains("Starting AOT-processed");

            ResponseEntity<Map<String, Object>> placed = http.post(
                    Map.of("customerId", "c-aot", "product", "lamp", "quantity", 1));
            assertThat(placed.getStatusCode()).isEqualTo(HttpStatus.CREATED);
            String order = String.valueOf(placed.getBody().get("orderId"));

            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(http.get("/orders/" + order)
                    .getBody()).extractingByKey("outbox").asString().contains("state=SENT"));
        }
        finally {
            application.destroy();
            if (!application.waitFor(30, TimeUnit.SECONDS)) {
                application.destroyForcibly();
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
