/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * A data source whose connections count what they execute. It sits under the connection pool, so
 * that the pool's own commits and rollbacks are counted as well.
 */
final class CountingDataSource extends DelegatingDataSource {

    private final StatementCounter counter;

    CountingDataSource(DataSource target, StatementCounter counter) {
        super(target);
        this.counter = counter;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return counting(obtainTargetDataSource().getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return counting(obtainTargetDataSource().getConnection(username, password));
    }

    private Connection counting(Connection connection) {
        return proxy(Connection.class, connection, (method, result, nanos) -> {
            String name = method.getName();
            if (name.equals("commit") || name.equals("rollback")) {
                this.counter.transactionEnded(nanos);
            }
            if (result instanceof Statement statement) {
                return countingStatement(statement);
            }
            return result;
        });
    }

    private Statement countingStatement(Statement statement) {
        Class<? extends Statement> type = statementInterface(statement);
        int[] batched = new int[1];
        return proxy(type, statement, (method, result, nanos) -> {
            String name = method.getName();
            if (name.equals("addBatch")) {
                batched[0]++;
            }
            else if (name.equals("executeBatch") || name.equals("executeLargeBatch")) {
                this.counter.executed(Math.max(batched[0], 1), nanos);
                batched[0] = 0;
            }
            else if (name.startsWith("execute")) {
                this.counter.executed(1, nanos);
            }
            return result;
        });
    }

    private static Class<? extends Statement> statementInterface(Statement statement) {
        if (statement instanceof java.sql.CallableStatement) {
            return java.sql.CallableStatement.class;
        }
        if (statement instanceof java.sql.PreparedStatement) {
            return java.sql.PreparedStatement.class;
        }
        return Statement.class;
    }

    private static <T> T proxy(Class<T> type, Object target, AfterCall afterCall) {
        InvocationHandler handler = (proxy, method, arguments) -> {
            if (method.getName().equals("unwrap") || method.getName().equals("isWrapperFor")) {
                return method.invoke(target, arguments);
            }
            try {
                long started = System.nanoTime();
                Object result = method.invoke(target, arguments);
                return afterCall.apply(method, result, System.nanoTime() - started);
            }
            catch (InvocationTargetException ex) {
                throw ex.getCause();
            }
        };
        return type.cast(Proxy.newProxyInstance(CountingDataSource.class.getClassLoader(), new Class<?>[] { type },
                handler));
    }

    /** Sees each call's result and duration after the target returned, and may replace the result. */
    @FunctionalInterface
    private interface AfterCall {

        Object apply(Method method, Object result, long nanos) throws Throwable;
    }
}
