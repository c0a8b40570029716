/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.TreeMap;

import dev.outbox.handler.OutboxHandler;
import dev.outbox.spi.MessageHandler;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;

/**
 * The application's local handlers by name: {@link MessageHandler} beans under their bean names,
 * and {@link OutboxHandler} methods under theirs, with the message types the methods route to
 * themselves. Beans are looked up at a handler's first call, not here, so that a handler may depend
 * on the outbox.
 */
final class LocalHandlerRegistry {

    private final Map<String, MessageHandler> handlers = new TreeMap<>();

    private final Map<String, String> annotatedRoutes = new TreeMap<>();

    private LocalHandlerRegistry() {
    }

    /**
     * @throws IllegalStateException when two handlers share a name, two methods handle one type, or a
     * method's parameter cannot be read from a message
     */
    static LocalHandlerRegistry scan(ListableBeanFactory beanFactory, @Nullable BodyReader bodyReader) {
        LocalHandlerRegistry registry = new LocalHandlerRegistry();
        for (String name : beanFactory.getBeanNamesForType(MessageHandler.class, true, false)) {
            registry.register(name, message -> beanFactory.getBean(name, MessageHandler.class).handle(message));
        }
        for (String beanName : beanFactory.getBeanDefinitionNames()) {
            Class<?> beanType = ScopedProxyUtils.isScopedTarget(beanName) ? null : beanFactory.getType(beanName, false);
            if (beanType != null) {
                registry.registerMethods(beanFactory, beanName, beanType, bodyReader);
            }
        }
        return registry;
    }

    private void registerMethods(ListableBeanFactory beanFactory, String beanName, Class<?> beanType,
            @Nullable BodyReader bodyReader) {
        Map<Method, OutboxHandler> methods = MethodIntrospector.selectMethods(ClassUtils.getUserClass(beanType),
                (MethodIntrospector.MetadataLookup<OutboxHandler>) method ->
                        AnnotatedElementUtils.findMergedAnnotation(method, OutboxHandler.class));
        methods.forEach((method, annotation) -> {
            String name = annotation.name().isBlank() ? beanName + "." + method.getName() : annotation.name();
            Method invocable = AopUtils.selectInvocableMethod(method, beanType);
            register(name, MethodMessageHandler.of(() -> beanFactory.getBean(beanName), invocable, bodyReader));
            for (String type : annotation.value()) {
                String other = this.annotatedRoutes.putIfAbsent(type, name);
                if (other != null) {
                    throw new IllegalStateException("message type '" + type + "' has two @OutboxHandler methods: '"
                            + other + "' and '" + name + "'; a type goes to one handler");
                }
            }
        });
    }

    private void register(String name, MessageHandler handler) {
        if (this.handlers.putIfAbsent(name, handler) != null) {
            throw new IllegalStateException("two local handlers are named '" + name + "' (MessageHandler beans and "
                    + "@OutboxHandler methods share one namespace); give one another name");
        }
    }

    /**
     * @param property the property that names the handler, for the message
     * @param name the handler's name
     * @return the handler
     * @throws IllegalStateException when no handler has that name
     */
    MessageHandler named(String property, @Nullable String name) {
        MessageHandler handler = (name != null) ? this.handlers.get(name.trim()) : null;
        if (handler == null) {
            throw new IllegalStateException(property + " names '" + name + "', which is neither a MessageHandler bean "
                    + "nor an @OutboxHandler method; the local handlers are " + this.handlers.keySet());
        }
        return handler;
    }

    /**
     * @return the message types that {@link OutboxHandler} methods handle, with the handlers' names
     */
    Map<String, String> annotatedRoutes() {
        return this.annotatedRoutes;
    }

    boolean isEmpty() {
        return this.handlers.isEmpty();
    }
}
