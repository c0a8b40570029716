/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

/**
 * The steps of an order on its way to the customer. Each has its own side effect at the shipping side, so each
 * must run once, in the order the order service recorded them: they are saved as sequenced messages.
 */
public enum TrackingStep {

    /** The order was packed. */
    PACKED,

    /** The parcel was handed to the carrier. */
    HANDED_TO_CARRIER,

    /** The parcel was delivered. */
    DELIVERED
}
