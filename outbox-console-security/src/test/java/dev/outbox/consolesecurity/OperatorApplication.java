/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.consolesecurity;

import java.util.concurrent.CompletableFuture;

import dev.outbox.MessageRoutes;
import dev.outbox.admin.BrokerRecords;
import dev.outbox.admin.RecordCheck;
import dev.outbox.admin.RecordStatus;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * An application with the outbox console behind Spring Security. By default Spring Boot's own security: every path
 * needs a login (form login, CSRF protection on), one user from {@code spring.security.user.*}. With
 * {@code operator.scripts=true} the configuration docs/operations-endpoint.md shows for operators who also call the
 * endpoint from scripts: the console and the endpoint for the role OUTBOX_OPERATOR only, HTTP Basic beside the form
 * login, and no CSRF protection on the actuator. No dispatcher runs, so that only the console changes states.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
class OperatorApplication {

    /** A message type with a fallback handler, so that the console can switch it. */
    static final String AUDITED = "audit.recorded";

    /** The key prefix of the messages the broker below has lost. */
    static final String LOST = "lost-";

    @Bean
    MessageRoutes messageRoutes() {
        return MessageRoutes.builder().defaultSender(message -> CompletableFuture.completedFuture("sent"))
                .fallback(AUDITED, "audit-log", message -> {
                }, 3).build();
    }

    /** A broker that holds every SENT message but those with a key starting with {@value #LOST}. */
    @Bean
    BrokerRecords brokerRecords() {
        return sent -> sent.stream().map(message -> message.messageKey().startsWith(LOST)
                ? new RecordCheck(message.id(), RecordStatus.MISSING, "gone from the test broker")
                : new RecordCheck(message.id(), RecordStatus.FOUND, "there")).toList();
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty("operator.scripts")
    static class ScriptsSecurity {

        @Bean
        SecurityFilterChain operatorSecurity(HttpSecurity http) {
            return http
                    .authorizeHttpRequests(requests -> requests
                            .requestMatchers("/outbox-console", "/outbox-console/**").hasRole("OUTBOX_OPERATOR")
                            .requestMatchers(EndpointRequest.to("outbox")).hasRole("OUTBOX_OPERATOR")
                            .anyRequest().authenticated())
                    .formLogin(Customizer.withDefaults())
                    .httpBasic(Customizer.withDefaults())
                    .csrf(csrf -> csrf.ignoringRequestMatchers(EndpointRequest.toAnyEndpoint()))
                    .build();
        }
    }
}
