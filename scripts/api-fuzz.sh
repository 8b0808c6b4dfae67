#!/usr/bin/env bash
# Fuzzes the API from its own OpenAPI document with schemathesis, every check on: the real server
# with demo data on a fresh SQLite database; first the public API from its document with a key of
# the demo client, then the web app's API signed in as an appraiser, a client user and staff. Passes
# only when no answer is a 5xx, no connection is dropped and every answer is one the document
# describes. Usage: scripts/api-fuzz.sh BINARY [SECONDS_PER_ROLE]
set -euo pipefail
bin="${1:?usage: api-fuzz.sh BINARY [SECONDS_PER_ROLE]}"
seconds="${2:-45}"
# Python 3.12 where there is one: on 3.11, hypothesis sometimes fails inside CPython's ast module
# ("AST constructor recursion depth mismatch") while describing a strategy, which ends the run.
python=python3
for candidate in python3.12 "$(pyenv root 2>/dev/null)"/versions/3.12*/bin/python3.12; do
  if "$candidate" -c 'import sys' 2>/dev/null; then python="$candidate"; break; fi
done
venv="${FUZZ_VENV:-$HOME/.cache/appraisal-portal/fuzz-venv-$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')}"
port="${FUZZ_PORT:-18181}"
base="http://127.0.0.1:$port"

if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q 4.32.5; then
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check schemathesis==4.32.5
fi

work="$(mktemp -d)"
PORTAL_BIND="127.0.0.1:$port" PORTAL_DATABASE_URL="sqlite://$work/portal.db?mode=rwc" PORTAL_STORAGE_URL="$work/files" \
  PORTAL_LOGIN_FAILURES_PER_ADDRESS=100000 PORTAL_API_REQUESTS_PER_MINUTE=1000000 RUST_LOG=warn "$bin" serve --demo >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 120); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.5; done

# Signs in through verification (the code comes from the demo mailbox, open to this machine) and
# prints the session cookie and the CSRF token as two header lines for schemathesis.
sign_in() {
  "$venv/bin/python" - "$base" "$1" <<'PY'
import re, sys, requests
base, user = sys.argv[1], sys.argv[2]
email = f"{user}@appraisalportal.example"
s = requests.Session()
s.get(f"{base}/api/auth/csrf")
csrf = lambda: {"X-XSRF-TOKEN": s.cookies.get("XSRF-TOKEN")}
answer = s.post(f"{base}/api/auth/login", json={"username": user, "password": "Demo!Password2026"}, headers=csrf()).json()
if "verificationToken" in answer:
    token = answer["verificationToken"]
    assert s.post(f"{base}/api/auth/send-code", json={"token": token, "emailAddress": email}, headers=csrf()).json()["ok"]
    mail = next(m for m in s.get(f"{base}/api/dev/outbox").json() if m["recipient"] == email)
    code = re.search(r"code is (\d{6})", mail["body"]).group(1)
    assert s.post(f"{base}/api/auth/verify-code", json={"token": token, "code": code}, headers=csrf()).json()["ok"]
print(f"Cookie: portal_session={s.cookies.get('portal_session')}; XSRF-TOKEN={s.cookies.get('XSRF-TOKEN')}")
print(f"X-XSRF-TOKEN: {s.cookies.get('XSRF-TOKEN')}")
PY
}

status=0
# The public API first (the staff run may revoke keys it guesses the ids of), with a key of the
# demo client, against its own document, with every check schemathesis has: a public API's
# document must be exact.
key="$("$venv/bin/python" - "$base" <<'PY'
import sys, requests
base = sys.argv[1]
s = requests.Session()
s.get(f"{base}/api/auth/csrf")
csrf = lambda: {"X-XSRF-TOKEN": s.cookies.get("XSRF-TOKEN")}
answer = s.post(f"{base}/api/auth/login", json={"username": "demo.client", "password": "Demo!Password2026"}, headers=csrf()).json()
if "verificationToken" in answer:
    import re
    token, email = answer["verificationToken"], "demo.client@appraisalportal.example"
    assert s.post(f"{base}/api/auth/send-code", json={"token": token, "emailAddress": email}, headers=csrf()).json()["ok"]
    mail = next(m for m in s.get(f"{base}/api/dev/outbox").json() if m["recipient"] == email)
    code = re.search(r"code is (\d{6})", mail["body"]).group(1)
    assert s.post(f"{base}/api/auth/verify-code", json={"token": token, "code": code}, headers=csrf()).json()["ok"]
print(s.post(f"{base}/api/client/api-keys", json={"name": "fuzz"}, headers=csrf()).json()["key"])
PY
)"
echo "== fuzzing the public API with a key of the demo client for ${seconds}s (all checks)"
"$venv/bin/schemathesis" --config-file "$(dirname "$0")/schemathesis-public-api.toml" run "$base/api/v1/openapi.json" --url "$base" \
  --checks all --max-time "$seconds" --workers 2 --request-timeout 20 \
  -H "Authorization: Bearer $key" --warnings off || status=1

# The web app's API as each kind of user, against its own document, with every check schemathesis
# has: the document must say what the server answers. The appraiser first and staff last: the staff
# run may deactivate an appraiser or revoke a key it guesses the id of. What is left out, and why, is
# in schemathesis-web-api.toml.
for user in demo.appraiser demo.client demo.staff; do
  mapfile -t headers < <(sign_in "$user")
  signed_in() { curl -fs -o /dev/null -H "${headers[0]}" "$base/api/auth/logged-in"; }
  signed_in || { echo "could not sign in as $user"; exit 1; }
  echo "== fuzzing the API as $user for ${seconds}s (all checks)"
  "$venv/bin/schemathesis" --config-file "$(dirname "$0")/schemathesis-web-api.toml" run "$base/api/openapi.json" --url "$base" \
    --checks all --max-time "$seconds" --workers 2 --request-timeout 20 \
    -H "${headers[0]}" -H "${headers[1]}" --warnings off || status=1
  # A run whose session ended early would have fuzzed the sign-in wall only.
  signed_in && echo "== $user was signed in throughout" || echo "== note: the fuzz run ended the session of $user"
done
if grep -q "panicked" "$work/server.log"; then
  echo "the server panicked during the fuzz run:"; grep -A3 panicked "$work/server.log" | head -40; status=1
fi
exit $status
