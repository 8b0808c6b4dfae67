#!/usr/bin/env bash
# The scale-out and fault test (crates/server/tests/scale.rs): three copies of the server on a
# PostgreSQL of its own and moto's S3 server, behind nginx, under load; one copy killed with SIGKILL
# and PostgreSQL restarted mid-load. Installs moto (PyPI) into ~/.cache on first use; needs nginx
# and PostgreSQL's server binaries (Debian packages nginx and postgresql).
# Usage: scripts/scale-test.sh SECONDS CLIENTS [--release]
set -euo pipefail
seconds="${1:?usage: scale-test.sh SECONDS CLIENTS [--release]}"
clients="${2:?usage: scale-test.sh SECONDS CLIENTS [--release]}"
profile="${3:-}"
venv="${SCALE_VENV:-$HOME/.cache/appraisal-portal/scale-venv}"

command -v nginx >/dev/null || { echo "nginx is required (apt-get install nginx)"; exit 1; }
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { echo "PostgreSQL's server binaries are required"; exit 1; }
if ! "$venv/bin/python" -c "import moto.server" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "moto[server]==5.2.5"
fi

SCALE_MOTO_PYTHON="$venv/bin/python" SCALE_SECONDS="$seconds" SCALE_CLIENTS="$clients" \
  cargo test --locked $profile --workspace --test scale -- --ignored --nocapture
