/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.settings;

import java.time.Duration;
import java.util.Map;

import dev.outbox.store.ClaimStrategy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SettingTest {

    private static final Setting<Duration> LEASE = Setting.of("dispatcher", "lease", Duration.ofSeconds(30),
            Check.positive(), "How long a claimed message stays.");

    private static final Setting<Duration> INTERVAL = Setting.optional("retry", "failed-retry-interval",
            Duration.class, Check.positive(), "How often FAILED messages are tried again.");

    @Test
    void anInvalidValueIsASettingExceptionNamingTheSettingAndTheProblemApart() {
        SettingException error = catchThrowableOfType(SettingException.class, () -> LEASE.check(Duration.ZERO));

        assertThat(error).hasMessage("dispatcher lease must be positive, was PT0S");
        assertThat(error.group()).isEqualTo("dispatcher");
        assertThat(error.setting()).isEqualTo("lease");
        assertThat(error.problem()).isEqualTo("must be positive, was PT0S");
    }

    @Test
    void aSettingOfTheOutboxAsAWholeHasNoGroupInItsMessage() {
        Setting<Integer> size = Setting.byteSize("", "max-payload-size", 1024, Check.atLeast(1), "Largest payload.");

        assertThat(size.key()).isEqualTo("max-payload-size");
        assertThat(size.isByteSize()).isTrue();
        assertThatIllegalArgumentException().isThrownBy(() -> size.check(0))
                .withMessage("max-payload-size must be at least 1, was 0");
    }

    @Test
    void nullIsTakenOnlyBySettingsWithoutADefault() {
        INTERVAL.check(null);

        assertThatIllegalArgumentException().isThrownBy(() -> LEASE.check(null))
                .withMessage("dispatcher lease must be set");
        assertThat(INTERVAL.hasDefault()).isFalse();
        assertThatIllegalStateException().isThrownBy(INTERVAL::defaultValue)
                .withMessage("retry.failed-retry-interval has no default");
    }

    @Test
    void aDefaultMustPassItsOwnCheck() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Setting.of("dispatcher", "threads", 0, Check.atLeast(1), "Threads."))
                .withMessage("dispatcher threads must be at least 1, was 0");
    }

    @Test
    void namesAreKebabCase() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Setting.of("dispatcher", "sendTimeout", 1, Check.any(), "Timeout."))
                .withMessageContaining("kebab-case");
        assertThat(Setting.of("cleanup.archive", "table-name", "t", Check.any(), "Table.").key())
                .isEqualTo("cleanup.archive.table-name");
    }

    @Test
    void anEnumSettingHasTheEnumsType() {
        assertThat(Setting.of("dispatcher", "claim-strategy", ClaimStrategy.SKIP_LOCKED, Check.any(), "How.").type())
                .isEqualTo(ClaimStrategy.class);
    }

    @Test
    void aValueComesFromTheSourceElseTheDefault() {
        SettingSource source = new MapSettingSource(Map.of(LEASE, Duration.ofMinutes(1)));

        assertThat(LEASE.valueIn(source)).isEqualTo(Duration.ofMinutes(1));
        assertThat(LEASE.valueIn(SettingSource.empty())).isEqualTo(Duration.ofSeconds(30));
        assertThat(INTERVAL.valueIn(source)).isNull();
    }

    @Test
    void aSourceFallsBackToAnotherForWhatItDoesNotHave() {
        SettingSource own = new MapSettingSource(Map.of(LEASE, Duration.ofMinutes(1)));
        SettingSource fallback = new MapSettingSource(Map.of(LEASE, Duration.ofMinutes(2), INTERVAL, Duration.ofHours(6)));

        SettingSource both = own.orElse(fallback);

        assertThat(LEASE.valueIn(both)).isEqualTo(Duration.ofMinutes(1));
        assertThat(INTERVAL.valueIn(both)).isEqualTo(Duration.ofHours(6));
    }

    @Test
    void checksSayWhatIsWrong() {
        assertThat(Check.positive().problem(Duration.ofSeconds(-1))).isEqualTo("must be positive, was PT-1S");
        assertThat(Check.<Long>atLeast(1).problem(0L)).isEqualTo("must be at least 1, was 0");
        assertThat(Check.<Integer>between(1, 10_000).problem(10_001))
                .isEqualTo("must be between 1 and 10000, was 10001");
        assertThat(Check.atLeast(1.0).problem(0.5)).isEqualTo("must be at least 1, was 0.5");
        assertThat(Check.atLeast(1.0).problem(Double.POSITIVE_INFINITY)).isEqualTo("must be at least 1, was Infinity");
        assertThat(Check.atLeast(1.0).problem(Double.NaN)).isEqualTo("must be at least 1, was NaN");
        assertThat(Check.between(0.0, 1.0).problem(2.0)).isEqualTo("must be between 0 and 1, was 2.0");
        assertThat(Check.between(0.0, 0.5).problem(0.7)).isEqualTo("must be between 0 and 0.5, was 0.7");
        assertThat(Check.positive().problem(Duration.ofMillis(1))).isNull();
    }
}
