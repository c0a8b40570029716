/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.util.Locale;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import org.jspecify.annotations.Nullable;

/**
 * Checks {@link WellFormedText}, naming the first character that is refused by its code point (never
 * by the text itself, which could hold anything, message-template syntax included).
 */
class WellFormedTextValidator implements ConstraintValidator<WellFormedText, String> {

    @Override
    public boolean isValid(@Nullable String text, ConstraintValidatorContext context) {
        if (text == null) {
            return true;
        }
        for (int i = 0; i < text.length();) {
            int codePoint = text.codePointAt(i);
            if (Character.isISOControl(codePoint)) {
                return refuse(context, "must not contain control characters (found " + unicode(codePoint) + ")");
            }
            // Bidirectional overrides (U+202E) and zero-width characters (U+200B) make the console and logs show
            // other text than was sent.
            if (Character.getType(codePoint) == Character.FORMAT) {
                return refuse(context, "must not contain invisible formatting characters, such as bidirectional "
                        + "overrides or zero-width spaces (found " + unicode(codePoint) + ")");
            }
            // codePointAt returns a surrogate only when it has no partner.
            if (Character.getType(codePoint) == Character.SURROGATE) {
                return refuse(context, "must be well-formed Unicode, without a lone UTF-16 surrogate (found "
                        + unicode(codePoint) + ")");
            }
            i += Character.charCount(codePoint);
        }
        return true;
    }

    private static boolean refuse(ConstraintValidatorContext context, String message) {
        context.disableDefaultConstraintViolation();
        context.buildConstraintViolationWithTemplate(message).addConstraintViolation();
        return false;
    }

    private static String unicode(int codePoint) {
        return String.format(Locale.ROOT, "U+%04X", codePoint);
    }
}
