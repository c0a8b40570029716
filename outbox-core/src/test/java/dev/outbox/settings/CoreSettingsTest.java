/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.settings;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.outbox.DispatcherSettings;
import dev.outbox.OutboxTemplate;
import dev.outbox.admin.BacklogLimits;
import dev.outbox.cleanup.CleanupSettings;
import dev.outbox.consumer.pull.MessagePuller;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.retry.RetryPolicy;
import dev.outbox.store.OutboxStore;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The settings that the core's types declare: each is listed by its type, described, and builds the type.
 */
class CoreSettingsTest {

    private static final List<Setting<?>> ALL = Stream.of(DispatcherSettings.SETTINGS, CleanupSettings.SETTINGS,
            RetryPolicy.SETTINGS, RetryPolicies.SETTINGS, BacklogLimits.SETTINGS, MessagePuller.SETTINGS,
            OutboxTemplate.SETTINGS, OutboxStore.SETTINGS).flatMap(List::stream).toList();

    @Test
    void everySettingHasAUniqueKeyAndASentenceOfDescription() {
        assertThat(ALL).extracting(Setting::key).doesNotHaveDuplicates();
        assertThat(ALL).allSatisfy(setting -> assertThat(setting.description()).as(setting.key()).endsWith(".")
                .doesNotContain("\n"));
    }

    @Test
    void anEmptySourceBuildsTheDefaults() {
        assertThat(DispatcherSettings.from(SettingSource.empty())).isEqualTo(DispatcherSettings.defaults());
        assertThat(CleanupSettings.from(SettingSource.empty())).isEqualTo(CleanupSettings.defaults());
        assertThat(RetryPolicy.from(SettingSource.empty())).isEqualTo(RetryPolicy.defaults());
        assertThat(BacklogLimits.from(SettingSource.empty())).isEqualTo(BacklogLimits.defaults());
    }

    @Test
    void aSourceSetsTheRecordsComponents() {
        SettingSource source = new MapSettingSource(Map.of(CleanupSettings.INBOX_RETENTION, Duration.ofDays(14),
                CleanupSettings.ARCHIVE, true, CleanupSettings.MAX_ROWS_PER_RUN, 10L));

        assertThat(CleanupSettings.from(source)).isEqualTo(CleanupSettings.builder().inboxRetention(Duration.ofDays(14))
                .archive(true).maxRowsPerRun(10).build());
    }

    @Test
    void aCheckAcrossTwoSettingsNamesOneOfThem() {
        SettingSource source = new MapSettingSource(Map.of(DispatcherSettings.POLL_INTERVAL, Duration.ofSeconds(20)));

        SettingException error = catchThrowableOfType(SettingException.class, () -> DispatcherSettings.from(source));

        assertThat(error.setting()).isEqualTo("max-poll-interval");
        assertThat(error.problem()).startsWith("(PT8S) must not be shorter than poll-interval (PT20S)");
    }

    @Test
    void aFailedRetentionWithoutIncludeFailedIsRefusedNamingIt() {
        SettingException error = catchThrowableOfType(SettingException.class,
                () -> CleanupSettings.builder().failedRetention(Duration.ofDays(30)).build());

        assertThat(error).hasMessage("cleanup failed-retention (PT720H) is set, but FAILED messages are deleted only "
                + "when include-failed is true");
    }

    @Test
    void aTableNameIsCheckedAsASetting() {
        SettingException error = catchThrowableOfType(SettingException.class,
                () -> OutboxStore.builder(new DriverManagerDataSource("jdbc:h2:mem:settings"))
                        .settings(new MapSettingSource(Map.of(OutboxStore.INBOX_TABLE, "consumed message"))));

        assertThat(error).hasMessageStartingWith("inbox table-name is invalid: 'consumed message' is not a plain SQL");
    }
}
