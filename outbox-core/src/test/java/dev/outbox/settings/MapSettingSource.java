/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.settings;

import java.util.Map;
import java.util.Optional;

/**
 * Settings given in a map, as a test gives them.
 */
final class MapSettingSource implements SettingSource {

    private final Map<Setting<?>, Object> values;

    MapSettingSource(Map<Setting<?>, Object> values) {
        this.values = Map.copyOf(values);
    }

    @Override
    public <T> Optional<T> find(Setting<T> setting) {
        return Optional.ofNullable(this.values.get(setting)).map(setting.type()::cast);
    }
}
