--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The run-time switches of message types for PostgreSQL 12+: one row per message type that an operator switched
-- away from its broker, to its fallback handler (FALLBACK) or to pull consumers (PULL). Every instance reads the
-- table once per poll interval; switching back deletes the row.
CREATE TABLE ${outbox_table}_switch (
    message_type VARCHAR(64)  PRIMARY KEY,
    mode         VARCHAR(16)  NOT NULL,
    switched_at  TIMESTAMP(3) NOT NULL
);
