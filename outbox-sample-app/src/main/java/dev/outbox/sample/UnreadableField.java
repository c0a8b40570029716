/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.exc.MismatchedInputException;

import org.springframework.http.converter.HttpMessageNotReadableException;

/**
 * Names the field of a well-formed JSON body whose value has the wrong type, for example a
 * {@code quantity} of {@code 1.5} or {@code "many"}, or a tracking {@code step} that is no step, and says what
 * it must be.
 */
final class UnreadableField {

    private static final Set<Class<?>> WHOLE_NUMBERS = Set.of(Integer.class, int.class, Long.class, long.class,
            Short.class, short.class, BigInteger.class);

    private UnreadableField() {
    }

    /**
     * @param ex a body Jackson could not read
     * @return the field and what its value must be, or {@code null} when the body is not JSON or no
     * field is to blame
     */
    static Map.@Nullable Entry<String, String> of(HttpMessageNotReadableException ex) {
        if (!(ex.getCause() instanceof JacksonException jackson) || jackson.getPath().isEmpty()) {
            return null;
        }
        String field = jackson.getPath().stream()
                .map(reference -> (reference.getPropertyName() != null) ? reference.getPropertyName()
                        : "[" + reference.getIndex() + "]")
                .collect(Collectors.joining("."));
        return Map.entry(field, problem(jackson));
    }

    private static String problem(JacksonException ex) {
        if (ex instanceof InputCoercionException) {
            return "is out of range";
        }
        Class<?> target = (ex instanceof MismatchedInputException mismatch) ? mismatch.getTargetType() : null;
        if (target != null && WHOLE_NUMBERS.contains(target)) {
            return "must be a whole number, such as 2";
        }
        if (target == String.class) {
            return "must be a JSON string";
        }
        if (target != null && target.isEnum()) {
            return "must be one of " + Arrays.toString(target.getEnumConstants());
        }
        return "has a value of the wrong type";
    }
}
