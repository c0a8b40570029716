/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.outbox.handler.OutboxHandler;
import dev.outbox.message.MessageState;
import dev.outbox.message.SaveResult;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@link OutboxHandlerMethodProcessor} discovers {@link OutboxHandler} methods on beans whose
 * class is not the declaring class (an AOP proxy, a CGLIB subclass) and calls them through the
 * proxy, so that its advice applies.
 */
class OutboxHandlerMethodProcessorTests {

    private final ApplicationContextRunner runner = OutboxContexts.h2()
            .withPropertyValues("outbox.retry.initial-delay=10ms", "outbox.retry.jitter=0");

    @Test
    void discoversAMethodOfATransactionalClassProxyAndCallsItThroughTheProxy() {
        this.runner.withUserConfiguration(TransactionalHandlerConfiguration.class).run(context -> {
            assertThat(AopUtils.isCglibProxy(context.getBean("transactionalHandler"))).isTrue();

            handle(context, "order.placed");

            assertThat(context.getBean(TransactionalHandlerConfiguration.class).handler.transactions).containsExactly(TransactionalHandler.class.getName() + ".handle");
        });
    }

    @Test
    void discoversAMethodOfAnInterfaceProxyAndCallsItThroughTheInterface() {
        this.runner.withUserConfiguration(TransactionalHandlerConfiguration.class)
                .withPropertyValues("spring.aop.proxy-target-class=false")
                .run(context -> {
                    assertThat(AopUtils.isJdkDynamicProxy(context.getBean("transactionalHandler"))).isTrue();

                    handle(context, "order.placed");

                    assertThat(context.getBean(TransactionalHandlerConfiguration.class).handler.transactions)
                            .containsExactly(TransactionalHandler.class.getName() + ".handle");
                });
    }

    @Test
    void findsTheMethodOfAnInterfaceProxyThatExistsAlready() {
        this.runner.withUserConfiguration(TransactionalHandlerConfiguration.class)
                .withPropertyValues("spring.aop.proxy-target-class=false")
                .run(context -> {
                    assertThat(Proxy.isProxyClass(context.getType("transactionalHandler"))).isTrue();

                    LocalHandlerRegistry handlers = context.getBean(OutboxHandlerMethodProcessor.class).discover(null);

                    assertThat(handlers.annotatedRoutes()).containsEntry("order.placed", "transactionalHandler.handle");
                });
    }

    @Test
    void anInterfaceProxyThatHidesTheMethodFailsTheStart() {
        this.runner.withUserConfiguration(HiddenHandlerConfiguration.class)
                .withPropertyValues("spring.aop.proxy-target-class=false")
                .run(context -> assertThat(context.getStartupFailure()).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("'hidden'")
                        .hasMessageContaining("not found in any interface(s) of the exposed proxy type"));
    }

    @Test
    void discoversAMethodOfACglibSubclass() {
        this.runner.withUserConfiguration(EnhancedHandler.class).run(context -> {
            EnhancedHandler handler = context.getBean(EnhancedHandler.class);
            assertThat(handler.getClass().getName()).contains("$$SpringCGLIB$$");

            handle(context, "order.placed");

            assertThat(handler.bodies).containsExactly("{}");
        });
    }

    private static void handle(AssertableApplicationContext context, String type) {
        assertThat(context).hasNotFailed();
        SaveResult saved = OutboxContexts.save(context, type, "k-1", "{}");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> OutboxContexts.stored(context, saved.id()).state() == MessageState.CONSUMED);
    }

    /** What the handler beans implement, so that the context may proxy them by interface. */
    interface Handling {

        void handle(String body);
    }

    static class TransactionalHandler implements Handling {

        final List<String> transactions = new CopyOnWriteArrayList<>();

        @Override
        @OutboxHandler("order.placed")
        @Transactional(propagation = Propagation.REQUIRES_NEW)
        public void handle(String body) {
            this.transactions.add(TransactionSynchronizationManager.getCurrentTransactionName());
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class TransactionalHandlerConfiguration {

        final TransactionalHandler handler = new TransactionalHandler();

        @Bean
        TransactionalHandler transactionalHandler() {
            return this.handler;
        }
    }

    static class HiddenHandler implements Handling {

        @Override
        @Transactional
        public void handle(String body) {
        }

        @OutboxHandler("order.placed")
        public void hidden(String body) {
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class HiddenHandlerConfiguration {

        @Bean
        HiddenHandler hiddenHandler() {
            return new HiddenHandler();
        }
    }

    /** A configuration class with a bean method, so that its bean is an instance of a CGLIB subclass. */
    @Configuration
    static class EnhancedHandler {

        final List<String> bodies = new CopyOnWriteArrayList<>();

        @Bean
        Handling enhancedHandlerDelegate() {
            return this::handle;
        }

        @OutboxHandler("order.placed")
        void handle(String body) {
            this.bodies.add(body);
        }
    }
}
