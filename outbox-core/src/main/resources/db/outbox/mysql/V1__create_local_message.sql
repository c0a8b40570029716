--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The outbox table for MySQL 8 and MariaDB 10.6+. ${outbox_table} is the configured table name.
-- utf8mb4_bin keeps keys case-sensitive, as they are on PostgreSQL.
CREATE TABLE ${outbox_table} (
    id              BIGINT       NOT NULL AUTO_INCREMENT,
    gmt_create      DATETIME(3)  NOT NULL,
    gmt_modified    DATETIME(3)  NOT NULL,
    message_key     VARCHAR(128) NOT NULL,
    message_type    VARCHAR(64)  NOT NULL,
    topic           VARCHAR(255) NOT NULL,
    message_body    MEDIUMTEXT   NOT NULL,
    headers         TEXT         NULL,
    ordering_key    VARCHAR(128) NULL,
    message_id      VARCHAR(255) NULL,
    state           VARCHAR(16)  NOT NULL,
    retry_count     INT          NOT NULL DEFAULT 0,
    next_retry_at   DATETIME(3)  NOT NULL,
    last_retry_time DATETIME(3)  NULL,
    fail_reason     TEXT         NULL,
    lock_version    BIGINT       NOT NULL DEFAULT 0,
    PRIMARY KEY (id),
    UNIQUE KEY uk_${outbox_table}_key_type (message_key, message_type),
    KEY idx_${outbox_table}_due (state, next_retry_at, id),
    KEY idx_${outbox_table}_ordering (ordering_key, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
