--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The per-key ordering checks look for unsent rows of a key; with the state in the index each is a few
-- index dives however many SENT rows the key has.
DROP INDEX idx_${outbox_table}_ordering;
CREATE INDEX idx_${outbox_table}_ordering ON ${outbox_table} (ordering_key, state, id);
