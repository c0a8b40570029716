--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The run-time switches of message types for H2 2.x: one row per message type that an operator switched away
-- from its broker, to its fallback handler (FALLBACK) or to pull consumers (PULL). As in V1, VARCHAR sizes are
-- doubled because H2 counts UTF-16 units.
CREATE TABLE ${outbox_table}_switch (
    message_type VARCHAR(128) PRIMARY KEY,
    mode         VARCHAR(32)  NOT NULL,
    switched_at  TIMESTAMP(3) NOT NULL
);
