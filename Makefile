PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean

# Its output goes to .venv/install.log, shown only if the install fails (on success pip
# still prints the build backend's notice about editable installs, which alarms).
$(STAMP): pyproject.toml
	@echo "Setting up $(VENV) once (20 s to a minute): the companion and its test tools"
	$(PYTHON) -m venv $(VENV)
	@$(BIN)/pip install --quiet --upgrade pip > $(VENV)/install.log 2>&1 \
		|| { cat $(VENV)/install.log; exit 1; }
	@$(BIN)/pip install --quiet -e '.[test]' >> $(VENV)/install.log 2>&1 \
		|| { cat $(VENV)/install.log; exit 1; }
	@touch $(STAMP)
	@echo "$(VENV) is ready (pip's output: $(VENV)/install.log)"

play: $(STAMP)
	$(BIN)/companion

test: lint
	$(BIN)/pytest -n auto

lint: $(STAMP)
	$(BIN)/ruff check companion printables tests benchmarks

bench: $(STAMP)
	$(BIN)/python -m benchmarks.run

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
