# Two commands do all the set-up on a fresh Debian/Ubuntu machine:
#   make play   serve the game page at http://127.0.0.1:8000/
#   make test   run every test (unit tests and doctests in CPython, the strength lab's tools'
#               tests, end-to-end in headless Chromium), the formatter's and linter's checks
#               (ruff, pyproject.toml) and the type checker (mypy.ini)
# and, while working on the code:
#   make unit   the CPython tests but those marked slow (for speed only: the depth-4 perft,
#               some 6 s; `make test`, which CI runs, runs them), then ruff and mypy
PYTHON ?= python3
VENV := .venv
PORT ?= 8000

.PHONY: play test unit lint e2e bench site vendor chromium clean

play: vendor/.built
	@echo "Serving the games at http://127.0.0.1:$(PORT)/  (Ctrl-C to stop)"
	$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1

test: lint vendor/.built chromium
	$(VENV)/bin/python -m pytest --durations=30 tests lab/tests e2e
	$(VENV)/bin/python -m mypy

unit: lint
	$(VENV)/bin/python -m pytest tests lab/tests -m "not slow"
	$(VENV)/bin/python -m mypy

# The code's layout and the linter's rules (pyproject.toml; docs/design.md says why).
lint: $(VENV)/.installed
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .

e2e: $(VENV)/.installed vendor/.built chromium
	$(VENV)/bin/python -m pytest e2e

bench: $(VENV)/.installed vendor/.built chromium
	$(VENV)/bin/python -m scripts.bench

site: vendor/.built
	./scripts/build_site.sh site

$(VENV)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -r requirements-dev.txt
	touch $@

node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

# vendor/ holds the standard library the app's modules import (scripts/make_stdlib.mjs, which
# lists them with scripts/app_modules.py): rebuilt when they change.
vendor/.built: node_modules/.package-lock.json scripts/build_vendor.sh scripts/make_snapshot.mjs \
		scripts/make_pyscript_bytecode.mjs scripts/make_stdlib.mjs scripts/stdlib_subset.py \
		scripts/pyscript_sources.mjs scripts/app_modules.py $(shell find engine web -name '*.py')
	./scripts/build_vendor.sh

vendor: vendor/.built

chromium:
	./scripts/ensure_chromium.sh

clean:
	rm -rf vendor site node_modules $(VENV) e2e/screenshots .pytest_cache
