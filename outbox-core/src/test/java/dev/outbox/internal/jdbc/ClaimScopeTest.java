/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.internal.jdbc;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClaimScopeTest {

    private final ClaimScope base = ClaimScope.allExcept(List.of("jobs"));

    @Test
    void typesSwitchedToPullAreLeftAloneOnTopOfWhatTheScopeLeavesAlready() {
        assertThat(this.base.alsoWithout(Set.of())).containsSame(this.base);
        assertThat(this.base.alsoWithout(Set.of("order.created")))
                .contains(this.base.withoutTypes(List.of("order.created")));
        assertThat(this.base.withoutTypes(List.of("mail.requested")).alsoWithout(Set.of("order.created")))
                .contains(this.base.withoutTypes(List.of("mail.requested", "order.created")));
    }

    @Test
    void aScopeOfOnlySomeTypesLosesTheSwitchedOnesAndIsEmptyWhenNoneIsLeft() {
        ClaimScope only = this.base.onlyTypes(List.of("mail.requested", "order.created"));

        assertThat(only.alsoWithout(Set.of("order.created"))).contains(this.base.onlyTypes(List.of("mail.requested")));
        assertThat(only.alsoWithout(Set.of("order.created", "mail.requested"))).isEmpty();
    }
}
