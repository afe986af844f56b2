# frontier-toolkit: everyday commands. Needs only python3 (>= 3.11) and make;
# everything else is installed into .venv by pip.
#
#   make lab     open the lessons in JupyterLab
#   make test    run the tests, the doctests and every notebook (lint included)
#   make lint    ruff check, ruff format --check, mypy on the engines
#   make bench   run benchmarks/*.py
#   make gallery render the README images into docs/img
#   make play    serve lesson 04 (play Pioneers) as a web app with Voila
#   make venv    (re)create .venv and compile the engine; the others do this when needed
#   make clean   delete .venv, caches and build output

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# rl (pettingzoo, gymnasium, open_spiel) installs from wheels on Python 3.11;
# dev adds ruff and nbstripout; fast adds mypyc for the compiled engine.
EXTRAS ?= test,lab,scale,rl,dev,fast
# Reinstall only when pyproject.toml (or a labextension the project ships, which
# the install copies into .venv/share/jupyter/labextensions) is newer than this file.
STAMP := $(VENV)/.frontier-installed
LABEXTENSIONS := $(shell find toolkit/widgets/labextensions -type f 2>/dev/null)
# The compiled engine (see toolkit/compiled.py) is rebuilt when its sources change.
# If it cannot be built, the same code runs as plain Python (slower) and make goes on.
COMPILED := $(VENV)/.frontier-compiled
COMPILED_SOURCES := toolkit/core/play.py $(foreach f,$(wildcard toolkit/*/compiled.txt),$(f) $(patsubst %,$(dir $(f))%.py,$(shell grep -o "^[a-z_][a-z0-9_]*" $(f))))

PYTEST_ARGS ?= -n 2
NOTEBOOKS := $(wildcard notebooks/*.ipynb)
BENCHMARKS := $(wildcard benchmarks/*.py)

LAB_ARGS ?=
LAB_TARGET := $(firstword $(wildcard notebooks/00-start-here.ipynb) $(wildcard notebooks) .)
# JupyterLab refuses to start as root without --allow-root (CI and containers).
LAB_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: help venv lab test lint bench gallery play clean

help:
	@sed -n '4,12p' Makefile | sed 's/^# *//'

venv: $(COMPILED)

$(COMPILED): $(STAMP) $(COMPILED_SOURCES)
	$(PY) -m toolkit compiled build --optional
	@touch $@

$(STAMP): pyproject.toml $(LABEXTENSIONS)
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "frontier-toolkit needs Python >= 3.11; $(PYTHON) is " + sys.version.split()[0] + ". Try: make PYTHON=python3.11 ...")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[$(EXTRAS)]'
	@touch $@

lab: $(COMPILED)
	$(VENV)/bin/jupyter lab $(LAB_ROOT) $(LAB_ARGS) $(LAB_TARGET)

# Notebooks are executed by nbmake; the flag is added only once notebooks exist.
test: $(COMPILED)
	$(PY) -m pytest $(PYTEST_ARGS) tests --doctest-modules toolkit $(if $(NOTEBOOKS),--nbmake --nbmake-timeout=180 notebooks)

# The same checks as tests/test_habits.py, with their full output.
lint: $(STAMP)
	$(VENV)/bin/ruff check toolkit tests benchmarks
	$(VENV)/bin/ruff format --check toolkit tests benchmarks
	$(PY) -m mypy $$($(PY) -c 'import sys; sys.path.insert(0, "tests"); from test_habits import engine_paths; print(" ".join(engine_paths()))')

bench: $(COMPILED)
	@if [ -z "$(BENCHMARKS)" ]; then echo "No benchmarks/*.py yet."; fi
	@set -e; for f in $(BENCHMARKS); do echo "== $$f"; $(PY) "$$f"; done

gallery: $(COMPILED)
	$(PY) -m toolkit.viz.gallery docs/img

play: $(COMPILED)
	$(VENV)/bin/voila notebooks/04-play-pioneers.ipynb

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .hypothesis .mypy_cache
	rm -f toolkit/compiled.json
	find toolkit -name '*.so' -delete
	find . -path ./.git -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \
		-o -name '*.egg-info' \) -type d -prune -exec rm -rf {} +
