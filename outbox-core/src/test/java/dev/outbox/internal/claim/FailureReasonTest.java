/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.claim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class FailureReasonTest {

    private static final Duration GENEROUS = Duration.ofSeconds(5);

    @Test
    void startsWithTheErrorClassAndMessage() {
        String reason = FailureReason.of(new IllegalStateException("broker refused the record"));

        assertThat(FailureReason.firstLine(reason)).isEqualTo("java.lang.IllegalStateException: broker refused the record");
    }

    @Test
    void includesTheTopOfTheStackTrace() {
        String reason = FailureReason.of(new IllegalStateException("boom"));

        assertThat(reason).contains("\n\tat " + FailureReasonTest.class.getName() + ".includesTheTopOfTheStackTrace(");
        assertThat(reason.lines().filter(line -> line.startsWith("\tat "))).hasSizeLessThanOrEqualTo(8);
        assertThat(reason).containsPattern("\n\t\\.\\.\\. \\d+ more");
    }

    @Test
    void includesTheCausesInOrder() {
        IOException root = new IOException("connection reset");
        UncheckedIOException middle = new UncheckedIOException("write failed", root);
        IllegalStateException top = new IllegalStateException("send failed", middle);

        String reason = FailureReason.of(top);

        assertThat(reason).containsSubsequence("java.lang.IllegalStateException: send failed",
                "\nCaused by: java.io.UncheckedIOException: write failed",
                "\nCaused by: java.io.IOException: connection reset");
    }

    @Test
    void anErrorWithoutMessageIsNamedByItsClass() {
        assertThat(FailureReason.firstLine(FailureReason.of(new TimeoutException())))
                .isEqualTo("java.util.concurrent.TimeoutException");
    }

    @Test
    void isBoundedToFourThousandCharactersForAHugeMessage() {
        String reason = FailureReason.of(new IllegalStateException("x".repeat(100_000)));

        assertThat(reason).hasSize(FailureReason.MAX_LENGTH).endsWith("...");
        assertThat(FailureReason.MAX_LENGTH).isEqualTo(4000);
    }

    @Test
    void isBoundedForALongChainOfCausesWithLongMessages() {
        Throwable error = new IOException("root " + "r".repeat(900));
        for (int i = 0; i < 200; i++) {
            error = new IllegalStateException("level " + i + " " + "m".repeat(900), error);
        }
        Throwable chain = error;

        String reason = assertTimeoutPreemptively(GENEROUS, () -> FailureReason.of(chain));

        assertThat(reason.length()).isLessThanOrEqualTo(4000);
        assertThat(reason).startsWith("java.lang.IllegalStateException: level 199 ");
    }

    @Test
    void aShortReasonIsNotCut() {
        String reason = FailureReason.of(new IllegalStateException("short"));

        assertThat(reason.length()).isLessThan(4000);
        assertThat(reason).doesNotEndWith("...");
    }

    @Test
    void terminatesOnACauseChainThatLoopsBack() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second");
        first.initCause(second);
        second.initCause(first);

        String reason = assertTimeoutPreemptively(GENEROUS, () -> FailureReason.of(first));

        assertThat(reason).contains("java.lang.RuntimeException: first", "Caused by: java.lang.RuntimeException: second");
        assertThat(reason.split("Caused by: ", -1)).hasSize(2);
        assertThat(reason.length()).isLessThanOrEqualTo(4000);
    }

    @Test
    void terminatesOnAnErrorThatIsItsOwnCause() {
        RuntimeException selfCaused = new RuntimeException("self") {
            @Override
            public synchronized Throwable getCause() {
                return this;
            }
        };

        String reason = assertTimeoutPreemptively(GENEROUS, () -> FailureReason.of(selfCaused));

        assertThat(reason).contains("self").doesNotContain("Caused by:");
    }

    @Test
    void firstLineIsTheTextBeforeTheFirstLineBreak() {
        assertThat(FailureReason.firstLine("java.lang.Exception: a\n\tat x.y(Z.java:1)")).isEqualTo("java.lang.Exception: a");
        assertThat(FailureReason.firstLine("single line")).isEqualTo("single line");
        assertThat(FailureReason.firstLine("")).isEmpty();
        assertThat(FailureReason.firstLine("\nsecond")).isEmpty();
    }

    @Test
    void aSummaryIsTheErrorAndItsDeepestCauseOnOneLine() {
        Exception error = new IllegalStateException("send failed",
                new RuntimeException("wrapped", new IllegalArgumentException("too large\nsecond line")));

        assertThat(FailureReason.summary(error))
                .isEqualTo("java.lang.IllegalStateException: send failed; caused by java.lang.IllegalArgumentException: "
                        + "too large");
        assertThat(FailureReason.summary(new IllegalStateException("alone")))
                .isEqualTo("java.lang.IllegalStateException: alone");
    }

    @Test
    void aNoteKeepsItsLineAfterAReasonCutToFit() {
        String reason = "x".repeat(FailureReason.MAX_LENGTH);

        String noted = FailureReason.withNote(reason, "Dead letter to 'dlt' not published: gone");

        assertThat(noted).hasSize(FailureReason.MAX_LENGTH).endsWith("...\nDead letter to 'dlt' not published: gone");
        assertThat(FailureReason.withNote("short", "note")).isEqualTo("short\nnote");
    }
}
