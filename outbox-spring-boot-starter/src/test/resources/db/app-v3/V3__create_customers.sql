-- An application migration that uses a placeholder of its own, merged with the outbox's in application mode.
-- Its version is above the outbox's own (V1, V2), as application mode requires.
CREATE TABLE ${customers_table} (id BIGINT PRIMARY KEY, name VARCHAR(64) NOT NULL);
