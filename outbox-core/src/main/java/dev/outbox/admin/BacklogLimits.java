/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.admin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.outbox.message.MessageState;
import dev.outbox.settings.Check;
import dev.outbox.settings.Setting;
import dev.outbox.settings.SettingSource;

/**
 * When an outbox is unhealthy: FAILED messages exist (if they count), or the oldest due message has been due
 * longer than a limit (no dispatcher runs, the dispatchers do not keep up, or ordered messages wait behind a
 * FAILED or SUSPENDED one of their key).
 *
 * @param failedMessagesUnhealthy whether any FAILED message makes the outbox unhealthy
 * @param maxOldestDueAge how long the oldest due message may have been due; positive
 */
public record BacklogLimits(boolean failedMessagesUnhealthy, Duration maxOldestDueAge) {

    private static final String GROUP = "health";

    /** Whether any FAILED message makes the outbox unhealthy: yes by default. */
    public static final Setting<Boolean> FAILED_MESSAGES_UNHEALTHY = Setting.of(GROUP, "failed-messages-unhealthy",
            true, Check.any(), "Whether any FAILED message makes the outbox unhealthy.");

    /** How long the oldest due message may have been due: 5 minutes by default. */
    public static final Setting<Duration> MAX_OLDEST_DUE_AGE = Setting.of(GROUP, "max-oldest-due-age",
            Duration.ofMinutes(5), Check.positive(), "How long the oldest due message may have been due before the "
                    + "outbox is unhealthy: longer means no dispatcher runs, the dispatchers do not keep up, or "
                    + "ordered messages wait behind a FAILED one.");

    /** Every setting of the limits, in the order of the record's components. */
    public static final List<Setting<?>> SETTINGS = List.of(FAILED_MESSAGES_UNHEALTHY, MAX_OLDEST_DUE_AGE);

    /**
     * @param failedMessagesUnhealthy whether any FAILED message makes the outbox unhealthy
     * @param maxOldestDueAge how long the oldest due message may have been due; positive
     * @throws dev.outbox.settings.SettingException when the age is not positive
     */
    public BacklogLimits {
        MAX_OLDEST_DUE_AGE.check(maxOldestDueAge);
    }

    /**
     * @return FAILED messages are unhealthy, and a due message may wait {@link #MAX_OLDEST_DUE_AGE}'s default
     */
    public static BacklogLimits defaults() {
        return from(SettingSource.empty());
    }

    /**
     * @param source where the settings are read from; each one it does not have takes its default
     * @return the validated limits
     * @throws dev.outbox.settings.SettingException naming the setting that is out of range
     */
    public static BacklogLimits from(SettingSource source) {
        return new BacklogLimits(FAILED_MESSAGES_UNHEALTHY.valueIn(source), MAX_OLDEST_DUE_AGE.valueIn(source));
    }

    /**
     * @param backlog a snapshot that counted FAILED messages
     * @return the limits the snapshot exceeds, each in a sentence; empty when it is healthy
     */
    public List<String> problems(OutboxSnapshot backlog) {
        List<String> problems = new ArrayList<>(2);
        long failed = backlog.count(MessageState.FAILED);
        if (this.failedMessagesUnhealthy && failed > 0) {
            problems.add(failed + " message(s) FAILED: they wait for an operator to retry or skip them");
        }
        Duration oldestDueAge = backlog.oldestDueAge();
        if (oldestDueAge.compareTo(this.maxOldestDueAge) > 0) {
            problems.add("the oldest due message has been due for " + oldestDueAge + ", longer than "
                    + this.maxOldestDueAge + ": no dispatcher runs, the dispatchers do not keep up, or ordered"
                    + " messages wait behind a FAILED or SUSPENDED one");
        }
        return problems;
    }
}
