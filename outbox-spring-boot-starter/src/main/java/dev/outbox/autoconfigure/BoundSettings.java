/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.util.HashMap;
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

    private final UnaryOperator<String> prefixOfGroup;

    private final Map<String, Origin> origins = new HashMap<>();

    /**
     * @param binder Boot's binder over the application's configuration
     * @param prefixOfGroup the property prefix of a core group, for example {@code dispatcher} to
     * {@code outbox.dispatcher}
     */
    BoundSettings(Binder binder, UnaryOperator<String> prefixOfGroup) {
        this.binder = binder;
        this.prefixOfGroup = prefixOfGroup;
    }

    @Override
    public <T> Optional<T> find(Setting<T> setting) {
        String property = property(setting.group(), setting.name());
        BindResult<T> bound = setting.isByteSize()
                ? this.binder.bind(property, Bindable.of(DataSize.class), new OriginRecorder())
                        .map(size -> setting.type().cast(saturatedInt(size.toBytes())))
                : this.binder.bind(property, Bindable.of(setting.type()), new OriginRecorder());
        return bound.isBound() ? Optional.of(bound.get()) : Optional.empty();
    }

    /**
     * @param error a setting that the core refused
     * @return the start failure that names its property, where the value came from
     */
    InvalidOutboxPropertyException failure(SettingException error) {
        String property = property(error.group(), error.setting());
        return new InvalidOutboxPropertyException(property, error.problem(), this.origins.get(property), error);
    }

    private String property(String group, String name) {
        return this.prefixOfGroup.apply(group) + "." + name;
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
