/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample.jpa;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The order service on Spring Data JPA and Hibernate: an order entity and its outbox message commit in one
 * transaction of Boot's {@code JpaTransactionManager}, the outbox writing through the connection Hibernate holds.
 */
@SpringBootApplication
public class JpaOrderApplication {

    /**
     * @param args the command line
     */
    public static void main(String[] args) {
        SpringApplication.run(JpaOrderApplication.class, args);
    }
}
