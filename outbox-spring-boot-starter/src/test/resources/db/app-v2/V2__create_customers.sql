-- An application migration that uses a placeholder of its own, merged with the outbox's in application mode.
CREATE TABLE ${customers_table} (id BIGINT PRIMARY KEY, name VARCHAR(64) NOT NULL);
