--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The cleanup job's index and archive table for PostgreSQL 12+. ${outbox_table} is the configured outbox
-- table, ${archive_table} the archive table.
-- The cleanup finds old rows of a final state in modification order through this index, a range scan however
-- long the table is. A plain CREATE INDEX blocks writes to the table while it is built: on a large existing
-- table, create it first with CREATE INDEX CONCURRENTLY under this name, and this statement does nothing.
CREATE INDEX IF NOT EXISTS idx_${outbox_table}_modified ON ${outbox_table} (state, gmt_modified, id);

-- Where the cleanup copies the rows it deletes when archiving is on: the outbox table's columns and the time
-- a row was archived. No unique key on (message_key, message_type), so that archiving never fails on a key
-- saved again after its first message was deleted.
CREATE TABLE ${archive_table} (
    id              BIGINT       PRIMARY KEY,
    gmt_create      TIMESTAMP(3) NOT NULL,
    gmt_modified    TIMESTAMP(3) NOT NULL,
    message_key     VARCHAR(128) NOT NULL,
    message_type    VARCHAR(64)  NOT NULL,
    topic           VARCHAR(255) NOT NULL,
    message_body    TEXT         NOT NULL,
    headers         TEXT         NULL,
    ordering_key    VARCHAR(128) NULL,
    message_id      VARCHAR(255) NULL,
    state           VARCHAR(16)  NOT NULL,
    retry_count     INT          NOT NULL,
    next_retry_at   TIMESTAMP(3) NOT NULL,
    last_retry_time TIMESTAMP(3) NULL,
    fail_reason     TEXT         NULL,
    lock_version    BIGINT       NOT NULL,
    archived_at     TIMESTAMP(3) NOT NULL
);
