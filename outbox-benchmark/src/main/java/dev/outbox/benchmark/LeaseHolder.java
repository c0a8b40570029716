/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import dev.outbox.DispatcherSettings;
import dev.outbox.metrics.OutboxMetrics;
import dev.outbox.observation.OutboxObservations;
import dev.outbox.retry.RetryPolicies;
import dev.outbox.spi.MessageSender;

/**
 * The instance that the recovery phase kills with SIGKILL, run in a JVM of its own: it saves messages
 * one per transaction, hands them to its dispatcher, whose broker never confirms, so that every one of
 * them stays leased to it (sending, or waiting in memory), prints {@value #READY} and waits to be killed.
 */
public final class LeaseHolder {

    /** What the holder prints once its messages are saved and leased. */
    static final String READY = "HOLDING";

    /** The key prefix of the holder's messages. */
    static final String KEY_PREFIX = "holder";

    private LeaseHolder() {
    }

    /**
     * @param arguments the JDBC URL, the user (empty for the URL's), how many messages, and the lease (ISO-8601);
     * the password is read from {@value BenchmarkOptions#PASSWORD_VARIABLE}
     */
    public static void main(String[] arguments) throws InterruptedException {
        BenchmarkOptions options = BenchmarkOptions.parse(System.getenv(BenchmarkOptions.PASSWORD_VARIABLE),
                "--url=" + arguments[0], "--user=" + arguments[1]);
        int messages = Integer.parseInt(arguments[2]);
        Duration lease = Duration.parse(arguments[3]);
        MessageSender neverConfirms = message -> new CompletableFuture<>();
        BenchmarkDatabase database = new BenchmarkDatabase(options);
        OutboxInstance instance = new OutboxInstance(database, KEY_PREFIX, 4,
                DispatcherSettings.builder().lease(lease).build(), neverConfirms, OutboxMetrics.NONE,
                OutboxInstance.CommitNotification.HANDOFF, RetryPolicies.defaults(), OutboxObservations.NONE);
        instance.start();
        OrderTransaction saves = new OrderTransaction(instance, KEY_PREFIX, OrderingKeys.NONE);
        for (long n = 0; n < messages; n++) {
            saves.accept(n);
        }
        System.out.println(READY + " " + messages);
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
