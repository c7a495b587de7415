# The two commands of the README: `make serve` and `make test`.
# Each installs what it needs (virtual environment, npm packages, Debian
# packages) on a bare Debian machine, then reuses it.

SHELL := /bin/bash
# Material's banner about MkDocs 2.0 on every command: the exit plan is decisions/0002-sortir-de-material.md.
export NO_MKDOCS_2_WARNING := 1
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP_FLAGS := --quiet --disable-pip-version-check
TRAVAILLEURS := $(shell echo $$(( $$(nproc) + 1 )))
# Debian packages: Chromium (its headless build for the browser tests, the whole one for the
# benchmarks); pango, harfbuzz-subset and the
# DejaVu fonts for WeasyPrint (PDF, `make build` too); poppler-utils for pdftoppm and
# pdftotext (PDF pages as PNG, their text); python3-grammalecte for the French checker
# of the suite (tests/site/test_francais.py, run by the system's python3).
DEBIAN_PACKAGES := chromium chromium-headless-shell poppler-utils libpango-1.0-0 libpangoft2-1.0-0 \
	libharfbuzz0b libharfbuzz-subset0 fonts-dejavu-core python3-grammalecte

.PHONY: serve test build bench lint debian-packages properdocs

serve: $(VENV)/.installed node_modules/.installed debian-packages
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

test: $(VENV)/.installed node_modules/.installed debian-packages
	$(BIN)/ruff check rules_py site_plugins tests benchmarks conftest.py
	# The browser modules: ESLint, tsc --checkJs and their unit tests (node --test tests/js/).
	npm run --silent verifier
	# One worker per core and one more (the browser tests wait at times: a throttled link, a watchdog),
	# a test file per worker at a time (its page and its engine start once); the order (the longest
	# first, then what needs the built site) is tests/conftest.py's.
	$(BIN)/pytest -n $(TRAVAILLEURS) --dist loadfile --no-loadscope-reorder

build: $(VENV)/.installed node_modules/.installed debian-packages
	$(BIN)/mkdocs build --strict

bench: $(VENV)/.installed node_modules/.installed debian-packages
	$(BIN)/python -m benchmarks

# The fallback from MkDocs 1.6 (see decisions/0002-sortir-de-material.md): the same site, built
# strict by ProperDocs (the maintained MkDocs 1.x fork) in its own environment.
# Not part of `make test`: run it by hand or from a scheduled job.
PROPERDOCS_VERSION := 1.6.7
PROPERDOCS_VENV := .venv-properdocs
properdocs: node_modules/.installed
	test -x $(PROPERDOCS_VENV)/bin/python || $(PYTHON) -m venv $(PROPERDOCS_VENV)
	$(PROPERDOCS_VENV)/bin/python -m pip install $(PIP_FLAGS) -c constraints.txt \
		properdocs==$(PROPERDOCS_VERSION) -e '.[site]'
	dossier=$$(mktemp -d) && trap 'rm -rf "$$dossier"' EXIT && \
		$(PROPERDOCS_VENV)/bin/properdocs build --strict -f mkdocs.yml --site-dir "$$dossier" && \
		echo "ProperDocs $(PROPERDOCS_VERSION) : le site se construit en mode strict."

$(VENV)/.installed: pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install $(PIP_FLAGS) --upgrade pip
	$(BIN)/python -m pip install $(PIP_FLAGS) -c constraints.txt -e '.[site,test]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

debian-packages:
	@missing=""; \
	for package in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "Installation des paquets Debian :$$missing"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
		else \
			echo "Paquets Debian manquants :$$missing"; \
			echo "Installez-les avec : sudo apt-get install$$missing"; \
			exit 1; \
		fi; \
	fi
