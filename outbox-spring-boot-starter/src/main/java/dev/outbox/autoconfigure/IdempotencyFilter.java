/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.outbox.idempotency.IdempotencyClaim;
import dev.outbox.idempotency.IdempotencyKeys;
import dev.outbox.idempotency.RequestFingerprint;
import dev.outbox.idempotency.StoredResponse;
import dev.outbox.web.IdempotentRequest;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * Applies {@link IdempotentRequest}: runs such a request in one transaction, in which the key is claimed before the
 * handler runs and the handler's 2xx response is stored before the commit; the response, held in memory until
 * then, is sent after the commit. Why a filter and not an interceptor: the handler's {@code @Transactional} service
 * commits before the body is written, and an interceptor sees neither the body nor a transaction around the whole.
 * The filter runs after the security filters ({@link Ordered#LOWEST_PRECEDENCE} minus 100), so that a refused
 * request claims no key. What fails outside the handler (no connection for the transaction, the claim, the commit)
 * goes to the application's exception handlers as if the handler had thrown it, so that the application answers it
 * as it answers its own failures (for example 503 while the database is unavailable).
 */
final class IdempotencyFilter extends OncePerRequestFilter implements Ordered {

    /** The headers of a response that are stored with it and replayed. */
    private static final List<String> KEPT_HEADERS = List.of(HttpHeaders.LOCATION, HttpHeaders.CONTENT_TYPE);

    private final IdempotencyKeys keys;

    private final TransactionTemplate transaction;

    private final IdempotentHandlers handlers;

    private final @Nullable HandlerExceptionResolver exceptions;

    /**
     * @param keys where keys are claimed
     * @param transaction the transaction each idempotent request runs in
     * @param handlers finds the handler of a request
     * @param exceptions the application's exception handlers, or null to let a failure outside the handler go on
     */
    IdempotencyFilter(IdempotencyKeys keys, TransactionTemplate transaction, IdempotentHandlers handlers,
            @Nullable HandlerExceptionResolver exceptions) {
        this.keys = keys;
        this.transaction = transaction;
        this.handlers = handlers;
        this.exceptions = exceptions;
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE - 100;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        IdempotentHandlers.Handler handler = this.handlers.find(request);
        String key = request.getHeader(IdempotentRequest.HEADER);
        if (handler == null || (key == null && !handler.required())) {
            chain.doFilter(request, response);
            return;
        }
        if (key == null) {
            ProblemResponses.write(request, response, HttpStatus.BAD_REQUEST, "This request needs an "
                    + IdempotentRequest.HEADER + " header: a unique value (a UUID) that stays the same when the "
                    + "request is retried.");
            return;
        }
        try {
            IdempotencyKeys.checkKey(key);
        }
        catch (IllegalArgumentException ex) {
            ProblemResponses.write(request, response, HttpStatus.BAD_REQUEST, ex.getMessage());
            return;
        }
        BufferedBodyRequest buffered = BufferedBodyRequest.of(request, StoredResponse.MAX_BODY_BYTES);
        if (buffered == null) {
            ProblemResponses.write(request, response, HttpStatus.CONTENT_TOO_LARGE, "The body of a request with an "
                    + IdempotentRequest.HEADER + " may have at most " + StoredResponse.MAX_BODY_BYTES + " bytes.");
            return;
        }
        String query = request.getQueryString();
        RequestFingerprint fingerprint = RequestFingerprint.of(request.getMethod(),
                request.getRequestURI() + ((query != null) ? "?" + query : ""), buffered.body());
        ContentCachingResponseWrapper recorded = new ContentCachingResponseWrapper(response);
        IdempotencyClaim claim;
        try {
            claim = this.transaction.execute(status -> run(handler.scope(), key, fingerprint, buffered, recorded,
                    chain, status));
        }
        catch (ChainFailure failure) {
            failure.rethrow();
            return;
        }
        catch (PessimisticLockingFailureException ex) {
            ProblemResponses.write(request, response, HttpStatus.CONFLICT, stillRunning());
            return;
        }
        catch (RuntimeException ex) {
            if (!resolved(request, response, handler, ex)) {
                throw ex;
            }
            return;
        }
        answer(request, response, claim, recorded);
    }

    private boolean resolved(HttpServletRequest request, HttpServletResponse response,
            IdempotentHandlers.Handler handler, RuntimeException failure) {
        if (this.exceptions == null || response.isCommitted()) {
            return false;
        }
        response.reset();
        return this.exceptions.resolveException(request, response, handler.method(), failure) != null;
    }

    private IdempotencyClaim run(String scope, String key, RequestFingerprint fingerprint, BufferedBodyRequest request,
            ContentCachingResponseWrapper recorded, FilterChain chain, TransactionStatus status) {
        IdempotencyClaim claim = this.keys.claim(scope, key, fingerprint);
        if (claim.outcome() != IdempotencyClaim.Outcome.FIRST) {
            return claim;
        }
        try {
            chain.doFilter(request, recorded);
        }
        catch (IOException | ServletException ex) {
            throw new ChainFailure(ex);
        }
        if (request.isAsyncStarted()) {
            throw new IllegalStateException("The handler of " + scope + " started asynchronous processing, which "
                    + "@IdempotentRequest does not support: answer synchronously");
        }
        int responseStatus = recorded.getStatus();
        if (responseStatus >= 200 && responseStatus < 300) {
            this.keys.complete(claim, new StoredResponse(responseStatus, keptHeaders(recorded),
                    recorded.getContentAsByteArray()));
        }
        else {
            status.setRollbackOnly();
        }
        return claim;
    }

    private static void answer(HttpServletRequest request, HttpServletResponse response, IdempotencyClaim claim,
            ContentCachingResponseWrapper recorded) throws IOException {
        switch (claim.outcome()) {
            case FIRST -> recorded.copyBodyToResponse();
            case REPLAY -> replay(response, claim.response());
            case IN_PROGRESS -> ProblemResponses.write(request, response, HttpStatus.CONFLICT, stillRunning());
            case MISMATCH -> ProblemResponses.write(request, response, HttpStatus.UNPROCESSABLE_CONTENT, "This "
                    + IdempotentRequest.HEADER + " was used with a different request (method, path or body); "
                    + "send a new key for a new request.");
        }
    }

    private static Map<String, String> keptHeaders(HttpServletResponse response) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String name : KEPT_HEADERS) {
            String value = name.equals(HttpHeaders.CONTENT_TYPE) ? response.getContentType() : response.getHeader(name);
            if (value != null) {
                headers.put(name, value);
            }
        }
        return headers;
    }

    private static void replay(HttpServletResponse response, StoredResponse stored) throws IOException {
        byte[] body = stored.body();
        response.setStatus(stored.status());
        stored.headers().forEach(response::setHeader);
        response.setHeader(IdempotentRequest.REPLAYED_HEADER, "true");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static String stillRunning() {
        return "A request with this " + IdempotentRequest.HEADER + " is still being processed; retry it later.";
    }

    /** Carries the chain's checked exceptions through the transaction, which rolls back on it. */
    private static final class ChainFailure extends RuntimeException {

        private static final long serialVersionUID = 1L;

        ChainFailure(Exception cause) {
            super(cause);
        }

        void rethrow() throws IOException, ServletException {
            if (getCause() instanceof IOException io) {
                throw io;
            }
            throw (ServletException) getCause();
        }
    }
}
