/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.outbox.settings.Setting;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.util.ClassUtils;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata that IDEs show, generated at build time from {@link OutboxProperties} and from the
 * core settings' entries that {@link CoreSettingsMetadata} writes, with the broker modules' own, and the
 * configuration reference in docs/.
 */
class ConfigurationMetadataTests {

    private static final Path METADATA = Path.of("target/classes/META-INF/spring-configuration-metadata.json");

    private static final Path REFERENCE = Path.of("../docs/configuration.md");

    /** Properties whose default is "not set". */
    private static final Set<String> WITHOUT_DEFAULT = Set.of("outbox.default-sender", "outbox.routes",
            "outbox.retry.failed-retry-interval", "outbox.retry.types", "outbox.pull.topics",
            "outbox.cleanup.failed-retention", "outbox.stores", "outbox.stream.bindings", "outbox.stream.channel",
            "outbox.jms.pub-sub-domain");

    @Test
    void describesEveryProperty() throws IOException {
        assertThat(properties()).extracting(property -> property.get("name").asString()).containsExactlyInAnyOrder(
                "outbox.enabled", "outbox.table-name", "outbox.max-payload-size", "outbox.default-sender",
                "outbox.routes", "outbox.schema.mode", "outbox.inbox.table-name", "outbox.dispatcher.enabled",
                "outbox.dispatcher.auto-startup",
                "outbox.dispatcher.poll-interval",
                "outbox.dispatcher.max-poll-interval", "outbox.dispatcher.batch-size", "outbox.dispatcher.lease",
                "outbox.dispatcher.send-timeout", "outbox.dispatcher.shutdown-timeout", "outbox.dispatcher.threads",
                "outbox.dispatcher.claim-strategy", "outbox.dispatcher.handoff-capacity",
                "outbox.dispatcher.handler-threads", "outbox.dispatcher.handler-queue-capacity",
                "outbox.dispatcher.outage-probe-interval", "outbox.dispatcher.locked-send-window", "outbox.pull.topics",
                "outbox.pull.lease", "outbox.retry.initial-delay",
                "outbox.retry.multiplier", "outbox.retry.max-delay", "outbox.retry.jitter", "outbox.retry.max-attempts",
                "outbox.retry.failed-retry-interval", "outbox.retry.types", "outbox.logging-sender.enabled",
                "outbox.kafka.enabled", "outbox.rabbit.enabled", "outbox.rocketmq.enabled", "outbox.redis.enabled",
                "outbox.redis.max-length", "outbox.nats.enabled", "outbox.stream.enabled", "outbox.stream.bindings",
                "outbox.stream.sent-on-handoff", "outbox.stream.channel", "outbox.jms.enabled", "outbox.jms.pub-sub-domain",
                "outbox.jms.async-send",
                "outbox.health.failed-messages-unhealthy", "outbox.health.max-oldest-due-age",
                "outbox.health.unhealthy-status", "management.health.outbox.enabled", "outbox.console.enabled",
                "outbox.console.path",
                "management.endpoint.outbox.access", "management.endpoint.outbox.cache.time-to-live",
                "outbox.inbox.retention", "outbox.inbox.cleanup-enabled", "outbox.cleanup.enabled", "outbox.cleanup.interval",
                "outbox.cleanup.initial-delay", "outbox.cleanup.retention", "outbox.cleanup.include-failed",
                "outbox.cleanup.failed-retention",
                "outbox.cleanup.batch-size", "outbox.cleanup.max-rows-per-run", "outbox.cleanup.max-run-time",
                "outbox.cleanup.archive.enabled", "outbox.cleanup.archive.table-name",
                "outbox.metrics.backlog-gauges.enabled", "outbox.metrics.backlog-gauges.refresh-interval",
                "outbox.observations.enabled", "outbox.events.enabled", "outbox.stores", "outbox.idempotency.enabled",
                "outbox.idempotency.retention");
        assertThat(properties()).allSatisfy(property -> assertThat(property.path("description").asString())
                .as(property.get("name").asString()).isNotBlank());
    }

    @Test
    void givesTheDefaultOfEveryPropertyThatHasOne() throws IOException {
        assertThat(properties()).filteredOn(property -> !WITHOUT_DEFAULT.contains(property.get("name").asString()))
                .allSatisfy(property -> assertThat(property.has("defaultValue")).as(property.get("name").asString())
                        .isTrue());
    }

    @Test
    void defaultsInTheMetadataBindToTheCoresDefaults() throws IOException {
        Map<String, String> defaults = new LinkedHashMap<>();
        for (JsonNode property : properties()) {
            if (property.has("defaultValue")) {
                defaults.put(property.get("name").asString(), property.get("defaultValue").asString());
            }
        }

        Binder binder = new Binder(new MapConfigurationPropertySource(defaults));

        assertThat(binder.bind("outbox", Bindable.of(OutboxProperties.class)).get()).usingRecursiveComparison()
                .isEqualTo(new OutboxProperties());
        BoundSettings core = OutboxSettings.of(binder).source();
        assertThat(OutboxSettings.CORE_SETTINGS).filteredOn(Setting::hasDefault).allSatisfy(setting -> assertThat(
                core.find(setting).map(Object.class::cast)).as(OutboxSettings.property(setting))
                .contains(setting.defaultValue()));
    }

    @Test
    void theCoreSettingsEntriesAreGeneratedFromTheCoresSettings() throws IOException {
        CoreSettingsMetadata.check();
    }

    @Test
    void theConfigurationReferenceListsEveryProperty() throws IOException {
        String reference = Files.readString(REFERENCE);

        assertThat(properties()).allSatisfy(property -> assertThat(reference).contains(property.get("name").asString()));
    }

    @Test
    void theReferencesExampleShowsEveryPropertyWithItsDefault() throws IOException {
        String reference = Files.readString(REFERENCE);
        int start = reference.indexOf("```yaml", reference.indexOf("\n## Example"));
        String example = reference.substring(reference.indexOf('\n', start) + 1, reference.indexOf("\n```", start));
        Binder shown = new Binder(ConfigurationPropertySources.from(new YamlPropertySourceLoader()
                .load("example", new ByteArrayResource(example.getBytes(StandardCharsets.UTF_8)))));
        List<String> wrong = new ArrayList<>();
        for (JsonNode property : properties()) {
            String name = property.get("name").asString();
            if (name.startsWith("outbox.") && property.has("defaultValue")) {
                Bindable<?> type = Bindable.of(ClassUtils.resolveClassName(property.get("type").asString(), null));
                Object expected = new Binder(new MapConfigurationPropertySource(Map.of(name,
                        property.get("defaultValue").asString()))).bind(name, type).get();
                Object value = shown.bind(name, type).orElse(null);
                if (!expected.equals(value)) {
                    wrong.add(name + ": " + value + " instead of " + expected);
                }
            }
        }

        assertThat(wrong).as("properties the example in docs/configuration.md leaves out or shows with another value")
                .isEmpty();
    }

    /**
     * The starter's properties, and the {@code outbox.*} properties of the broker modules, whose metadata is
     * written by hand beside their auto-configurations.
     */
    private static List<JsonNode> properties() throws IOException {
        List<JsonNode> properties = new ArrayList<>();
        JsonMapper.shared().readTree(METADATA.toFile()).get("properties").forEach(properties::add);
        Enumeration<URL> modules = ConfigurationMetadataTests.class.getClassLoader()
                .getResources("META-INF/spring-configuration-metadata.json");
        for (URL module : Collections.list(modules)) {
            if (!module.getPath().endsWith("outbox-spring-boot-starter/" + METADATA)) {
                try (InputStream in = module.openStream()) {
                    JsonMapper.shared().readTree(in).get("properties").forEach(property -> {
                        if (property.get("name").asString().startsWith("outbox.")) {
                            properties.add(property);
                        }
                    });
                }
            }
        }
        return properties;
    }
}
