/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.autoconfigure;

import java.time.Duration;

/**
 * Work the {@link OutboxScheduler} runs again and again: a first time after {@link #initialDelay()}, then
 * {@link #interval()} after each run ended. A bean of this type is such a job.
 */
interface PeriodicJob {

    /**
     * @return the time from the start of the application context to the first run
     */
    Duration initialDelay();

    /**
     * @return the time from the end of one run to the start of the next
     */
    Duration interval();

    /**
     * One run. It never throws, so that the schedule goes on, and it ends soon after its thread is
     * interrupted, which stopping the scheduler does.
     */
    void runOnce();
}
