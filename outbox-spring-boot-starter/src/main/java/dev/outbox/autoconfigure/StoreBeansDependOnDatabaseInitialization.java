/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitializationDetector;

/**
 * Makes the beans of the stores of {@code outbox.stores} wait for the database initialization, the schema
 * initializers of the stores included, as {@code @DependsOnDatabaseInitialization} makes those of the one store.
 */
final class StoreBeansDependOnDatabaseInitialization implements DependsOnDatabaseInitializationDetector {

    @Override
    public Set<String> detect(ConfigurableListableBeanFactory beanFactory) {
        return Stream.of(beanFactory.getBeanDefinitionNames())
                .filter(name -> beanFactory.getBeanDefinition(name).hasAttribute(DeclaredStores.USES_TABLES_ATTRIBUTE))
                .collect(Collectors.toSet());
    }
}
