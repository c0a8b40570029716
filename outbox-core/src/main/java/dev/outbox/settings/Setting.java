/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.settings;

import java.util.Objects;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * One setting of the outbox, declared once as a constant of the settings type that uses it, for example
 * {@code DispatcherSettings.LEASE}: its name, its value type, its default (or none), a one-line description and
 * its check. The builders check their values through it, and configuration systems read it through a
 * {@link SettingSource}: the Spring Boot starter binds {@code outbox.<group>.<name>} and describes it to IDEs.
 *
 * @param <T> the value type
 */
public final class Setting<T> {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*(\\.[a-z][a-z0-9]*(-[a-z0-9]+)*)*");

    private final String group;

    private final String name;

    private final Class<T> type;

    private final @Nullable T defaultValue;

    private final Check<? super T> check;

    private final String description;

    private final boolean byteSize;

    private Setting(String group, String name, Class<T> type, @Nullable T defaultValue, Check<? super T> check,
            String description, boolean byteSize) {
        if (!group.isEmpty() && !NAME.matcher(group).matches() || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a setting's group and name are kebab-case words, not '" + group
                    + "' and '" + name + "'");
        }
        this.group = group;
        this.name = name;
        this.type = type;
        this.defaultValue = defaultValue;
        this.check = check;
        this.description = description;
        this.byteSize = byteSize;
        if (defaultValue != null) {
            check(defaultValue);
        }
    }

    /**
     * @param <T> the value type
     * @param group the group, for example {@code dispatcher}; empty for a setting of the outbox as a whole
     * @param name the name within the group, kebab-case, for example {@code send-timeout}
     * @param defaultValue the value taken when none is given; it must pass the check
     * @param check what a value must be
     * @param description one sentence on what the setting does, as configuration references and IDEs show it
     * @return the setting, of the default's type
     */
    public static <T> Setting<T> of(String group, String name, T defaultValue, Check<? super T> check,
            String description) {
        return new Setting<>(group, name, typeOf(defaultValue), defaultValue, check, description, false);
    }

    /**
     * A setting without a default: when it is not given, the feature it configures is off.
     *
     * @param <T> the value type
     * @param group the group; empty for a setting of the outbox as a whole
     * @param name the name within the group, kebab-case
     * @param type the value type
     * @param check what a value must be
     * @param description one sentence on what the setting does, including what happens when it is not given
     * @return the setting
     */
    public static <T> Setting<T> optional(String group, String name, Class<T> type, Check<? super T> check,
            String description) {
        return new Setting<>(group, name, type, null, check, description, false);
    }

    /**
     * A number of bytes, which configuration may give as a data size such as {@code 10MB}.
     *
     * @param group the group; empty for a setting of the outbox as a whole
     * @param name the name within the group, kebab-case
     * @param defaultBytes the default, in bytes
     * @param check what a value must be, in bytes
     * @param description one sentence on what the setting does
     * @return the setting
     */
    public static Setting<Integer> byteSize(String group, String name, int defaultBytes, Check<? super Integer> check,
            String description) {
        return new Setting<>(group, name, Integer.class, defaultBytes, check, description, true);
    }

    @SuppressWarnings("unchecked")
    private static <T> Class<T> typeOf(T value) {
        Objects.requireNonNull(value, "a default value, or Setting.optional");
        return (Class<T>) ((value instanceof Enum<?> constant) ? constant.getDeclaringClass() : value.getClass());
    }

    /**
     * @return the group, for example {@code dispatcher}; empty for a setting of the outbox as a whole
     */
    public String group() {
        return this.group;
    }

    /**
     * @return the name within the group, for example {@code send-timeout}
     */
    public String name() {
        return this.name;
    }

    /**
     * @return the group and the name joined by a dot, for example {@code dispatcher.send-timeout}
     */
    public String key() {
        return this.group.isEmpty() ? this.name : this.group + "." + this.name;
    }

    /**
     * @return the value type
     */
    public Class<T> type() {
        return this.type;
    }

    /**
     * @return whether the setting has a default; one without is off when not given
     */
    public boolean hasDefault() {
        return this.defaultValue != null;
    }

    /**
     * @return the default
     * @throws IllegalStateException when the setting has none (see {@link #hasDefault()})
     */
    public T defaultValue() {
        if (this.defaultValue == null) {
            throw new IllegalStateException(key() + " has no default");
        }
        return this.defaultValue;
    }

    /**
     * @return one sentence on what the setting does
     */
    public String description() {
        return this.description;
    }

    /**
     * @return whether the value counts bytes, so that configuration may give it as a data size such as
     * {@code 10MB}
     */
    public boolean isByteSize() {
        return this.byteSize;
    }

    /**
     * @param source where settings are read from
     * @return the source's value, else the default; null only for a setting without a default that the source
     * does not have
     */
    public @Nullable T valueIn(SettingSource source) {
        return source.find(this).orElse(this.defaultValue);
    }

    /**
     * @param value a value of this setting; null is taken only by a setting without a default
     * @throws SettingException naming this setting when the value is out of range
     */
    public void check(@Nullable T value) {
        if (value == null) {
            if (hasDefault()) {
                throw invalid("must be set");
            }
            return;
        }
        String problem = this.check.problem(value);
        if (problem != null) {
            throw invalid(problem);
        }
    }

    /**
     * For a check that involves other settings too.
     *
     * @param problem what is wrong, for example "(PT8S) must not be shorter than poll-interval (PT20S)"
     * @return an exception naming this setting, to throw
     */
    public SettingException invalid(String problem) {
        return new SettingException(this, problem);
    }

    @Override
    public String toString() {
        return key();
    }
}
