/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import dev.outbox.testing.CuttableLink;
import dev.outbox.testing.TestDatabase;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A fresh MariaDB database of a test class that the sample's pool reaches through a {@link CuttableLink}, and an
 * admin connection straight to the server, past the link, for what is really stored. Created when first used,
 * which is before the application context starts (from {@code @DynamicPropertySource}): without a server the test
 * class is skipped, with the reason printed.
 */
final class LinkedMariaDb implements AutoCloseable {

    private final String name;

    private @Nullable TestDatabase database;

    private @Nullable CuttableLink link;

    private @Nullable JdbcClient admin;

    /**
     * @param name the database's name, unique to the test class
     */
    LinkedMariaDb(String name) {
        this.name = name;
    }

    /**
     * Points the application's data source at the database, through the link.
     *
     * @param registry the test's dynamic properties
     */
    void registerDataSource(DynamicPropertyRegistry registry) {
        database().springDataSource(link().urlThrough(database().jdbcUrl()))
                .forEach((property, value) -> registry.add(property, () -> value));
    }

    TestDatabase database() {
        if (this.database == null) {
            this.database = TestDatabase.create(TestDatabase.Kind.MARIADB, this.name);
        }
        return this.database;
    }

    CuttableLink link() {
        if (this.link == null) {
            this.link = CuttableLink.to(database().jdbcUrl());
        }
        return this.link;
    }

    /**
     * @return a client straight to the server, past the link
     */
    JdbcClient admin() {
        if (this.admin == null) {
            this.admin = JdbcClient.create(database().newDataSource(1));
        }
        return this.admin;
    }

    @Override
    public void close() {
        if (this.link != null) {
            this.link.close();
        }
        if (this.database != null) {
            this.database.close();
        }
    }
}
