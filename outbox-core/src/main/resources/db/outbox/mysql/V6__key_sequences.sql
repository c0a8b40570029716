--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The per-key sequences of sequenced messages for MySQL 8 and MariaDB 10.6+. ${outbox_table}_sequence holds,
-- per ordering key, the last number a committed save took; the save that takes the next one locks the key's row
-- until its transaction ends, so that the numbers of committed messages have no gaps.
-- ${inbox_table}_sequence holds, per consumer group and ordering key, the last number the group consumed in
-- order. Neither is ever cleaned up: a key's row is what keeps its numbers going on.
CREATE TABLE ${outbox_table}_sequence (
    ordering_key  VARCHAR(128) NOT NULL,
    last_sequence BIGINT       NOT NULL,
    PRIMARY KEY (ordering_key)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE ${inbox_table}_sequence (
    consumer_group VARCHAR(128) NOT NULL,
    ordering_key   VARCHAR(128) NOT NULL,
    last_sequence  BIGINT       NOT NULL,
    consumed_at    DATETIME(3)  NOT NULL,
    PRIMARY KEY (consumer_group, ordering_key)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
