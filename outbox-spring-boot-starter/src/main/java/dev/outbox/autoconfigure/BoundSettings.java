/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import dev.outbox.settings.Setting;
import dev.outbox.settings.SettingException;
import dev.outbox.settings.SettingSource;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.AbstractBindHandler;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.BindResult;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.origin.Origin;
import org.springframework.util.unit.DataSize;

/**
 * The core's settings as Spring Boot binds them: a setting of group {@code g} and name {@code n} is the property
 * {@code <prefix of g>.n}, converted by Boot ({@code 1s}, {@code PT1S}, {@code 10MB}, {@code skip-locked}). A
 * value that does not convert fails with Boot's own {@code BindException}.
 */
final class BoundSettings implements SettingSource {

    private final Binder binder;

    private final List<UnaryOperator<String>> prefixesOfGroup;

    private final Map<String, Origin> origins = new HashMap<>();

    private final Map<String, String> boundProperties = new HashMap<>();

    /**
     * @param binder Boot's binder over the application's configuration
     * @param prefixesOfGroup where a setting of a core group is looked for, in order, the first property
     * found winning: for example {@code dispatcher} to {@code outbox.stores.orders.dispatcher}, then to
     * {@code outbox.dispatcher}
     */
    BoundSettings(Binder binder, List<UnaryOperator<String>> prefixesOfGroup) {
        this.binder = binder;
        this.prefixesOfGroup = List.copyOf(prefixesOfGroup);
    }

    @Override
    public <T> Optional<T> find(Setting<T> setting) {
        for (UnaryOperator<String> prefixOfGroup : this.prefixesOfGroup) {
            String property = prefixOfGroup.apply(setting.group()) + "." + setting.name();
            BindResult<T> bound = setting.isByteSize()
                    ? this.binder.bind(property, Bindable.of(DataSize.class), new OriginRecorder())
                            .map(size -> setting.type().cast(saturatedInt(size.toBytes())))
                    : this.binder.bind(property, Bindable.of(setting.type()), new OriginRecorder());
            if (bound.isBound()) {
                this.boundProperties.put(key(setting.group(), setting.name()), property);
                return Optional.of(bound.get());
            }
        }
        return Optional.empty();
    }

    /**
     * @param error a setting that the core refused
     * @return the start failure that names the property its value came from, and where that was set
     */
    InvalidOutboxPropertyException failure(SettingException error) {
        String property = this.boundProperties.getOrDefault(key(error.group(), error.setting()),
                this.prefixesOfGroup.get(0).apply(error.group()) + "." + error.setting());
        return new InvalidOutboxPropertyException(property, error.problem(), this.origins.get(property), error);
    }

    private static String key(String group, String name) {
        return group + "/" + name;
    }

    /** A size beyond an int stays beyond the core's range, so that the core's check reports it. */
    private static int saturatedInt(long bytes) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, bytes));
    }

    private final class OriginRecorder extends AbstractBindHandler {

        @Override
        public @Nullable Object onSuccess(ConfigurationPropertyName name, Bindable<?> target, BindContext context,
                Object result) {
            if (context.getConfigurationProperty() != null && context.getConfigurationProperty().getOrigin() != null) {
                BoundSettings.this.origins.put(name.toString(), context.getConfigurationProperty().getOrigin());
            }
            return result;
        }
    }
}
