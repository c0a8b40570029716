/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

/**
 * No order has the requested id.
 */
class OrderNotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    OrderNotFoundException(String id) {
        super("No order with id '" + id + "'");
    }
}
