/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.actuate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.function.Supplier;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.UrlPathHelper;

/**
 * Lets a change through the {@code outbox} endpoint pass only with {@code Content-Type: application/json}: the one
 * thing a page of another site cannot send without the browser asking the application first (a CORS preflight,
 * which the application does not grant). A form, a {@code text/plain} body, a bodiless POST such as
 * {@code fetch(url, {method: 'POST', mode: 'no-cors', credentials: 'include'})}, and a beacon all go out without
 * that question, with the operator's cookies, and are answered 415 here before any change is made. Reads (GET,
 * HEAD) and preflights (OPTIONS) pass.
 */
final class JsonWritesFilter extends OncePerRequestFilter {

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");

    private static final String REFUSAL = "{\"message\":\"A change through the outbox endpoint needs the header "
            + "Content-Type: application/json (with a JSON body, or none for a change of one message), so that no "
            + "other web site can make it; this request had %s. With curl: -H 'Content-Type: application/json'\"}";

    private final Supplier<@Nullable String> endpointPath;

    /**
     * @param endpointPath the endpoint's path under the servlet's mapping, such as {@code /actuator/outbox}, or null
     * when it is not on the web; read on each request, since the endpoints' paths are known only once the
     * actuator has started
     */
    JsonWritesFilter(Supplier<@Nullable String> endpointPath) {
        this.endpointPath = endpointPath;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (READS.contains(request.getMethod()) || !onEndpoint(request) || isJson(request.getContentType())) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE);
        response.setHeader(HttpHeaders.ACCEPT, MediaType.APPLICATION_JSON_VALUE);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write(REFUSAL.formatted(described(request.getContentType())));
    }

    private boolean onEndpoint(HttpServletRequest request) {
        String endpoint = this.endpointPath.get();
        if (endpoint == null) {
            return false;
        }
        String path = UrlPathHelper.defaultInstance.getLookupPathForRequest(request);
        return path.equals(endpoint) || path.startsWith(endpoint + "/");
    }

    private static boolean isJson(@Nullable String contentType) {
        MediaType type = parsed(contentType);
        return type != null && "application".equals(type.getType())
                && ("json".equals(type.getSubtype()) || type.getSubtype().endsWith("+json"));
    }

    /** The parsed type's tokens only: they hold no quote or backslash that would break the JSON answer. */
    private static String described(@Nullable String contentType) {
        MediaType type = parsed(contentType);
        return (type != null) ? "Content-Type " + type.getType() + "/" + type.getSubtype() : "no valid Content-Type";
    }

    private static @Nullable MediaType parsed(@Nullable String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return null;
        }
        try {
            return MediaType.parseMediaType(contentType);
        }
        catch (InvalidMediaTypeException ex) {
            return null;
        }
    }
}
