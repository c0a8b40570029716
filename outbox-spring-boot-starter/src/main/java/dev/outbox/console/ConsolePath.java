/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.console;

import java.util.regex.Pattern;

/**
 * Checks {@code outbox.console.path}: an absolute path of plain segments, without a trailing slash.
 */
final class ConsolePath {

    private static final Pattern PATH = Pattern.compile("(/[A-Za-z0-9._~-]+)+");

    private ConsolePath() {
    }

    static String of(String path) {
        if (path == null || !PATH.matcher(path).matches()) {
            throw new IllegalStateException("outbox.console.path is '" + path + "': it must be an absolute path of "
                    + "letters, digits, '.', '_', '~' and '-' segments, such as /outbox-console, without a trailing "
                    + "slash");
        }
        return path;
    }
}
