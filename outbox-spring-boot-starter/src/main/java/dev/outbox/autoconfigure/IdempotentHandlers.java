/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import dev.outbox.web.IdempotentRequest;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * Finds, before the {@code DispatcherServlet} does, the handler method a request goes to, and whether it is an
 * {@link IdempotentRequest}; the filter needs to know before the body is read and the transaction begins. Requests
 * of the safe methods (GET, HEAD, OPTIONS, TRACE) are never looked up, nor any request of an application without an
 * annotated handler method.
 */
final class IdempotentHandlers {

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    private final Supplier<List<RequestMappingHandlerMapping>> mappings;

    /** Whether any handler method is annotated: found at the first request, when every mapping is there. */
    private volatile @Nullable Boolean anyAnnotated;

    /**
     * @param mappings the application's handler mappings, read at the first request, when they are all there
     */
    IdempotentHandlers(Supplier<List<RequestMappingHandlerMapping>> mappings) {
        this.mappings = mappings;
    }

    /**
     * @param request a request
     * @return its handler's annotation and the operation it belongs to, or null when it has none
     */
    @Nullable Handler find(HttpServletRequest request) {
        if (SAFE_METHODS.contains(request.getMethod()) || !anyAnnotated()) {
            return null;
        }
        Object previousPath = request.getAttribute(ServletRequestPathUtils.PATH_ATTRIBUTE);
        ServletRequestPathUtils.parseAndCache(request);
        try {
            for (RequestMappingHandlerMapping mapping : this.mappings.get()) {
                HandlerExecutionChain chain = mapping.getHandler(request);
                if (chain != null && chain.getHandler() instanceof HandlerMethod method) {
                    return handler(request, method);
                }
            }
            return null;
        }
        catch (Exception ex) {
            // No handler takes it (method not allowed, media type not supported): the DispatcherServlet says so.
            return null;
        }
        finally {
            request.setAttribute(ServletRequestPathUtils.PATH_ATTRIBUTE, previousPath);
        }
    }

    private boolean anyAnnotated() {
        Boolean any = this.anyAnnotated;
        if (any == null) {
            any = this.mappings.get().stream().flatMap(mapping -> mapping.getHandlerMethods().values().stream())
                    .anyMatch(method -> annotation(method) != null);
            this.anyAnnotated = any;
        }
        return any;
    }

    private static @Nullable IdempotentRequest annotation(HandlerMethod method) {
        return AnnotatedElementUtils.findMergedAnnotation(method.getMethod(), IdempotentRequest.class);
    }

    private static @Nullable Handler handler(HttpServletRequest request, HandlerMethod method) {
        IdempotentRequest annotation = annotation(method);
        if (annotation == null) {
            return null;
        }
        Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
        String path = (pattern != null) ? pattern.toString() : request.getRequestURI();
        return new Handler(method, request.getMethod() + " " + path, annotation.required());
    }

    /**
     * An idempotent request's handler.
     *
     * @param method the handler method
     * @param scope the operation its keys belong to: the method and the path pattern, {@code POST /orders/{id}}
     * @param required whether a request without a key is refused
     */
    record Handler(HandlerMethod method, String scope, boolean required) {
    }
}
