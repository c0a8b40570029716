/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Writes the idempotency filter's refusals as RFC 9457 problem details ({@code application/problem+json}).
 */
final class ProblemResponses {

    private ProblemResponses() {
    }

    /**
     * Replaces whatever the response holds with a problem detail.
     *
     * @param request the request, whose path is the problem's instance
     * @param response a response not yet committed
     * @param status the status
     * @param detail what went wrong and what to do, for the client
     */
    static void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String detail)
            throws IOException {
        response.reset();
        byte[] body = ("{\"type\":\"about:blank\",\"title\":" + json(status.getReasonPhrase()) + ",\"status\":"
                + status.value() + ",\"detail\":" + json(detail) + ",\"instance\":" + json(request.getRequestURI())
                + "}").getBytes(StandardCharsets.UTF_8);
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static String json(String text) {
        StringBuilder json = new StringBuilder(text.length() + 2).append('"');
        text.chars().forEach(c -> {
            if (c == '"' || c == '\\') {
                json.append('\\').append((char) c);
            }
            else if (c < 0x20) {
                json.append(String.format("\\u%04x", c));
            }
            else {
                json.append((char) c);
            }
        });
        return json.append('"').toString();
    }
}
