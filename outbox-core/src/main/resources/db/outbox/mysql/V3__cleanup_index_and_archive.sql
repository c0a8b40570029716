--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The cleanup job's index and archive table for MySQL 8 and MariaDB 10.6+. ${outbox_table} is the configured
-- outbox table, ${archive_table} the archive table.
-- The cleanup finds old rows of a final state in modification order through this index, a range scan however
-- long the table is. InnoDB builds it online: writers go on while it is built.
CREATE INDEX idx_${outbox_table}_modified ON ${outbox_table} (state, gmt_modified, id);

-- Where the cleanup copies the rows it deletes when archiving is on: the outbox table's columns and the time
-- a row was archived. No unique key on (message_key, message_type), so that archiving never fails on a key
-- saved again after its first message was deleted.
CREATE TABLE ${archive_table} (
    id              BIGINT       NOT NULL,
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
    retry_count     INT          NOT NULL,
    next_retry_at   DATETIME(3)  NOT NULL,
    last_retry_time DATETIME(3)  NULL,
    fail_reason     TEXT         NULL,
    lock_version    BIGINT       NOT NULL,
    archived_at     DATETIME(3)  NOT NULL,
    PRIMARY KEY (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
