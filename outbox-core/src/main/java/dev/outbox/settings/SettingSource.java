/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.settings;

import java.util.Optional;

/**
 * Where settings are read from, for example an application's configuration. A settings type builds itself
 * from one ({@code DispatcherSettings.from(source)}), taking the default of each setting the source does not
 * have.
 */
public interface SettingSource {

    /**
     * @param <T> the setting's value type
     * @param setting a setting
     * @return the value configured for it, or empty when it takes its default
     */
    <T> Optional<T> find(Setting<T> setting);

    /**
     * @return a source without any setting, so that each one takes its default
     */
    static SettingSource empty() {
        return new SettingSource() {

            @Override
            public <T> Optional<T> find(Setting<T> setting) {
                return Optional.empty();
            }
        };
    }

    /**
     * @param fallback where to look for the settings this source does not have
     * @return a source that asks this one first, then the fallback
     */
    default SettingSource orElse(SettingSource fallback) {
        SettingSource first = this;
        return new SettingSource() {

            @Override
            public <T> Optional<T> find(Setting<T> setting) {
                return first.find(setting).or(() -> fallback.find(setting));
            }
        };
    }
}
