--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The per-key sequences of sequenced messages for H2 2.x. ${outbox_table}_sequence holds, per ordering key, the
-- last number a committed save took; ${inbox_table}_sequence, per consumer group and ordering key, the last
-- number the group consumed in order. As in V1, VARCHAR sizes are doubled because H2 counts UTF-16 units.
CREATE TABLE ${outbox_table}_sequence (
    ordering_key  VARCHAR(256) PRIMARY KEY,
    last_sequence BIGINT       NOT NULL
);

CREATE TABLE ${inbox_table}_sequence (
    consumer_group VARCHAR(256) NOT NULL,
    ordering_key   VARCHAR(256) NOT NULL,
    last_sequence  BIGINT       NOT NULL,
    consumed_at    TIMESTAMP(3) NOT NULL,
    PRIMARY KEY (consumer_group, ordering_key)
);
