/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ApiListingDiffTest {

    private static final List<String> BEFORE = List.of(
            "# header",
            "",
            "public class a.A",
            "    public void kept()",
            "    public void removed()",
            "",
            "public class a.B",
            "    public int changed()",
            "    public void kept()");

    @Test
    void equalListingsHaveNoChanges() {
        assertThat(ApiListingDiff.of(BEFORE, BEFORE)).isEmpty();
    }

    @Test
    void aChangedMemberIsShownUnderItsType() {
        List<String> after = List.of(
                "# header",
                "",
                "public class a.A",
                "    public void kept()",
                "",
                "public class a.B",
                "    public long changed()",
                "    public void kept()",
                "    public void added()");

        assertThat(ApiListingDiff.of(BEFORE, after)).containsExactly(
                " public class a.A",
                "-    public void removed()",
                " public class a.B",
                "-    public int changed()",
                "+    public long changed()",
                " public class a.B",
                "+    public void added()");
    }

    @Test
    void aNewTypeIsShownWhole() {
        List<String> after = new ArrayList<>(BEFORE);
        after.addAll(List.of("", "public interface a.C", "    public void run()"));

        assertThat(ApiListingDiff.of(BEFORE, after)).containsExactly(
                "+",
                "+public interface a.C",
                "+    public void run()");
    }
}
