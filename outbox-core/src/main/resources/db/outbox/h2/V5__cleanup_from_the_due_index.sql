--
-- SPDX-FileCopyrightText: 2026 the Outbox authors
-- SPDX-License-Identifier: Apache-2.0
--

-- The cleanup now finds old rows through the due index (state, next_retry_at, id): every statement that ends in
-- SENT or CONSUMED sets next_retry_at to the time it does, and a FAILED row's is the time it failed (or its next
-- slow retry). V3's index, written on every insert, lease and outcome, is no longer read.
-- No data is migrated. A row sent before this version carries in next_retry_at the end of its last lease, less
-- than one lease (30 s then) after its send, so it is kept that much longer at most; a row consumed before it
-- carries the same time, earlier than its consumption by as long as its consumer took then.
DROP INDEX idx_${outbox_table}_modified;
