# Hearth: `make run` serves everything on http://127.0.0.1:8000; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?=
PORT ?=
# Installed third-party plugins' web bundles ({id: path}), written by `python -m core plugins
# --web-bundles` before every build and read by webui/vite.config.ts; rewritten only when the set
# changes, so installing or removing such a plugin rebuilds the UI and nothing else does.
PLUGIN_BUNDLES := webui/plugin-bundles.json
PLUGIN_WEB_DIRS := $(shell sed -n 's/^ *"[^"]*": "\(.*\)\/index\.ts",\{0,1\}$$/\1/p' $(PLUGIN_BUNDLES) 2>/dev/null)
WEB_SOURCES := $(shell find webui/src webui/build webui/index.html webui/vite.config.ts plugins/*/web $(PLUGIN_WEB_DIRS) -type f 2>/dev/null)

# A test run starts about 170 Python processes (pytest's workers, `hearth serve`, `migrate`, the
# multi-process tests' workers). Where the environment says not to write bytecode (this project's
# CI machines do), each compiled every module it imported from source again: 1.1 s of the 2 s it
# takes to import the app. Compiled modules are kept in __pycache__ folders (ignored by git).
unexport PYTHONDONTWRITEBYTECODE

# Tests run in two passes at once (tests/parallel.py): most side by side in TEST_WORKERS processes,
# each with its own database and Redis database (tests/workers.py), and the `serial` ones, each alone
# in its process.
TEST_WORKERS ?= 3
PYTEST := $(PY) -m pytest
PARALLEL := -n $(TEST_WORKERS) --dist worksteal
# The serial tier waits more than it computes (restarts, outages, back-offs): two of its files run at
# once, each test alone in its process, beside the parallel pass (its tests pass on a busy machine).
SERIAL_WORKERS ?= 2
SERIAL := -n $(SERIAL_WORKERS) --dist loadfile
# The serial pass collects only the files that can hold serial tests (collecting all ~3,000 costs
# each of its processes 11 s); tests/parallel.py fails a run whose serial test is elsewhere.
SERIAL_PATHS = tests/faults $(shell grep -rl --include='test_*.py' 'mark\.serial' tests)
# `make test-fast`: everything but the browser, fault and fuzz tiers.
FAST := not e2e and not faults and not fuzz
# Runs a step and prints how long it took: `$(call timed,name,command)`.
timed = @started=$$(date +%s); $(2); status=$$?; echo "== $(1): $$(( $$(date +%s) - started )) s"; exit $$status

.PHONY: run test test-fast typecheck-then-web test-python test-python-passes test-python-parallel test-python-serial test-web lint typecheck screenshots install migrate makemigrations test-packages bench clean FORCE

run: $(VENV)/.installed webui/dist/index.html
	$(PY) -m core migrate
	$(PY) -m core serve $(if $(HOST),--host $(HOST)) $(if $(PORT),--port $(PORT))

# After the lint, everything at once (each step's output printed whole when it ends): tsc then vitest
# from the start, and the parallel and serial passes (the serial pass mostly waits: in a pass after
# the other it left a core idle for minutes) once the run's database is migrated, which uses one
# core for a few seconds. Every test process starts from a copy of it (tests/workers.py): on
# PostgreSQL the run's database, the template of every worker's (it cannot be copied while a
# migration is connected to it); with SQLite, a file. The passes' make shares the three jobs (and
# the output sync) of the one above it.
ALL_AT_ONCE = $(MAKE) --no-print-directory -j3 --output-sync=target typecheck-then-web test-python-passes
test-python-passes: $(VENV)/.installed
	@template=$$($(PY) -m tests.workers) && \
	env $$template $(MAKE) --no-print-directory test-python-parallel test-python-serial
test: $(VENV)/.installed webui/dist/index.html test-packages
	@started=$$(date +%s); \
	$(MAKE) --no-print-directory lint && \
	$(ALL_AT_ONCE) && \
	echo "== make test: passed in $$(( $$(date +%s) - started )) s"

typecheck-then-web: typecheck
	@$(MAKE) --no-print-directory test-web

test-fast: $(VENV)/.installed node_modules/.installed
	@started=$$(date +%s); \
	$(MAKE) --no-print-directory lint && \
	$(ALL_AT_ONCE) MARKS="$(FAST)" && \
	echo "== make test-fast: passed in $$(( $$(date +%s) - started )) s"

# MARKS narrows both passes (a pytest -m expression); PYTEST_ARGS adds to them.
test-python: test-python-parallel test-python-serial

test-python-parallel: $(VENV)/.installed
	$(call timed,pytest in parallel,$(PYTEST) $(PARALLEL) -m "not serial$(if $(MARKS), and ($(MARKS)))" $(PYTEST_ARGS))

test-python-serial: $(VENV)/.installed
	$(call timed,pytest serial,$(PYTEST) $(SERIAL) -m "serial$(if $(MARKS), and ($(MARKS)))" $(if $(PYTEST_ARGS),$(PYTEST_ARGS),$(SERIAL_PATHS)))

test-web: node_modules/.installed
	$(call timed,vitest,npm test --silent -- --reporter=dot)

lint: $(VENV)/.installed
	$(call timed,ruff,$(VENV)/bin/ruff check . && $(VENV)/bin/ruff format --check .)

typecheck: node_modules/.installed
	$(call timed,tsc,npm run --silent typecheck)

# Pictures of the screens the browser tests visit, in test-results/ (tests take them only here).
screenshots: $(VENV)/.installed webui/dist/index.html test-packages
	HEARTH_SCREENSHOTS=1 $(PYTEST) $(PARALLEL) -m e2e

install: $(VENV)/.installed node_modules/.installed

# uv installs the locked packages in seconds where pip took 45 (README, design notes); the venv is
# an ordinary one, so pip keeps working in it.
$(VENV)/.installed: requirements.lock pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check 'uv==0.13.9'
	$(VENV)/bin/uv pip install -q --python $(PY) -r requirements.lock
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

webui/dist/index.html: node_modules/.installed $(WEB_SOURCES) $(PLUGIN_BUNDLES)
	npm run build

$(PLUGIN_BUNDLES): $(VENV)/.installed FORCE
	$(PY) -m core plugins --web-bundles $@

FORCE:

migrate: $(VENV)/.installed
	$(PY) -m core migrate

# After changing models: new migration files (all apps, or `make makemigrations APPS="messages inbox"`).
# Tortoise 1.1's autodetector also proposes primary-key changes that are not real: read the new
# file and keep only the operations your change made.
makemigrations: $(VENV)/.installed
	$(PY) -m core.makemigrations $(APPS)

# Browser tests drive Debian's chromium, most of them its headless shell (tests/e2e/conftest.py); the
# proxy and metrics tests start Debian's nginx, caddy and prometheus (tests/examples/proxy,
# tests/core/metrics). Installed here when missing and we are root.
TEST_PACKAGES := chromium chromium-headless-shell nginx caddy prometheus
test-packages:
	@missing=""; for p in $(TEST_PACKAGES); do \
	  command -v $$p >/dev/null 2>&1 || [ -x /usr/sbin/$$p ] || missing="$$missing $$p"; done; \
	[ -z "$$missing" ] || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "The tests need Debian's$$missing: run 'sudo apt-get install -y$$missing' and try again." >&2; exit 1; fi; }

bench: $(VENV)/.installed
	$(PY) bench/auth_payload.py

clean:
	rm -rf $(VENV) node_modules webui/dist $(PLUGIN_BUNDLES)
