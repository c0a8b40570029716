#!/usr/bin/env python3
#
# SPDX-FileCopyrightText: 2026 the Outbox authors
# SPDX-License-Identifier: Apache-2.0
#

"""Where phase W's writer threads spend their time, from a JFR recording of a W run.

Usage: jfr_writer_split.py RECORDING.jfr (with `jfr` on the PATH).

On-CPU samples (jdk.ExecutionSample) of the untraced outbox transactions and of the baselines' are given
to the first frame from the top that is not the JDK's, by package; waiting samples (jdk.NativeMethodSample,
a writer blocked in a socket read for the server's answer) to the step of the transaction it waits in.
"""

import json
import re
import subprocess
import sys
from collections import Counter

WRITER = re.compile(r"pool-\d+-thread-\d+$")
OUTBOX_TRANSACTION = "dev/outbox/benchmark/OrderTransaction"
BASELINE_TRANSACTION = "dev/outbox/benchmark/WritePhase$Variant"

PACKAGES = [
    ("dev/outbox/benchmark", "benchmark (business row, payload, load loop)"),
    ("dev/outbox", "dev.outbox (library)"),
    ("org/springframework/transaction", "Spring transaction stack"),
    ("org/springframework/jdbc/datasource", "Spring transaction stack"),
    ("org/springframework", "Spring JdbcTemplate and other"),
    ("com/zaxxer/hikari", "HikariCP"),
    ("org/mariadb", "JDBC driver"),
    ("org/postgresql", "JDBC driver"),
    ("io/micrometer", "Micrometer"),
]

STEPS = [
    ("doCommit", "commit"),
    ("dev/outbox/internal", "the library's insert"),
    ("doBegin", "begin (auto-commit off)"),
    ("doCleanupAfterCompletion", "after completion (auto-commit on)"),
    ("JdbcTemplate", "other statements (business row, baselines' inserts)"),
]


def events(recording, event):
    printed = subprocess.run(["jfr", "print", "--json", "--stack-depth", "200", "--events", event, recording],
                             check=True, capture_output=True, text=True).stdout
    for value in (e["values"] for e in json.loads(printed)["recording"]["events"]):
        if WRITER.match(value["sampledThread"]["javaName"]):
            yield [(f["method"]["type"]["name"].replace(".", "/"), f["method"]["name"])
                   for f in value["stackTrace"]["frames"]]


def owner(frames):
    for type_name, _ in frames:
        type_name = re.sub(r"\$\$Lambda.*", "", type_name)
        for prefix, name in PACKAGES:
            if type_name.startswith(prefix):
                return name
        if not re.match(r"(java|javax|jdk|sun|com/sun)/", type_name):
            return "other"
    return "JDK"


def table(title, counts):
    total = sum(counts.values())
    print(f"\n{title} ({total} samples)\n\n| where | share |\n|---|---|")
    for name, count in counts.most_common():
        print(f"| {name} | {100 * count / total:.1f}% |")


def main(recording):
    outbox, baselines, waits = Counter(), Counter(), Counter()
    for frames in events(recording, "jdk.ExecutionSample"):
        types = [t for t, _ in frames]
        if any("TracedWrites" in t for t in types):
            continue
        if any(t.startswith(OUTBOX_TRANSACTION) for t in types):
            outbox[owner(frames)] += 1
        elif any(t.startswith(BASELINE_TRANSACTION) for t in types):
            baselines[owner(frames)] += 1
    for frames in events(recording, "jdk.NativeMethodSample"):
        names = [f"{t}.{m}" for t, m in frames]
        waits[next((step for marker, step in STEPS if any(marker in n for n in names)), "other")] += 1
    table("On CPU, outbox transactions (untraced)", outbox)
    table("On CPU, baseline and lean transactions (untraced)", baselines)
    table("Waiting for the server, every writer", waits)


if __name__ == "__main__":
    main(sys.argv[1])
