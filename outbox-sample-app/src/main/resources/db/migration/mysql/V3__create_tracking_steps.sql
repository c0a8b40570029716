--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The order's latest tracking step, written by the order service with each step's sequenced message.
ALTER TABLE orders ADD COLUMN tracking_step VARCHAR(32) NULL;

-- The tracking steps the shipping consumer applied, in order, once each: the inbox's in-order position makes
-- sure of it (the primary key is a second line of defence, not the mechanism).
CREATE TABLE tracking_step (
    order_id   VARCHAR(36) NOT NULL,
    sequence_number BIGINT  NOT NULL,
    step       VARCHAR(32) NOT NULL,
    applied_at DATETIME(3) NOT NULL,
    PRIMARY KEY (order_id, sequence_number)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
