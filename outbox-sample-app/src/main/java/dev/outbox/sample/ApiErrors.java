/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import dev.outbox.message.InvalidMessageException;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Turns bad requests and unknown ids into RFC 9457 problem details with a sentence a person can act
 * on; Spring MVC's own exceptions (405, 415, ...) get its standard problem details. Everything else
 * is left to {@link ServerErrors}, which comes after this advice.
 */
@RestControllerAdvice(basePackageClasses = OrderController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ApiErrors extends ResponseEntityExceptionHandler {

    @Override
    protected @Nullable ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        Map<String, String> errors = new TreeMap<>();
        for (FieldError error : ex.getBindingResult().getFieldErrors()) {
            errors.merge(error.getField(), String.valueOf(error.getDefaultMessage()), (a, b) -> a + ", " + b);
        }
        return handleExceptionInternal(ex, invalidOrder(errors), headers, status, request);
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        Map.Entry<String, String> wrongValue = UnreadableField.of(ex);
        ProblemDetail problem;
        if (wrongValue != null) {
            problem = invalidOrder(Map.ofEntries(wrongValue));
        }
        else {
            problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
                    "The request body must be a JSON object like "
                            + "{\"customerId\": \"c-1\", \"product\": \"book\", \"quantity\": 2}");
            problem.setTitle("Unreadable order");
        }
        return handleExceptionInternal(ex, problem, headers, status, request);
    }

    /**
     * The outbox refused the order's message before writing anything. {@link OrderRequest}'s
     * constraints are meant to refuse such input first; this keeps the answer a 400 with the
     * outbox's sentence should they ever let something through.
     */
    @ExceptionHandler
    ProblemDetail invalidMessage(InvalidMessageException ex) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
        problem.setTitle("Invalid order");
        problem.setProperty("field", ex.field());
        return problem;
    }

    @ExceptionHandler
    ProblemDetail unknownOrder(OrderNotFoundException ex) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, ex.getMessage());
        problem.setTitle("Order not found");
        return problem;
    }

    private static ProblemDetail invalidOrder(Map<String, String> errors) {
        String detail = errors.entrySet().stream()
                .map(error -> error.getKey() + " " + error.getValue())
                .collect(Collectors.joining("; ", "Invalid order: ", ""));
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
        problem.setTitle("Invalid order");
        problem.setProperty("errors", errors);
        return problem;
    }
}
