# The two commands of the README: `make run` and `make test`. Everything else supports them.
SHELL := /bin/bash
CARGO_TARGET_DIR ?= $(CURDIR)/target
export CARGO_TARGET_DIR
BIN := $(CARGO_TARGET_DIR)/debug/appraisal-portal
RELEASE_BIN := $(CARGO_TARGET_DIR)/release/appraisal-portal
WEB := web

STAGE := scripts/stage.sh

# The test build compiles the workspace's own crates with clippy as their compiler
# (RUSTC_WORKSPACE_WRAPPER; warnings fail), so linting needs no build of its own, and every later
# step of `make test` reuses that one build: each cargo call there selects the same packages and
# targets, so nothing is compiled twice with other features.
CLIPPY_DRIVER = $(shell rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
LINTED = RUSTC_WORKSPACE_WRAPPER="$(CLIPPY_DRIVER)" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

.PHONY: stages-reset tests-build lint-sources bench scale-test test-scale run test build web-deps web-build server server-release release api-types check-api-types \
        test-server test-web test-size test-fuzz test-e2e lint clean lighthouse

## Build everything and serve the portal with demo data on ./data/portal.db (SQLite).
run: build
	$(BIN) serve --demo

## Every test: server (SQLite, and PostgreSQL when PORTAL_TEST_POSTGRES_URL is set), web unit
## tests, API types freshness, the first screen's size budget, and browser tests against the real server.
## Each stage's time is printed as it ends and all of them at the end.
test: stages-reset lint check-api-types test-server test-web test-size test-fuzz test-scale test-e2e
	@$(STAGE) summary

stages-reset:
	@$(STAGE) reset

build: web-build server

web-deps: $(WEB)/node_modules/.package-lock.json

$(WEB)/node_modules/.package-lock.json: $(WEB)/package.json $(WEB)/package-lock.json
	@$(STAGE) start web-deps
	cd $(WEB) && npm ci --no-audit --no-fund --prefer-offline
	@touch $@
	@$(STAGE) end web-deps

web-build: web-deps
	@$(STAGE) start web-build
	cd $(WEB) && npm run build
	@$(STAGE) end web-build

server:
	@$(STAGE) start server
	cargo build --locked -p appraisal-portal
	@$(STAGE) end server

server-release: web-build
	cargo build --locked --release -p appraisal-portal

## An optimised binary with the web app inside: target/release/appraisal-portal.
release: server-release

## Regenerate web/openapi.json and the web app's API types from the server's handlers.
api-types: server web-deps
	$(BIN) openapi > $(WEB)/openapi.json
	cd $(WEB) && npm run --silent gen:api

## Fails when the committed API document or types differ from what the server generates.
check-api-types: tests-build web-deps
	@$(STAGE) start check-api-types
	@tmp=$$(mktemp -d); \
	$(BIN) openapi > $$tmp/openapi.json; \
	(cd $(WEB) && npx --no-install openapi-typescript $$tmp/openapi.json -o $$tmp/api-schema.d.ts >/dev/null && node scripts/gen-enums.mjs $$tmp/openapi.json $$tmp/api-enums.ts); \
	if ! diff -q $$tmp/openapi.json $(WEB)/openapi.json >/dev/null || ! diff -q $$tmp/api-schema.d.ts $(WEB)/src/lib/api-schema.d.ts >/dev/null \
	  || ! diff -q $$tmp/api-enums.ts $(WEB)/src/lib/api-enums.ts >/dev/null; then \
	  echo "API types are stale: run 'make api-types' and commit web/openapi.json, web/src/lib/api-schema.d.ts and api-enums.ts"; rm -rf $$tmp; exit 1; \
	fi; rm -rf $$tmp; echo "API types are up to date."
	@$(STAGE) end check-api-types

## Formatting and lint, first: rustfmt, Prettier on the web app, and ESLint (TypeScript, React hooks,
## one-way imports app -> features -> components -> lib, no import cycles), then clippy (warnings
## fail) as the test build compiles.
lint: lint-sources tests-build

lint-sources: web-deps
	@$(STAGE) start lint-sources
	cargo fmt --all --check
	scripts/long-lines.sh
	cd $(WEB) && npm run --silent lint
	cd $(WEB) && npm run --silent format:check
	@$(STAGE) end lint-sources

## Every crate, binary and test of the workspace, linted by clippy as it compiles; the built web app
## first, as the server embeds it.
tests-build: web-build
	@$(STAGE) start tests-build
	@test -n "$(CLIPPY_DRIVER)" || { echo "clippy is needed (rustup component add clippy)"; exit 1; }
	$(LINTED) cargo test --locked --workspace --all-targets --no-run
	@$(STAGE) end tests-build

# Most server tests wait on their database (each makes a fresh one), so more of them run at once
# than there are cores.
test-server: tests-build
	@$(STAGE) start test-server
	$(LINTED) cargo test --locked --workspace --all-targets --no-fail-fast -- --test-threads=8
	@$(STAGE) end test-server

## Fuzzes the API from its OpenAPI document (schemathesis, from PyPI): no 5xx, no dropped connection.
test-fuzz: tests-build
	@$(STAGE) start test-fuzz
	scripts/api-fuzz.sh $(BIN) 45
	@$(STAGE) end test-fuzz

test-web: web-deps
	@$(STAGE) start test-web
	cd $(WEB) && npm run typecheck && npm test
	@$(STAGE) end test-web

## The sign-in page's JS and CSS (what index.html loads at once) stay within 120 KB brotli-compressed.
test-size: web-build
	@$(STAGE) start test-size
	cd $(WEB) && npm run --silent size-budget
	@$(STAGE) end test-size

test-e2e: tests-build
	@$(STAGE) start test-e2e
	cd $(WEB) && PORTAL_BIN=$(BIN) npm run e2e
	@$(STAGE) end test-e2e

clean:
	rm -rf $(WEB)/dist $(WEB)/node_modules

## Benchmarks (release build): the dashboard at a million orders on SQLite and the local PostgreSQL;
## reading a 15 MB UAD 3.6 data file.
BENCH_ORDERS ?= 1000000
BENCH_POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/postgres
bench:
	cargo build --locked --release -p appraisal-portal -p portal-bench
	$(CARGO_TARGET_DIR)/release/dashboard-bench --orders $(BENCH_ORDERS) --postgres $(BENCH_POSTGRES_URL)
	$(CARGO_TARGET_DIR)/release/uad-bench
	$(CARGO_TARGET_DIR)/release/ranking-bench --orders $(BENCH_ORDERS) --postgres $(BENCH_POSTGRES_URL)

## Lighthouse performance scores, desktop and mobile, of the sign-in page, a signed-out dashboard
## link and the signed-in dashboard, in the system's Chromium (not part of `make test`: the scores
## move with the machine's load).
lighthouse: web-build
	cargo build --locked -p appraisal-portal
	cd $(WEB) && PORTAL_BIN=$(BIN) node scripts/lighthouse.mjs

## Scale-out and faults (docs/operations.md): three release copies on PostgreSQL and S3 (moto) behind
## nginx, 64 clients for 60 s, one copy killed with SIGKILL and PostgreSQL restarted mid-load.
scale-test:
	SCALE_EVENTS=10000 SCALE_WEBHOOK_P95_SECONDS=2 scripts/scale-test.sh 60 64 --release

## The same, short: the debug build, 16 clients for 20 s.
test-scale: tests-build
	@$(STAGE) start test-scale
	SCALE_EVENTS=2000 $(LINTED) scripts/scale-test.sh 20 16
	@$(STAGE) end test-scale
