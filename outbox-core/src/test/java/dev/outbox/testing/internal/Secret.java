/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing.internal;

/**
 * A type of an internal package, for the tests of {@link dev.outbox.testing.InternalTypeExposure}.
 */
public class Secret {

    /** An internal interface. */
    public interface Contract {
    }

    /** An internal exception. */
    public static class Failure extends Exception {

        private static final long serialVersionUID = 1L;
    }
}
