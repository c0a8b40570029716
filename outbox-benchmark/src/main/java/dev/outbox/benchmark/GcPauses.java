/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;

/**
 * The garbage collections of this JVM while it listens, each with its wall-clock start and duration,
 * so that a slow latency sample can be checked against the collections that overlapped it.
 */
final class GcPauses implements AutoCloseable {

    private final long jvmStartMillis = ManagementFactory.getRuntimeMXBean().getStartTime();

    private final List<Pause> pauses = new ArrayList<>();

    private final NotificationListener listener = this::collected;

    private final List<NotificationEmitter> emitters = new ArrayList<>();

    private GcPauses() {
    }

    /**
     * @return collections recorded from now until {@link #close()}
     */
    static GcPauses listen() {
        GcPauses gc = new GcPauses();
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(gc.listener, null, null);
                gc.emitters.add(emitter);
            }
        }
        return gc;
    }

    private void collected(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo
                .from((CompositeData) notification.getUserData());
        // Concurrent cycles (G1's "Concurrent GC") do not stop the application threads.
        if (info.getGcCause().contains("Concurrent") || info.getGcName().contains("Concurrent")) {
            return;
        }
        synchronized (this.pauses) {
            this.pauses.add(new Pause(this.jvmStartMillis + info.getGcInfo().getStartTime(),
                    info.getGcInfo().getDuration()));
        }
    }

    /**
     * @return the collections recorded so far
     */
    List<Pause> pauses() {
        synchronized (this.pauses) {
            return List.copyOf(this.pauses);
        }
    }


    @Override
    public void close() {
        for (NotificationEmitter emitter : this.emitters) {
            try {
                emitter.removeNotificationListener(this.listener);
            }
            catch (ListenerNotFoundException ex) {
                // Never added to this one: nothing to remove.
            }
        }
    }

    /**
     * A stop-the-world collection.
     *
     * @param startMillis when it started, wall-clock
     * @param durationMillis how long it took
     */
    record Pause(long startMillis, long durationMillis) {

        /**
         * @param fromMillis the wall-clock start of an interval
         * @param toMillis its end
         * @return whether this collection overlapped it
         */
        boolean overlaps(long fromMillis, long toMillis) {
            return this.startMillis <= toMillis && this.startMillis + this.durationMillis >= fromMillis;
        }
    }
}
