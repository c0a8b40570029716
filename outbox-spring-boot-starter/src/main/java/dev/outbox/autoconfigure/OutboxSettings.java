/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.outbox.DispatcherSettings;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.BacklogLimits;
import dev.outbox.cleanup.CleanupSettings;
import dev.outbox.consumer.pull.MessagePuller;
import dev.outbox.idempotency.IdempotencyKeys;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.settings.Setting;
import dev.outbox.settings.SettingException;
import dev.outbox.settings.SettingSource;
import dev.outbox.store.OutboxStore;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The core's settings, bound from the {@code outbox.*} properties: a setting of group {@code g} is
 * {@code outbox.g.<name>}, and one of the outbox as a whole is {@code outbox.<name>}. Those of one of several
 * stores ({@link #forStore}) are first looked for under {@code outbox.stores.<store>.}, so that
 * {@code outbox.stores.orders.dispatcher.batch-size} overrides {@code outbox.dispatcher.batch-size} for the store
 * {@code orders}. Nothing here declares a
 * setting, a default or a check: the core does, and a {@link SettingException} becomes an
 * {@link InvalidOutboxPropertyException} that starts with the full property name.
 */
final class OutboxSettings {

    /** Every core setting the starter binds, in the order of the configuration reference. */
    static final List<Setting<?>> CORE_SETTINGS = Stream.of(OutboxStore.SETTINGS, OutboxTemplate.SETTINGS,
            DispatcherSettings.SETTINGS, MessagePuller.SETTINGS, RetryPolicy.SETTINGS, RetryPolicies.SETTINGS,
            BacklogLimits.SETTINGS, CleanupSettings.SETTINGS, IdempotencyKeys.SETTINGS).flatMap(List::stream).toList();

    static final String PREFIX = "outbox";

    private static final String RETRY_TYPES = PREFIX + ".retry.types";

    /** Where the stores of an application with several are declared, one map entry each. */
    static final String STORES = PREFIX + ".stores";

    private static final Pattern PLAIN_MAP_KEY = Pattern.compile("[a-z0-9-]+");

    private final Binder binder;

    private final List<UnaryOperator<String>> prefixesOfGroup;

    private OutboxSettings(Binder binder, List<UnaryOperator<String>> prefixesOfGroup) {
        this.binder = binder;
        this.prefixesOfGroup = prefixesOfGroup;
    }

    static OutboxSettings of(Environment environment) {
        return of(Binder.get(environment));
    }

    static OutboxSettings of(Binder binder) {
        return new OutboxSettings(binder, List.of(OutboxSettings::prefixOf));
    }

    /**
     * @param store the name of one of the stores of {@code outbox.stores}
     * @return its settings: those under {@code outbox.stores.<store>.}, and for the others those of the outbox
     */
    OutboxSettings forStore(String store) {
        String storePrefix = STORES + mapKey(store);
        UnaryOperator<String> ofStore = group -> group.isEmpty() ? storePrefix : storePrefix + "." + group;
        return new OutboxSettings(this.binder, List.of(ofStore, OutboxSettings::prefixOf));
    }

    /**
     * @param setting a core setting
     * @return its property, for example {@code outbox.dispatcher.lease}
     */
    static String property(Setting<?> setting) {
        return prefixOf(setting.group()) + "." + setting.name();
    }

    private static String prefixOf(String group) {
        return group.isEmpty() ? PREFIX : PREFIX + "." + group;
    }

    /**
     * Builds something from the core settings of the {@code outbox.*} properties.
     *
     * @param build what to build from them, for example {@code DispatcherSettings::from}
     * @return what was built
     * @throws InvalidOutboxPropertyException naming the property when the core refuses a value
     */
    <T> T build(Function<SettingSource, T> build) {
        return build(source(), build);
    }

    /**
     * @return the core settings of the properties, as they are, unchecked
     */
    BoundSettings source() {
        return new BoundSettings(this.binder, this.prefixesOfGroup);
    }

    /**
     * @param setting one core setting
     * @return its checked value, or its default
     * @throws InvalidOutboxPropertyException naming the property when the core refuses the value
     */
    <T> T value(Setting<T> setting) {
        return build(source -> {
            T value = source.find(setting).orElseGet(setting::defaultValue);
            setting.check(value);
            return value;
        });
    }

    /**
     * The retry policies of {@code outbox.retry.*}, and per message type of {@code outbox.retry.types.<type>.*},
     * where each setting not given falls back to {@code outbox.retry.*}.
     */
    RetryPolicies retryPolicies() {
        BoundSettings defaults = source();
        RetryPolicy defaultPolicy = build(defaults, RetryPolicy::from);
        Map<String, RetryPolicy> byType = new LinkedHashMap<>();
        for (String type : this.binder.bind(RETRY_TYPES, Bindable.mapOf(String.class, Object.class))
                .orElseGet(Map::of).keySet()) {
            BoundSettings ofType = new BoundSettings(this.binder, List.of(group -> RETRY_TYPES + mapKey(type)));
            byType.put(type, build(ofType, source -> RetryPolicy.from(source.orElse(defaults))));
        }
        return build(defaults, source -> new RetryPolicies(defaultPolicy, byType,
                RetryPolicies.FAILED_RETRY_INTERVAL.valueIn(source)));
    }

    /**
     * @return how a map key appears in a property name: {@code .key}, or {@code [key]} when it has
     * characters that only the bracket form keeps
     */
    static String mapKey(String key) {
        return PLAIN_MAP_KEY.matcher(key).matches() ? "." + key : "[" + key + "]";
    }

    private static <T> T build(BoundSettings source, Function<SettingSource, T> build) {
        try {
            return build.apply(source);
        }
        catch (SettingException ex) {
            throw source.failure(ex);
        }
    }
}
