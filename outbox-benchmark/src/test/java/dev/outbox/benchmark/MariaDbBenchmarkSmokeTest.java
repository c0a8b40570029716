package dev.outbox.benchmark;

import dev.outbox.testing.TestDatabase;

class MariaDbBenchmarkSmokeTest extends ServerBenchmarkSmokeContract {

    @Override
    TestDatabase.Kind kind() {
        return TestDatabase.Kind.MARIADB;
    }
}
