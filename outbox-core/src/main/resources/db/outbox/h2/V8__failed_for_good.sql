--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- Whether a FAILED row failed for good: its broker rejected it, its type names the error non-retryable, or the
-- application's RetryDecision refused a retry. The slow retry (outbox.retry.failed-retry-interval) leaves such a row
-- alone; only an operator's retry sends it again. Every statement that makes a row FAILED writes it; it is read only
-- while the row is FAILED, so a retry by an operator, which makes the row PENDING, need not clear it.
-- No data is migrated: a row FAILED before this version counts as one whose attempts were spent.
ALTER TABLE ${outbox_table} ADD COLUMN failed_for_good BOOLEAN DEFAULT FALSE NOT NULL;
