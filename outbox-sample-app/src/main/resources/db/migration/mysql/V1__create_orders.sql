--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The sample's own table (MySQL 8, MariaDB 10.6+). The outbox table is created by the outbox starter,
-- with its own history table.
CREATE TABLE orders (
    id                VARCHAR(36)  NOT NULL PRIMARY KEY,
    customer_id       VARCHAR(64)  NOT NULL,
    product           VARCHAR(128) NOT NULL,
    quantity          INT          NOT NULL,
    created_at        DATETIME(3)  NOT NULL,
    outbox_message_id BIGINT       NOT NULL,
    INDEX idx_orders_customer (customer_id, created_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
