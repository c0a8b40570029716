/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers every failure that {@link ApiErrors} does not take for a bad request: 503 with
 * {@code Retry-After} when the database is unavailable ({@link DatabaseOutage}), else 500; both with
 * an RFC 9457 problem detail, and the exception in the log.
 *
 * <p>This advice must answer every exception. Left to Spring MVC, an exception that nothing handles
 * reaches {@code DefaultHandlerExceptionResolver}, which takes any {@code EOFException} in the cause
 * chain, or a "broken pipe" message, for a client that went away and leaves the response as it is: a
 * lost database connection (the driver's {@code EOFException} under Spring's
 * {@code CannotCreateTransactionException} or {@code DataAccessResourceFailureException}) then
 * answers 200 with an empty body.
 */
@RestControllerAdvice(basePackageClasses = OrderController.class)
@Order(Ordered.LOWEST_PRECEDENCE)
class ServerErrors {

    /** How long a client should wait before it tries again after a 503, in seconds. */
    static final int RETRY_AFTER_SECONDS = 5;

    private static final Logger logger = LoggerFactory.getLogger(ServerErrors.class);

    @ExceptionHandler
    ResponseEntity<ProblemDetail> failed(Exception ex) {
        if (DatabaseOutage.causedBy(ex)) {
            logger.warn("Request failed: the database is unavailable", ex);
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
                    "The database is unavailable, so the request failed. Try again in a few seconds.");
            problem.setTitle("Database unavailable");
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .header(HttpHeaders.RETRY_AFTER, String.valueOf(RETRY_AFTER_SECONDS)).body(problem);
        }
        logger.error("Request failed", ex);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR,
                "The service failed, so the request failed. The error is in the service's log.");
        problem.setTitle("Internal error");
        return ResponseEntity.internalServerError().body(problem);
    }
}
