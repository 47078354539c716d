# Two commands on a fresh machine with Python 3.11+ and make:
#   make run   - set everything up and serve the app on its embedded SQLite database
#   make test  - set everything up and run lint and the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 5000
# Translations: the .po files are the source, kept in git; the .mo files the app reads are
# built from them here and git-ignored, so they can never disagree with what is committed.
TRANSLATIONS := scorekeeper/translations
CATALOGS := $(patsubst %.po,%.mo,$(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po))

.PHONY: run test suite lint bench clean translations catalogs pyodide phone

# What a phone downloads to run the engine (issue 54), built here, never by the server:
# the engine's zip, its words files, the standard library cut for it and its worker, at
# the addresses of their content's hash with their Brotli and gzip copies, and a manifest
# the server reads at its start (scorekeeper/web/offline/phone_build.py). Built again when
# anything it is made of changes: the engine and the pages, the templates they draw, the
# catalogues, the worker, the builder, Pyodide's standard library.
PHONE := build/phone/manifest.json
PHONE_SOURCES := $(shell find scorekeeper/engine scorekeeper/pages -name '*.py' 2>/dev/null) \
	scorekeeper/__init__.py scorekeeper/web/offline/phone_build.py scorekeeper/web/offline/phone_stdlib.py \
	scripts/build_phone_files.py static/phone-engine-worker.js \
	$(addprefix templates/,_sheet.html _sheet_bridge.html _hand_form.html _kept.html) \
	$(wildcard vendor/pyodide-*/python_stdlib.zip vendor/pyodide-*/python_stdlib.shed.zip)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

# Without the npm registry the app still serves every page; only the engine in the phone
# (issue 34) waits for a later `make pyodide`.
run: $(STAMP) $(CATALOGS)
	-$(BIN)/python scripts/fetch_pyodide.py
	$(MAKE) phone
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)

catalogs: $(CATALOGS)

# Run again by a new make after `make pyodide`, so that the library fetched is seen.
phone: $(PHONE)

$(PHONE): $(STAMP) $(CATALOGS) $(PHONE_SOURCES)
	$(BIN)/python scripts/build_phone_files.py build/phone

# The pinned Pyodide release the phone runs the engine in (issue 34), fetched from the npm
# registry by Python alone (no Node.js), its integrity checked, into the git-ignored
# vendor/ folder, each file beside its gzip and Brotli copies (the app's Python has the
# brotli wheel; issue 44), and the standard library without docstrings and comments, which
# the server cuts the phone's library from without parsing it; nothing to do when they
# are there (about 35 s when they are not: benchmarks/brotli_levels.py).
pyodide: $(STAMP)
	$(BIN)/python scripts/fetch_pyodide.py

%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile -i $< -o $@

# Re-extract every string (see babel.cfg), merge it into each language's .po file and
# rebuild the .mo files; then translate the new entries and run `make test`.
translations: $(STAMP)
	mkdir -p build
	$(BIN)/pybabel extract -F babel.cfg --no-wrap --add-location=file --sort-output \
		-o build/messages.pot .
	$(BIN)/pybabel update -i build/messages.pot -d $(TRANSLATIONS) --no-wrap \
		--ignore-obsolete --no-fuzzy-matching
	$(MAKE) catalogs

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# On one worker more than the cores (pytest-xdist): a browser test waits on Chromium, and
# the app conformance file took 556 s on 3 workers against 713 s on 2 on a 2-core machine
# (issue 46, benchmarks/suite_cost.py). A module's tests that share its live server stay on
# one worker, an app conformance game's on one (tests/support/scheduling.py), the rest go where a
# worker is free. The 30 slowest tests are listed, so that every run shows where the time
# goes. `make test TEST_WORKERS=2` runs on two.
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null) && echo $$((n + 1)) || echo auto)
# Compiled modules are written (an environment may say not to): every worker and every
# server or command line a test starts in its own process reads the app's compiled code
# rather than compiling it again.
# `make test` says at its end how long it took, set-up included, and the CPU it cost
# (scripts/timed.py, the standard library's: it runs before .venv is made).
test:
	@$(PYTHON) scripts/timed.py "make test" $(MAKE) --no-print-directory suite

suite: lint $(CATALOGS) pyodide
	$(MAKE) phone
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup --durations=30

bench: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	$(BIN)/python benchmarks/simulate.py

clean:
	rm -rf $(VENV) build vendor *.egg-info .pytest_cache .ruff_cache $(CATALOGS)
