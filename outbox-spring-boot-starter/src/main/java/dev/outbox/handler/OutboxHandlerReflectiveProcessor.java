/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.handler;

import java.lang.reflect.Method;
import java.lang.reflect.Type;

import dev.outbox.spi.OutgoingMessage;
import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.ReflectionHints;
import org.springframework.aot.hint.annotation.SimpleReflectiveProcessor;

/**
 * The ahead-of-time hints of an {@link OutboxHandler} method: the dispatcher calls it reflectively, and reads the
 * message body into its parameter with Jackson, which needs the parameter type's binding hints in a native
 * image. A {@code String} or {@link OutgoingMessage} parameter needs none.
 */
final class OutboxHandlerReflectiveProcessor extends SimpleReflectiveProcessor {

    private final BindingReflectionHintsRegistrar bindingHints = new BindingReflectionHintsRegistrar();

    @Override
    protected void registerMethodHint(ReflectionHints hints, Method method) {
        super.registerMethodHint(hints, method);
        if (method.getParameterCount() == 1) {
            Class<?> parameter = method.getParameterTypes()[0];
            if (parameter != String.class && parameter != OutgoingMessage.class) {
                Type body = method.getGenericParameterTypes()[0];
                this.bindingHints.registerReflectionHints(hints, body);
            }
        }
    }
}
