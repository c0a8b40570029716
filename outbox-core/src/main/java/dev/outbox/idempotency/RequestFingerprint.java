/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What tells one request from another under the same idempotency key: the SHA-256 of its method, its path (with
 * the query, if any) and its body, in lower-case hex. A retry sends the same request, so it has the same
 * fingerprint; the same key on a different request is refused ({@link IdempotencyClaim.Outcome#MISMATCH}).
 *
 * @param value 64 lower-case hex digits
 */
public record RequestFingerprint(String value) {

    private static final int HEX_LENGTH = 64;

    /**
     * @param value 64 lower-case hex digits
     * @throws IllegalArgumentException when it is not
     */
    public RequestFingerprint {
        if (value.length() != HEX_LENGTH || !value.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            throw new IllegalArgumentException("Invalid request fingerprint: 'value' must be 64 lower-case hex "
                    + "digits (a SHA-256), was '" + value + "'");
        }
    }

    /**
     * @param method the request's method, for example {@code POST}
     * @param path the request's path, with its query if it has one
     * @param body the request's body, empty for none
     * @return the request's fingerprint
     */
    public static RequestFingerprint of(String method, String path, byte[] body) {
        MessageDigest sha256 = sha256();
        // The lengths keep "a" + "bc" apart from "ab" + "c".
        for (byte[] part : new byte[][] { method.getBytes(StandardCharsets.UTF_8),
                path.getBytes(StandardCharsets.UTF_8) }) {
            sha256.update(Integer.toString(part.length).getBytes(StandardCharsets.US_ASCII));
            sha256.update((byte) ':');
            sha256.update(part);
        }
        sha256.update(body);
        return new RequestFingerprint(HexFormat.of().formatHex(sha256.digest()));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException("Every Java runtime has SHA-256", ex);
        }
    }
}
