# xqboard: firmware and host tools for a tournament Xiangqi board.
#   make demo   the main job on the simulated board (the embedded default)
#   make demo-hall  a hall: a broker, 8 replay boards of round 1, the live page (docs/HALL.md)
#   make test   the whole test suite (what CI runs)
#   make build  cross-compile the firmware to build/<arch>/ with mpy-cross
#   make bench  the benchmarks and the slow stress checks
#   make bench-compare BASE=<commit>  speed and heap against an older commit
#   make deploy copy the firmware to a board with mpremote (PORT=/dev/ttyACM0)
#   make firmware      the firmware image for the emulated Pico (MICROPY_DIR, README)
#   make bench-target  the benchmarks on the emulated Pico, in instructions

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ARCHS  := x64 armv6m armv7emsp xtensawin rv32imc

.PHONY: setup build test bench bench-compare demo demo-hall deploy clean firmware bench-target

setup: $(STAMP)

# The stamp is rebuilt only when the pins or the package metadata change, so a
# second `make setup` costs nothing. The stubs of each target port go to a
# folder of their own, .venv/stubs/<port>, for the type check (docs/HARDWARE.md).
$(STAMP): requirements.txt pyproject.toml system-packages.txt $(wildcard typings/stubs-*.txt)
	bash scripts/debian-packages.sh system-packages.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	for f in typings/stubs-*.txt; do port=$${f#typings/stubs-}; port=$${port%.txt}; \
	  $(PY) -m pip install --quiet --disable-pip-version-check --upgrade --target $(VENV)/stubs/$$port -r $$f || exit 1; done
	touch $(STAMP)

build: setup
	$(PY) -m xqboard.build $(ARCHS)

test: build
	$(PY) -m pytest -q

bench: build
	$(PY) -m xqboard.benchrun
	$(PY) -m pytest -q -m bench

# Speed (median of 5, within 5%) and heap (no higher) against BASE, in one
# interleaved run (bench/compare_commits.py); BASE defaults to main when
# issue 11 began.
BASE ?= 9e565b0
bench-compare: build
	$(PY) bench/compare_commits.py --base $(BASE)

demo: build
	$(VENV)/bin/xqboard demo

# A hall on this PC (issue 17): prints the live page's URL; Ctrl-C ends it.
demo-hall: build
	$(VENV)/bin/xqboard broadcast --demo

deploy: setup
	$(VENV)/bin/xqboard deploy $(if $(PORT),--port $(PORT))

# The toolchain and QEMU (firmware-packages.txt) are installed here, never by
# `make test`: the target tests skip without them.
firmware: setup
	bash scripts/debian-packages.sh --required firmware-packages.txt
	bash scripts/firmware.sh

bench-target: firmware build
	$(PY) bench/target/bench_target.py
	$(PY) bench/target/bench_rulings_target.py

clean:
	rm -rf build
