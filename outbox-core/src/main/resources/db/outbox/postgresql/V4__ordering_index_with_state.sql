--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The per-key ordering checks look for unsent rows of a key: before a row ("is anything earlier unsent?")
-- and after a claimed head (the run that follows it). With the state in the index, each check is a few
-- index dives however many SENT rows the key has; on (ordering_key, id) alone it stepped over every sent
-- row of the key, for every due row the claim looked at.
DROP INDEX idx_${outbox_table}_ordering;
CREATE INDEX idx_${outbox_table}_ordering ON ${outbox_table} (ordering_key, state, id) WHERE ordering_key IS NOT NULL;
