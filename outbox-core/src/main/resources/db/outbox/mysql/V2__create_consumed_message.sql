--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The inbox table for MySQL 8 and MariaDB 10.6+: one row per message a consumer group has consumed.
-- ${inbox_table} is the configured table name. utf8mb4_bin keeps keys case-sensitive, as on PostgreSQL.
CREATE TABLE ${inbox_table} (
    id              BIGINT       NOT NULL AUTO_INCREMENT,
    consumer_group  VARCHAR(128) NOT NULL,
    idempotency_key VARCHAR(255) NOT NULL,
    message_type    VARCHAR(64)  NULL,
    result          TEXT         NULL,
    consumed_at     DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_${inbox_table}_key_group (idempotency_key, consumer_group),
    KEY idx_${inbox_table}_consumed_at (consumed_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
