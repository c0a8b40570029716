/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.idempotency;

import java.util.Arrays;
import java.util.Map;

/**
 * The response of a request's first run, as {@link IdempotencyKeys} keeps it for the retries: its status, the
 * headers that matter to a client (for HTTP, {@code Location} and {@code Content-Type}) and its body, byte for byte.
 *
 * @param status the status, for HTTP 100 to 599
 * @param headers the kept headers, by name; at most 16 of them
 * @param body the body, empty for none; at most {@value #MAX_BODY_BYTES} bytes
 */
public record StoredResponse(int status, Map<String, String> headers, byte[] body) {

    /** The most bytes a stored body may have (MySQL's MEDIUMBLOB holds 16 MiB; a response to replay is small). */
    public static final int MAX_BODY_BYTES = 1 << 20;

    private static final int MAX_HEADERS = 16;

    /**
     * @param status the status, for HTTP 100 to 599
     * @param headers the kept headers, by name; at most 16 of them
     * @param body the body, empty for none; at most {@value #MAX_BODY_BYTES} bytes
     * @throws IllegalArgumentException naming the component that is out of range
     */
    public StoredResponse {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("Invalid stored response: 'status' must be between 100 and 599, was "
                    + status);
        }
        if (headers.size() > MAX_HEADERS) {
            throw new IllegalArgumentException("Invalid stored response: 'headers' has " + headers.size()
                    + " entries, more than the maximum of " + MAX_HEADERS);
        }
        if (body.length > MAX_BODY_BYTES) {
            throw new IllegalArgumentException("Invalid stored response: 'body' is " + body.length
                    + " bytes, more than the maximum of " + MAX_BODY_BYTES);
        }
        headers = Map.copyOf(headers);
        body = body.clone();
    }

    /**
     * @return a copy of the body
     */
    @Override
    public byte[] body() {
        return this.body.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StoredResponse that && this.status == that.status
                && this.headers.equals(that.headers) && Arrays.equals(this.body, that.body);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * this.status + this.headers.hashCode()) + Arrays.hashCode(this.body);
    }

    @Override
    public String toString() {
        return "StoredResponse[status=" + this.status + ", headers=" + this.headers + ", body=" + this.body.length
                + " bytes]";
    }
}
