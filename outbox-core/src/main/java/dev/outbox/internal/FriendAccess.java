/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal;

import java.util.Objects;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Lets the core's other packages reach a part that an API class keeps private. Java has no friend
 * packages, and a public accessor would make the part API; so the API class grants access once, from
 * its static initializer, and the core reads the part through here. Any instance of the class exists
 * only after that initializer ran, so the access is always granted when it is used.
 *
 * @param <O> the API class
 * @param <P> the part it keeps private
 */
public final class FriendAccess<O, P> {

    private final Class<O> owner;

    private volatile @Nullable Function<O, P> part;

    /**
     * @param owner the API class that grants the access
     */
    public FriendAccess(Class<O> owner) {
        this.owner = owner;
    }

    /**
     * @param part reads the part of an instance of the API class
     * @throws IllegalStateException when access was granted before: only the API class grants it
     */
    public synchronized void grant(Function<O, P> part) {
        if (this.part != null) {
            throw new IllegalStateException(this.owner.getName() + " granted its access already");
        }
        this.part = part;
    }

    /**
     * @param instance an instance of the API class
     * @return its part
     */
    public P of(O instance) {
        return Objects.requireNonNull(this.part, "access not granted").apply(instance);
    }
}
