/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines removed from and added to an API listing, in the manner of a unified diff: "-" before a
 * removed line, "+" before an added one. A change that starts at a member, an indented line, is
 * preceded by the line of the member's type, marked with a space, so the reader knows whose it is.
 */
public final class ApiListingDiff {

    private ApiListingDiff() {
    }

    /**
     * @param before the listing as it was
     * @param after the listing as it is
     * @return the changed lines in listing order, with the types of changed members; empty when the listings are equal
     */
    public static List<String> of(List<String> before, List<String> after) {
        int common = 0;
        while (common < before.size() && common < after.size() && before.get(common).equals(after.get(common))) {
            common++;
        }
        int end = 0;
        while (end < before.size() - common && end < after.size() - common
                && before.get(before.size() - 1 - end).equals(after.get(after.size() - 1 - end))) {
            end++;
        }
        // Only the middle, between the lines both listings start and end with, needs comparing line by line.
        List<String> middleBefore = before.subList(common, before.size() - end);
        List<String> middleAfter = after.subList(common, after.size() - end);
        int[][] longestCommon = longestCommonTails(middleBefore, middleAfter);

        List<String> changes = new ArrayList<>();
        String type = lastTypeLine(before.subList(0, common));
        boolean inChange = false;
        int i = 0;
        int j = 0;
        while (i < middleBefore.size() || j < middleAfter.size()) {
            if (i < middleBefore.size() && j < middleAfter.size() && middleBefore.get(i).equals(middleAfter.get(j))) {
                type = typeLineOr(type, middleBefore.get(i));
                inChange = false;
                i++;
                j++;
                continue;
            }
            boolean removal = j == middleAfter.size()
                    || i < middleBefore.size() && longestCommon[i + 1][j] >= longestCommon[i][j + 1];
            String line = removal ? middleBefore.get(i++) : middleAfter.get(j++);
            if (!inChange && type != null && line.startsWith(" ")) {
                changes.add(" " + type);
            }
            inChange = true;
            changes.add((removal ? "-" : "+") + line);
            type = typeLineOr(type, line);
        }
        return changes;
    }

    /** Entry [i][j] is the length of the longest common subsequence of a from i on and b from j on. */
    private static int[][] longestCommonTails(List<String> a, List<String> b) {
        int[][] lengths = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lengths[i][j] = a.get(i).equals(b.get(j))
                        ? lengths[i + 1][j + 1] + 1
                        : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
            }
        }
        return lengths;
    }

    private static String lastTypeLine(List<String> lines) {
        String type = null;
        for (String line : lines) {
            type = typeLineOr(type, line);
        }
        return type;
    }

    private static String typeLineOr(String type, String line) {
        return isTypeLine(line) ? line : type;
    }

    /** A type's line is neither indented, like its members, nor blank, nor a "#" comment. */
    private static boolean isTypeLine(String line) {
        return !line.isBlank() && !line.startsWith(" ") && !line.startsWith("#");
    }
}
