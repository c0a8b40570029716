--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The idempotency keys of requests for MySQL 8 and MariaDB 10.6+: one row per key and scope (the operation, for
-- example "POST /orders"), claimed in the request's own transaction, with a SHA-256 fingerprint of the request and,
-- once it completed, its response (status, the headers that matter, body). The unique key is what makes a
-- concurrent duplicate wait for the first request's transaction to end. The cleanup deletes rows older than
-- outbox.idempotency.retention through the created_at index.
CREATE TABLE ${outbox_table}_idempotency (
    id               BIGINT       NOT NULL AUTO_INCREMENT,
    scope            VARCHAR(128) NOT NULL,
    idempotency_key  VARCHAR(255) NOT NULL,
    fingerprint      CHAR(64)     NOT NULL,
    state            VARCHAR(16)  NOT NULL,
    response_status  INT          NULL,
    response_headers TEXT         NULL,
    response_body    MEDIUMBLOB   NULL,
    created_at       DATETIME(3)  NOT NULL,
    completed_at     DATETIME(3)  NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_${outbox_table}_idem (idempotency_key, scope),
    KEY idx_${outbox_table}_idem_at (created_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
