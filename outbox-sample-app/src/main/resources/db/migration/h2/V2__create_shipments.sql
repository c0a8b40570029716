--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- Shipments the shipping consumer creates from order.created messages; one per order, which the
-- inbox guarantees (the unique key is a second line of defence, not the mechanism).
CREATE TABLE shipments (
    id         VARCHAR(36) NOT NULL PRIMARY KEY,
    order_id   VARCHAR(36) NOT NULL,
    product    VARCHAR(128) NOT NULL,
    quantity   INT         NOT NULL,
    created_at TIMESTAMP(3) NOT NULL,
    CONSTRAINT uk_shipments_order UNIQUE (order_id)
);
