/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.outbox.handler.OutboxHandler;
import dev.outbox.spi.MessageHandler;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.Assert;
import org.springframework.util.ClassUtils;

/**
 * Discovers the {@link OutboxHandler} methods of the application's beans, the way Spring's
 * {@code EventListenerMethodProcessor} discovers {@code @EventListener} methods: each bean's target
 * class is read from its definition (the class a proxy was made for, as
 * {@link AutoProxyUtils#determineTargetClass} reads it, then the user class behind a CGLIB subclass),
 * without creating the bean, and each method is called on the bean
 * as the context holds it, so that the advice of a proxy applies.
 *
 * <p>Discovery runs when the dispatcher's routes are built, since a route must be known before the
 * dispatcher starts. Once the singletons exist, each handler method is checked against its bean's
 * proxy, so that a proxy that hides the method fails the start rather than the first message.
 */
final class OutboxHandlerMethodProcessor implements BeanFactoryPostProcessor, SmartInitializingSingleton {

    private @Nullable ConfigurableListableBeanFactory beanFactory;

    private final List<DiscoveredMethod> discovered = new ArrayList<>();

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        this.beanFactory = beanFactory;
    }

    /**
     * @param bodyReader a reader of JSON bodies, or null when Jackson is not on the class path
     * @return the {@link MessageHandler} beans and the {@link OutboxHandler} methods
     * @throws IllegalStateException when two handlers share a name, two methods handle one type, or a
     * method's parameter cannot be read from a message
     */
    synchronized LocalHandlerRegistry discover(@Nullable BodyReader bodyReader) {
        ConfigurableListableBeanFactory beanFactory = beanFactory();
        LocalHandlerRegistry registry = new LocalHandlerRegistry();
        this.discovered.clear();
        for (String name : beanFactory.getBeanNamesForType(MessageHandler.class, true, false)) {
            registry.register(name, message -> beanFactory.getBean(name, MessageHandler.class).handle(message));
        }
        for (String beanName : beanFactory.getBeanDefinitionNames()) {
            Class<?> targetType = targetType(beanFactory, beanName);
            if (targetType != null) {
                registerMethods(registry, beanName, ClassUtils.getUserClass(targetType), bodyReader);
            }
        }
        return registry;
    }

    /**
     * The class behind a bean's proxy, as {@link AutoProxyUtils#determineTargetClass} reads it, but without
     * initializing a {@code FactoryBean} to learn its type.
     */
    private static @Nullable Class<?> targetType(ConfigurableListableBeanFactory beanFactory, String beanName) {
        if (ScopedProxyUtils.isScopedTarget(beanName)) {
            return null;
        }
        if (beanFactory.containsBeanDefinition(beanName)) {
            Object original = beanFactory.getMergedBeanDefinition(beanName)
                    .getAttribute(AutoProxyUtils.ORIGINAL_TARGET_CLASS_ATTRIBUTE);
            if (original instanceof Class<?> type) {
                return type;
            }
        }
        return beanFactory.getType(beanName, false);
    }

    private void registerMethods(LocalHandlerRegistry registry, String beanName, Class<?> targetType,
            @Nullable BodyReader bodyReader) {
        ConfigurableListableBeanFactory beanFactory = beanFactory();
        Map<Method, OutboxHandler> methods = MethodIntrospector.selectMethods(targetType,
                (MethodIntrospector.MetadataLookup<OutboxHandler>) method ->
                        AnnotatedElementUtils.findMergedAnnotation(method, OutboxHandler.class));
        methods.forEach((method, annotation) -> {
            String name = annotation.name().isBlank() ? beanName + "." + method.getName() : annotation.name();
            MethodMessageHandler handler = MethodMessageHandler.of(() -> beanFactory.getBean(beanName), method,
                    bodyReader);
            registry.register(name, handler);
            for (String type : annotation.value()) {
                registry.routeAnnotated(type, name);
            }
            this.discovered.add(new DiscoveredMethod(beanName, handler));
        });
    }

    /**
     * Checks each discovered method against its singleton bean, proxy included.
     *
     * @throws IllegalStateException when a bean's proxy does not expose its handler method
     */
    @Override
    public synchronized void afterSingletonsInstantiated() {
        ConfigurableListableBeanFactory beanFactory = beanFactory();
        for (DiscoveredMethod method : this.discovered) {
            if (beanFactory.containsSingleton(method.beanName())) {
                method.handler().invocableOn(beanFactory.getBean(method.beanName()));
            }
        }
    }

    private ConfigurableListableBeanFactory beanFactory() {
        Assert.state(this.beanFactory != null, "the bean factory has not been post-processed yet");
        return this.beanFactory;
    }

    /** A handler method and the name of the bean that declares it. */
    private record DiscoveredMethod(String beanName, MethodMessageHandler handler) {
    }
}
