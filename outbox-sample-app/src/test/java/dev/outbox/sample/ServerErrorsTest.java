/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.sample;

import java.io.EOFException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransientConnectionException;

import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.TransactionSystemException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failures that answer 503 (the database is unavailable: try again) and those that answer 500,
 * with the exception chains the MariaDB driver, HikariCP and Spring produce when a connection is lost.
 */
class ServerErrorsTest {

    private final ServerErrors errors = new ServerErrors();

    @Test
    void transactionThatCouldNotBeginOnALostConnectionAnswers503() {
        // As when the database restarts: the pool times out; its last attempt to connect read the end of the stream.
        SQLNonTransientConnectionException driver = new SQLNonTransientConnectionException("Socket error", "08000",
                new EOFException("unexpected end of stream, read 0 bytes from 4 (socket was closed by server)"));
        Exception failure = new CannotCreateTransactionException("Could not open JDBC Connection for transaction",
                new SQLTransientConnectionException("HikariPool-1 - Connection is not available", "08001", driver));

        ResponseEntity<ProblemDetail> answer = this.errors.failed(failure);

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("5");
        assertThat(answer.getBody().getTitle()).isEqualTo("Database unavailable");
        assertThat(answer.getBody().getDetail())
                .isEqualTo("The database is unavailable, so the request failed. Try again in a few seconds.");
    }

    @Test
    void statementOnAConnectionThePoolFoundClosedAnswers503() {
        Exception failure = new UncategorizedSQLException("insert", "INSERT INTO orders",
                new SQLException("Connection closed", "08003"));

        assertThat(this.errors.failed(failure).getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
    }

    @Test
    void commitWhoseRollbackFoundTheConnectionClosedAnswers503() {
        // A commit failed on the lost connection; Spring's rollback then met HikariCP's closed connection.
        Exception failure = new TransactionSystemException("JDBC rollback failed",
                new SQLException("Connection is closed"));

        assertThat(this.errors.failed(failure).getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
    }

    @Test
    void outboxSaveOutsideATransactionAnswers500WithoutRetryAfter() {
        Exception failure = new IllegalTransactionStateException("outbox.save(...) needs an active transaction");

        ResponseEntity<ProblemDetail> answer = this.errors.failed(failure);

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
        assertThat(answer.getHeaders().containsHeader(HttpHeaders.RETRY_AFTER)).isFalse();
        assertThat(answer.getBody().getTitle()).isEqualTo("Internal error");
        assertThat(answer.getBody().getDetail())
                .isEqualTo("The service failed, so the request failed. The error is in the service's log.");
    }

    @Test
    void statementTheDatabaseRefusesAnswers500() {
        Exception failure = new BadSqlGrammarException("insert", "INSERT INTO orderz",
                new SQLSyntaxErrorException("Table 'orderz' doesn't exist", "42S02", 1146));

        assertThat(this.errors.failed(failure).getStatusCode()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
    }
}
