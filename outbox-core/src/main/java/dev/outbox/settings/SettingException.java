/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.settings;

/**
 * A setting's value is out of range. The message reads "{@code <group> <setting> <problem>}", for example
 * "dispatcher lease must be positive, was PT0S"; a configuration system puts its own prefix before
 * {@link #setting()} instead, for example "outbox.dispatcher.lease must be positive, was PT0S".
 */
public final class SettingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The setting's group, empty for a setting of the outbox as a whole. */
    private final String group;

    /** The setting's name within its group. */
    private final String setting;

    /** What is wrong with the value. */
    private final String problem;

    /**
     * @param setting the setting whose value is out of range
     * @param problem what is wrong, for example "must be positive, was PT0S"
     */
    public SettingException(Setting<?> setting, String problem) {
        super(setting.group().isEmpty() ? setting.name() + " " + problem
                : setting.group() + " " + setting.name() + " " + problem);
        this.group = setting.group();
        this.setting = setting.name();
        this.problem = problem;
    }

    /**
     * @return the group of the setting, for example {@code dispatcher}; empty for a setting of the outbox as a
     * whole
     */
    public String group() {
        return this.group;
    }

    /**
     * @return the setting's name within its group, for example {@code send-timeout}
     */
    public String setting() {
        return this.setting;
    }

    /**
     * @return what is wrong with the value, for example "must not be shorter than poll-interval (PT1S)"
     */
    public String problem() {
        return this.problem;
    }
}
