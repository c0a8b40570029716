/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;

/**
 * The annotated text holds no control character (C0, DEL or C1: NUL, tab, line feed, ...) and no lone
 * UTF-16 surrogate. JSON can carry both as escapes, but databases refuse or alter them: PostgreSQL
 * rejects NUL, the outbox rejects NUL in its fields, and MySQL and MariaDB store a lone surrogate as
 * {@code ?}. {@code null} is valid; {@code @NotNull} or {@code @NotBlank} refuse it.
 */
@Documented
@Constraint(validatedBy = WellFormedTextValidator.class)
@Target({ ElementType.METHOD, ElementType.FIELD, ElementType.ANNOTATION_TYPE, ElementType.CONSTRUCTOR,
    ElementType.PARAMETER, ElementType.TYPE_USE })
@Retention(RetentionPolicy.RUNTIME)
public @interface WellFormedText {

    /**
     * @return the message when no more precise one applies
     */
    String message() default "must be text without control characters or lone surrogates";

    /**
     * @return the validation groups
     */
    Class<?>[] groups() default {};

    /**
     * @return the payload of the constraint
     */
    Class<? extends Payload>[] payload() default {};
}
