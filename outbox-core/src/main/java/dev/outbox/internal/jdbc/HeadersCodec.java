/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Stores message headers as a flat JSON object of strings. The core has no JSON library, and a
 * map of strings needs none: this writes standard JSON that any tool can read, and reads back
 * exactly what it wrote.
 */
public final class HeadersCodec {

    private HeadersCodec() {
    }

    /**
     * @param headers the headers to encode
     * @return the JSON text, or null for no headers (the column stays NULL)
     */
    public static @Nullable String encode(Map<String, String> headers) {
        if (headers.isEmpty()) {
            return null;
        }
        StringBuilder json = new StringBuilder(32 * headers.size()).append('{');
        headers.forEach((name, value) -> {
            if (json.length() > 1) {
                json.append(',');
            }
            appendString(json, name).append(':');
            appendString(json, value);
        });
        return json.append('}').toString();
    }

    /**
     * @param json text written by {@link #encode}, or null
     * @return the headers, empty for null
     * @throws IllegalArgumentException when the text is not a flat JSON object of strings
     */
    public static Map<String, String> decode(@Nullable String json) {
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        return new Reader(json).readObject();
    }

    private static StringBuilder appendString(StringBuilder json, String value) {
        json.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    }
                    else {
                        json.append(c);
                    }
                }
            }
        }
        return json.append('"');
    }

    private static final class Reader {

        private final String json;

        private int position;

        Reader(String json) {
            this.json = json;
        }

        Map<String, String> readObject() {
            Map<String, String> headers = new LinkedHashMap<>();
            expect('{');
            if (peek() != '}') {
                do {
                    String name = readString();
                    expect(':');
                    headers.put(name, readString());
                }
                while (tryConsume(','));
            }
            expect('}');
            skipWhitespace();
            if (this.position != this.json.length()) {
                throw malformed("trailing text");
            }
            return Collections.unmodifiableMap(headers);
        }

        private String readString() {
            expect('"');
            StringBuilder value = new StringBuilder();
            while (this.position < this.json.length()) {
                char c = this.json.charAt(this.position++);
                if (c == '"') {
                    return value.toString();
                }
                if (c != '\\') {
                    value.append(c);
                    continue;
                }
                if (this.position >= this.json.length()) {
                    break;
                }
                char escaped = this.json.charAt(this.position++);
                switch (escaped) {
                    case 'n' -> value.append('\n');
                    case 'r' -> value.append('\r');
                    case 't' -> value.append('\t');
                    case 'b' -> value.append('\b');
                    case 'f' -> value.append('\f');
                    case 'u' -> value.append(readUnicodeEscape());
                    case '"', '\\', '/' -> value.append(escaped);
                    default -> throw malformed("unknown escape \\" + escaped);
                }
            }
            throw malformed("unterminated string");
        }

        private char readUnicodeEscape() {
            if (this.position + 4 > this.json.length()) {
                throw malformed("short unicode escape");
            }
            int code = 0;
            for (int i = 0; i < 4; i++) {
                int digit = Character.digit(this.json.charAt(this.position++), 16);
                if (digit < 0) {
                    throw malformed("bad unicode escape");
                }
                code = code * 16 + digit;
            }
            return (char) code;
        }

        private char peek() {
            skipWhitespace();
            if (this.position >= this.json.length()) {
                throw malformed("unexpected end");
            }
            return this.json.charAt(this.position);
        }

        private boolean tryConsume(char expected) {
            if (peek() == expected) {
                this.position++;
                return true;
            }
            return false;
        }

        private void expect(char expected) {
            if (!tryConsume(expected)) {
                throw malformed("expected '" + expected + "'");
            }
        }

        private void skipWhitespace() {
            while (this.position < this.json.length() && Character.isWhitespace(this.json.charAt(this.position))) {
                this.position++;
            }
        }

        private IllegalArgumentException malformed(String problem) {
            return new IllegalArgumentException("headers are not a flat JSON object of strings ("
                    + problem + " at " + this.position + ")");
        }
    }
}
