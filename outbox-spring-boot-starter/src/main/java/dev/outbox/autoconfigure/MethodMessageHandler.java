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
import org.springframework.aop.support.AopUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Calls an {@link dev.outbox.handler.OutboxHandler} method with the message, its body, or the body
 * read into the parameter's type. The bean is looked up by name at each call, as the context holds
 * it, so that a handler bean may itself depend on the outbox and the advice of its proxy (a
 * transaction, for example) applies; the method is called through the proxy's class.
 */
final class MethodMessageHandler implements MessageHandler {

    private final Supplier<Object> bean;

    private final Method method;

    private final ParameterReader reader;

    private volatile @Nullable Invocable invocable;

    private MethodMessageHandler(Supplier<Object> bean, Method method, ParameterReader reader) {
        this.bean = bean;
        this.method = method;
        this.reader = reader;
    }

    /**
     * @param bean the bean, as the context holds it
     * @param method the annotated method, declared by the bean's target class
     * @param bodyReader a reader of JSON bodies, or null when Jackson is not on the class path
     * @return the handler
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
        Object bean = this.bean.get();
        try {
            invocableOn(bean).invoke(bean, argument);
        }
        catch (InvocationTargetException ex) {
            Throwable cause = ex.getTargetException();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            throw (Error) cause;
        }
    }

    /**
     * @param bean the bean, as the context holds it
     * @return the method to call on that bean: the one its proxy class exposes, if it is a proxy
     * @throws IllegalStateException when the bean's proxy does not expose the method
     */
    Method invocableOn(Object bean) {
        Invocable current = this.invocable;
        if (current == null || current.type() != bean.getClass()) {
            Method method = AopUtils.selectInvocableMethod(this.method, bean.getClass());
            ReflectionUtils.makeAccessible(method);
            current = new Invocable(bean.getClass(), method);
            this.invocable = current;
        }
        return current.method();
    }

    /** The method to call on beans of one class. */
    private record Invocable(Class<?> type, Method method) {
    }

    /** Turns a message into the method's argument. */
    @FunctionalInterface
    private interface ParameterReader {

        Object read(OutgoingMessage message) throws Exception;
    }
}
