/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sender.jms;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;

import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * A real connection factory as a provider without asynchronous sends shows it: its producers throw
 * {@link UnsupportedOperationException} for a send with a {@link CompletionListener}, and do everything else as the
 * real provider does.
 */
final class WithoutAsyncSends {

    private static final List<Class<?>> WRAPPED = List.of(Connection.class, Session.class, MessageProducer.class);

    private WithoutAsyncSends() {
    }

    static ConnectionFactory of(ConnectionFactory real) {
        return wrap(ConnectionFactory.class, real);
    }

    private static <T> T wrap(Class<T> type, Object target) {
        return type.cast(Proxy.newProxyInstance(WithoutAsyncSends.class.getClassLoader(), new Class<?>[] { type },
                (proxy, method, arguments) -> invoke(target, method, arguments)));
    }

    private static Object invoke(Object target, Method method, Object[] arguments) throws Throwable {
        Class<?>[] parameters = method.getParameterTypes();
        if (parameters.length > 0 && parameters[parameters.length - 1] == CompletionListener.class) {
            throw new UnsupportedOperationException("asynchronous sends are not supported");
        }
        Object result;
        try {
            result = method.invoke(target, arguments);
        }
        catch (InvocationTargetException ex) {
            throw ex.getCause();
        }
        for (Class<?> type : WRAPPED) {
            if (method.getReturnType() == type) {
                return wrap(type, result);
            }
        }
        return result;
    }
}
