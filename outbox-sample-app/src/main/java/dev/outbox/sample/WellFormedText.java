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
 * The annotated text holds no control character (C0, DEL or C1: NUL, tab, line feed, ...), no format
 * character (Unicode's category Cf: bidirectional overrides such as U+202E, zero-width spaces and joiners such
 * as U+200B and U+200D, the byte order mark U+FEFF) and no lone UTF-16 surrogate. JSON can carry all of them as
 * escapes, but databases refuse or alter some: PostgreSQL rejects NUL, the outbox rejects control characters in
 * its fields, and MySQL and MariaDB store a lone surrogate as {@code ?}; and format characters make the console
 * and logs show other text than was sent (a reversed product name, two customers that look alike). The cost: an
 * emoji sequence joined by U+200D is refused too. {@code null} is valid; {@code @NotNull} or {@code @NotBlank}
 * refuse it.
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
    String message() default "must be text without control, format or lone surrogate characters";

    /**
     * @return the validation groups
     */
    Class<?>[] groups() default {};

    /**
     * @return the payload of the constraint
     */
    Class<? extends Payload>[] payload() default {};
}
