/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.retry;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RetryPoliciesTest {

    private final RetryPolicy defaultPolicy = new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1), 0.0,
            5);

    private final RetryPolicy paymentPolicy = new RetryPolicy(Duration.ofSeconds(10), 3.0, Duration.ofHours(1), 0.0,
            20);

    @Test
    void aTypeWithItsOwnPolicyGetsIt() {
        RetryPolicies policies = new RetryPolicies(this.defaultPolicy, Map.of("payment.captured", this.paymentPolicy),
                null);

        assertThat(policies.forType("payment.captured")).isSameAs(this.paymentPolicy);
    }

    @Test
    void aTypeWithoutItsOwnPolicyGetsTheDefault() {
        RetryPolicies policies = new RetryPolicies(this.defaultPolicy, Map.of("payment.captured", this.paymentPolicy),
                null);

        assertThat(policies.forType("order.created")).isSameAs(this.defaultPolicy);
        assertThat(policies.forType("Payment.Captured")).as("types are case-sensitive").isSameAs(this.defaultPolicy);
    }

    @Test
    void laterChangesToThePassedMapDoNotChangeThePolicies() {
        Map<String, RetryPolicy> byType = new HashMap<>();
        RetryPolicies policies = new RetryPolicies(this.defaultPolicy, byType, null);
        byType.put("order.created", this.paymentPolicy);

        assertThat(policies.forType("order.created")).isSameAs(this.defaultPolicy);
    }

    @Test
    void defaultsUseTheDefaultPolicyForEveryTypeAndNoSlowRetry() {
        RetryPolicies defaults = RetryPolicies.defaults();

        assertThat(defaults.forType("anything")).isEqualTo(RetryPolicy.defaults());
        assertThat(defaults.failedRetryInterval()).isEmpty();
    }

    @Test
    void slowRetryIsOffWithoutAnInterval() {
        assertThat(new RetryPolicies(this.defaultPolicy, Map.of(), null).failedRetryInterval()).isEmpty();
    }

    @Test
    void slowRetryIntervalIsKept() {
        RetryPolicies policies = new RetryPolicies(this.defaultPolicy, Map.of(), Duration.ofHours(6));

        assertThat(policies.failedRetryInterval()).contains(Duration.ofHours(6));
    }

    @Test
    void rejectsAZeroFailedRetryIntervalNamingTheSetting() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new RetryPolicies(this.defaultPolicy, Map.of(), Duration.ZERO))
                .withMessageContaining("retry failed-retry-interval must be positive");
    }

    @Test
    void rejectsANegativeFailedRetryIntervalNamingTheSetting() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new RetryPolicies(this.defaultPolicy, Map.of(), Duration.ofMinutes(-1)))
                .withMessageContaining("retry failed-retry-interval must be positive")
                .withMessageContaining("PT-1M");
    }
}
