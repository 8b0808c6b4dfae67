#!/usr/bin/env bash
# Checks that no line of a Rust file under crates/ is longer than 100 columns (characters, not
# bytes): prints `file:line: N columns` for each longer line and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - <<'PY'
import os
import sys

LIMIT = 100
found = 0
for root, dirs, files in os.walk("crates"):
    dirs.sort()
    for name in sorted(files):
        if not name.endswith(".rs"):
            continue
        path = os.path.join(root, name)
        with open(path, encoding="utf-8", newline="") as source:
            lines = source.read().split("\n")
        for number, line in enumerate(lines, 1):
            columns = len(line.rstrip("\r"))
            if columns > LIMIT:
                print(f"{path}:{number}: {columns} columns")
                found += 1
sys.exit(1 if found else 0)
PY
