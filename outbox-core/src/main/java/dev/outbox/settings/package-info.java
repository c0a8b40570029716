/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
/**
 * The vocabulary of the outbox's settings: each {@link dev.outbox.settings.Setting} is declared once, as a
 * constant of the settings type that uses it, with its name, default, description and check. Builders check
 * their values through these constants; configuration systems (the Spring Boot starter) read them through a
 * {@link dev.outbox.settings.SettingSource}, and an invalid value is a
 * {@link dev.outbox.settings.SettingException} that names the setting.
 */
@NullMarked
package dev.outbox.settings;

import org.jspecify.annotations.NullMarked;
