/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Turns bad requests and unknown ids into RFC 9457 problem details with a message a person can act on.
 */
@RestControllerAdvice
class ApiErrors {

    @ExceptionHandler
    ProblemDetail invalidOrder(MethodArgumentNotValidException ex) {
        Map<String, String> errors = new TreeMap<>();
        for (FieldError error : ex.getBindingResult().getFieldErrors()) {
            errors.merge(error.getField(), String.valueOf(error.getDefaultMessage()), (a, b) -> a + ", " + b);
        }
        String detail = errors.entrySet().stream()
                .map(error -> error.getKey() + " " + error.getValue())
                .collect(Collectors.joining("; ", "Invalid order: ", ""));
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
        problem.setTitle("Invalid order");
        problem.setProperty("errors", errors);
        return problem;
    }

    @ExceptionHandler
    ProblemDetail unreadableOrder(HttpMessageNotReadableException ex) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
                "The request body must be a JSON object like "
                        + "{\"customerId\": \"c-1\", \"product\": \"book\", \"quantity\": 2}");
        problem.setTitle("Unreadable order");
        return problem;
    }

    @ExceptionHandler
    ProblemDetail unknownOrder(OrderNotFoundException ex) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, ex.getMessage());
        problem.setTitle("Order not found");
        return problem;
    }
}
