/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.function.Supplier;

import dev.outbox.spi.MessageHandler;
import dev.outbox.spi.OutgoingMessage;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ReflectionUtils;

/**
 * Calls an {@link dev.outbox.handler.OutboxHandler} method with the message, its body, or the body
 * read into the parameter's type. The bean is looked up at the first call, so that a handler bean
 * may itself depend on the outbox.
 */
final class MethodMessageHandler implements MessageHandler {

    private final Supplier<Object> bean;

    private final Method method;

    private final ParameterReader reader;

    private MethodMessageHandler(Supplier<Object> bean, Method method, ParameterReader reader) {
        this.bean = bean;
        this.method = method;
        this.reader = reader;
        ReflectionUtils.makeAccessible(method);
    }

    /**
     * @throws IllegalStateException when the method does not take exactly one parameter, or needs a
     * reader of JSON bodies while Jackson is not on the class path
     */
    static MethodMessageHandler of(Supplier<Object> bean, Method method, @Nullable BodyReader bodyReader) {
        String description = method.getDeclaringClass().getName() + "." + method.getName();
        if (method.getParameterCount() != 1) {
            throw new IllegalStateException("@OutboxHandler method " + description + " must take one parameter: "
                    + "the OutgoingMessage, the body as a String, or a type to read the JSON body into");
        }
        Class<?> parameter = method.getParameterTypes()[0];
        if (parameter == OutgoingMessage.class) {
            return new MethodMessageHandler(bean, method, message -> message);
        }
        if (parameter == String.class) {
            return new MethodMessageHandler(bean, method, OutgoingMessage::body);
        }
        if (bodyReader == null) {
            throw new IllegalStateException("@OutboxHandler method " + description + " takes a "
                    + parameter.getSimpleName() + ", which needs Jackson to read the JSON body into; add Jackson, or "
                    + "take the OutgoingMessage or a String");
        }
        BodyReader.Reading reading = bodyReader.forType(method.getGenericParameterTypes()[0]);
        return new MethodMessageHandler(bean, method, message -> reading.read(message.body()));
    }

    @Override
    public void handle(OutgoingMessage message) throws Exception {
        Object argument = this.reader.read(message);
        try {
            this.method.invoke(this.bean.get(), argument);
        }
        catch (InvocationTargetException ex) {
            Throwable cause = ex.getTargetException();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            throw (Error) cause;
        }
    }

    /** Turns a message into the method's argument. */
    @FunctionalInterface
    private interface ParameterReader {

        Object read(OutgoingMessage message) throws Exception;
    }
}
