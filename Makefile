# The two commands a newcomer needs: `make app` and `make test`.
# Both create .venv on first use and install what they need into it.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866

.PHONY: app serve test docs docs-messages bench site messages clean help

help:
	@echo "make app   - set up .venv and serve the lessons with Voila on http://localhost:$(PORT)"
	@echo "make serve - serve the lessons to a class on this machine's network address, with a token"
	@echo "make test  - set up .venv with the test and docs tooling and run lint, types and every test"
	@echo "make docs  - build the documentation site into docs/_build/html (Danish: html/da)"
	@echo "make bench - run the benchmarks"
	@echo "make site  - build the static site (every lesson runs in the visitor's browser) into _site/"
	@echo "make messages - re-extract the catalogue template and merge it into each language's .po"

# pip >= 25.1 reads the [dependency-groups] of pyproject.toml (`pip install --group`).
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade "pip>=25.1"

# Stamp files: reinstall only when pyproject.toml changes.
$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app]'
	@touch $@

# The app extra plus the test and docs tooling (the `dev` dependency group).
$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade "pip>=25.1"
	$(BIN)/python -m pip install --quiet -e '.[app]' --group dev
	@touch $@

# voila.json (read from this folder) holds the settings both share: no tracebacks, idle
# kernels culled, preheated kernels, the _xsrf cookie that lets a closed tab free its kernel.
# For one person no kernels are preheated: preheating every lesson (about 100 MB each) made a
# restart take half a minute before the first page; a lesson's kernel now starts when it is
# opened. The class preheat belongs to `make serve`. APP_ARGS passes more settings to Voila.
# voila.json names the page template "fivecrowns" (dark from the first frame when the
# visitor chose dark); it ships in the package's Jupyter data folder, put first on
# JUPYTER_PATH here (`make serve` and `fivecrowns-lab serve` do it in Python).
APP_ARGS ?= --VoilaConfiguration.preheat_kernel=False
PAGE_TEMPLATES := $(CURDIR)/fivecrowns_lab/share/jupyter
app: $(VENV)/.app-installed
	@echo "Serving the lessons: open http://localhost:$(PORT)/voila/render/00-index.ipynb in your browser (Ctrl+C stops)."
	JUPYTER_PATH="$(PAGE_TEMPLATES)$${JUPYTER_PATH:+:$$JUPYTER_PATH}" $(BIN)/voila notebooks --port=$(PORT) --no-browser --Voila.ip=127.0.0.1 $(APP_ARGS)

# For a class: listens on every address (SERVE_IP=127.0.0.1 keeps it on this machine),
# prints the address with a new token once, and how many visitors the machine can hold.
# SERVE_ARGS passes more settings to Voila, e.g. SERVE_ARGS=--VoilaConfiguration.preheat_kernel=False
SERVE_IP ?= 0.0.0.0
SERVE_ARGS ?=
serve: $(VENV)/.app-installed
	$(BIN)/python -m fivecrowns_lab.serving --ip=$(SERVE_IP) --port=$(PORT) --notebooks=notebooks $(SERVE_ARGS)

test: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	# Two lanes side by side, a core each (tools/test_lanes.sh): the Voila browser tests one
	# at a time, then the optional compiled core (which must play the same games as the pure
	# one: tests/test_compiled.py, skipped without a C compiler) in one; the unit, property,
	# notebook and server tests, then the slow builds (the docs, Pyodide) and the static
	# site's browser tests in the other.
	BIN=$(BIN) bash tools/test_lanes.sh

# The Danish edition (docs/danish.md) is the same sources with the tag da, built after the
# English one (they share docs/lessons/) into html/da/; it executes only the Danish lessons.
docs: $(VENV)/.test-installed
	$(BIN)/sphinx-build -E -W --keep-going -b html -d docs/_build/doctrees docs docs/_build/html
	$(BIN)/sphinx-build -E -W --keep-going -t da -b html -d docs/_build/doctrees-da docs docs/_build/html/da
	@echo "The site is built: open docs/_build/html/index.html (Danish: docs/_build/html/da/index.html)."

# The Danish edition's catalogues: extract the pages' sentences and merge them into
# docs/locale/da/ with sphinx-intl (new sentences arrive empty; tests/test_docs.py fails
# until the translated pages have every one).
DOCS_PAGES := index lessons rules-for-learners for-teachers
docs-messages: $(VENV)/.test-installed
	rm -rf docs/_build/gettext docs/_build/gettext-pages
	$(BIN)/sphinx-build -q -b gettext -D nb_execution_mode=off docs docs/_build/gettext
	mkdir -p docs/_build/gettext-pages
	cd docs/_build/gettext && cp $(addsuffix .pot,$(DOCS_PAGES)) ../gettext-pages/
	$(BIN)/sphinx-intl update -p docs/_build/gettext-pages -l da -d docs/locale -w 0

bench: $(VENV)/.test-installed
	for b in benchmarks/*.py; do $(BIN)/python $$b || exit 1; done

# The static site: its own venv (.venv-site) from pinned versions, kept apart from .venv
# (voici-core 0.10 needs jupyterlite-core < 0.8 and voila 0.5). Needs npm (Pyodide's core) and Node (it compiles the kernel's wheels with it).
SITE_VENV := .venv-site
$(SITE_VENV)/.installed: lite/requirements.txt
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet -r lite/requirements.txt
	@touch $@

site: $(SITE_VENV)/.installed
	$(SITE_VENV)/bin/python lite/build_site.py --output _site
	@echo "The site is built: serve it with  python3 -m http.server -d _site  and open /voici/render/00-index.html"

# The translations (docs/danish.md), the package's sentences and the lessons' prose: extract every _(), _n() and N_() sentence into the
# template, merge it into each language's catalogue (new entries arrive empty, to be
# translated; tests/test_i18n.py fails until they are), and compile for this checkout.
LOCALE := fivecrowns_lab/locale
EXTRACT_ARGS := --project=fivecrowns_lab --no-location --sort-output --no-wrap -k _n:1,2
messages: $(VENV)/.test-installed
	$(BIN)/pybabel extract $(EXTRACT_ARGS) -o $(LOCALE)/fivecrowns_lab.pot fivecrowns_lab
	$(BIN)/pybabel update --no-fuzzy-matching --no-wrap -i $(LOCALE)/fivecrowns_lab.pot -d $(LOCALE) -D fivecrowns_lab
	$(BIN)/pybabel compile -d $(LOCALE) -D fivecrowns_lab
	# The Danish lessons: the English notebooks' prose into lessons.po, then notebooks/da/
	# built from the English lessons and it (it stops, naming them, at untranslated cells).
	$(BIN)/python tools/danish_notebooks.py update
	$(BIN)/python tools/danish_notebooks.py build
	# The README's lesson table, a row a registry record.
	$(BIN)/python tools/readme_lessons.py write

clean:
	rm -rf $(VENV) $(SITE_VENV) _site lite/_work lite/.cache docs/_build .pytest_cache .mypy_cache .ruff_cache
