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
WEB_SOURCES := $(shell find webui/src webui/index.html webui/vite.config.ts plugins/*/web $(PLUGIN_WEB_DIRS) -type f 2>/dev/null)

.PHONY: run test test-python test-web install migrate makemigrations chromium bench clean FORCE

run: $(VENV)/.installed webui/dist/index.html
	$(PY) -m core migrate
	$(PY) -m core serve $(if $(HOST),--host $(HOST)) $(if $(PORT),--port $(PORT))

test: $(VENV)/.installed webui/dist/index.html chromium
	$(PY) -m pytest
	npm test

test-python: $(VENV)/.installed
	$(PY) -m pytest

test-web: node_modules/.installed
	npm test

install: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.lock pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.lock
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

# Browser tests drive Debian's chromium; installed here when missing and we are root.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Browser tests need Debian's chromium: run 'sudo apt-get install -y chromium' and try again." >&2; exit 1; fi; }

bench: $(VENV)/.installed
	$(PY) bench/auth_payload.py

clean:
	rm -rf $(VENV) node_modules webui/dist $(PLUGIN_BUNDLES)
