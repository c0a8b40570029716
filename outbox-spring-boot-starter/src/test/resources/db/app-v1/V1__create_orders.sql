--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The application's own first migration, next to the outbox's V1 in separate mode.
CREATE TABLE orders (id BIGINT PRIMARY KEY, status VARCHAR(32) NOT NULL);
