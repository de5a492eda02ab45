# The two front-door commands: `make demo` and `make test`. Each makes its own venv.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
EXTRAS ?= dev,sim

.PHONY: demo test lint bench clean

$(VENV)/.installed-$(EXTRAS): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed"'
	@$(PYTHON) -m venv $(VENV) || { echo "Could not make a venv: on Debian, apt-get install python3-venv"; exit 1; }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[$(EXTRAS)]"
	@touch $@

demo: $(VENV)/.installed-$(EXTRAS)
	$(VENV)/bin/culdechouette-box demo

test: $(VENV)/.installed-$(EXTRAS)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy culdechouette_box/rules culdechouette_box/record
	$(VENV)/bin/python -m pytest

lint: $(VENV)/.installed-$(EXTRAS)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy culdechouette_box/rules culdechouette_box/record

bench: $(VENV)/.installed-$(EXTRAS)
	$(VENV)/bin/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
