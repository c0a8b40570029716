/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MissingServerTest {

    @Test
    void aServerIsRequiredWhenTheSettingNamesItOrAll() {
        assertThat(MissingServer.required("mariadb, PostgreS ,rabbitmq", "postgres")).isTrue();
        assertThat(MissingServer.required("all", "browser")).isTrue();
        assertThat(MissingServer.required("mariadb", "rabbitmq")).isFalse();
        assertThat(MissingServer.required("", "mariadb")).isFalse();
        assertThat(MissingServer.required(null, "mariadb")).isFalse();
    }
}
