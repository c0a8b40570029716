package dev.outbox.benchmark;

import dev.outbox.testing.TestDatabase;

class PostgresBenchmarkSmokeTest extends ServerBenchmarkSmokeContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.POSTGRESQL;
    }
}
