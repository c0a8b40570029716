/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.console;

import org.jspecify.annotations.Nullable;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.util.ClassUtils;
import org.springframework.web.servlet.function.ServerRequest;

/**
 * Reads the CSRF token that Spring Security's {@code CsrfFilter} put on the request of the console's page, so that
 * the page sends it with every change whatever token repository the application uses (the session's by default).
 * Without Spring Security on the class path, or with CSRF protection off, there is none.
 */
final class CsrfTokens {

    private static final boolean SECURITY_PRESENT = ClassUtils.isPresent(
            "org.springframework.security.web.csrf.CsrfToken", CsrfTokens.class.getClassLoader());

    private CsrfTokens() {
    }

    /**
     * @return the header the token goes in and the token, or null when the request has none
     */
    static @Nullable Token of(ServerRequest request) {
        return SECURITY_PRESENT ? SpringSecurity.token(request) : null;
    }

    /**
     * @param header the request header that carries the token, {@code X-CSRF-TOKEN} by default
     * @param value the token, as the application's token handler expects it back
     */
    record Token(String header, String value) {
    }

    /** Touched only when Spring Security is there, so that its absence loads none of its classes. */
    private static final class SpringSecurity {

        static @Nullable Token token(ServerRequest request) {
            Object attribute = request.attribute(CsrfToken.class.getName()).orElse(null);
            return (attribute instanceof CsrfToken csrf) ? new Token(csrf.getHeaderName(), csrf.getToken()) : null;
        }
    }
}
