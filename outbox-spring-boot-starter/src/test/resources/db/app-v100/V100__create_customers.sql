--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- An application migration that uses a placeholder of its own, merged with the outbox's in application mode.
-- Its version is above the outbox's own (V1 to V3), with room for the outbox's next ones, as application mode requires.
CREATE TABLE ${customers_table} (id BIGINT PRIMARY KEY, name VARCHAR(64) NOT NULL);
