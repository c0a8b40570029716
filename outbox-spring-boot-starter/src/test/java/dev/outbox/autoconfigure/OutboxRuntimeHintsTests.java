/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hints an ahead-of-time compiled application gets from {@link OutboxRuntimeHints}, checked with Spring's
 * {@link RuntimeHintsPredicates} against the files and types that are really there.
 */
class OutboxRuntimeHintsTests {

    private final RuntimeHints hints = new RuntimeHints();

    OutboxRuntimeHintsTests() {
        new OutboxRuntimeHints().registerHints(this.hints, getClass().getClassLoader());
    }

    @Test
    void everyMigrationOfEveryDatabaseIsAResource() throws IOException {
        List<String> migrations = classpathFiles("db/outbox/*/*.sql");

        assertThat(migrations).hasSizeGreaterThanOrEqualTo(12)
                .anyMatch(path -> path.startsWith("db/outbox/mysql/"))
                .anyMatch(path -> path.startsWith("db/outbox/postgresql/"))
                .anyMatch(path -> path.startsWith("db/outbox/h2/"))
                .allSatisfy(path -> assertThat(RuntimeHintsPredicates.resource().forResource(path))
                        .as(path).accepts(this.hints));
    }

    @Test
    void theConsolesFilesAreResources() {
        for (String file : new String[] { "console.html", "console.js", "console.css" }) {
            assertThat(RuntimeHintsPredicates.resource().forResource("dev/outbox/console/" + file)).as(file)
                    .accepts(this.hints);
        }
    }

    @Test
    void theStartersPropertiesAndAStoresPropertiesCanBeBound() {
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(OutboxProperties.class, "getStores"))
                .accepts(this.hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(OutboxProperties.Store.class,
                "setDataSource")).accepts(this.hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(OutboxProperties.Cleanup.class,
                "setInterval")).accepts(this.hints);
    }

    private static List<String> classpathFiles(String pattern) throws IOException {
        Resource[] resources = new PathMatchingResourcePatternResolver().getResources("classpath*:" + pattern);
        return Arrays.stream(resources).map(resource -> {
            try {
                String url = resource.getURL().toString();
                return url.substring(url.indexOf("db/outbox/"));
            }
            catch (IOException ex) {
                throw new IllegalStateException(ex);
            }
        }).toList();
    }
}
