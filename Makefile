# xqboard: firmware and host tools for a tournament Xiangqi board.
#   make demo   the main job on the simulated board (the embedded default)
#   make demo-hall  a hall: a broker, 8 replay boards of round 1, the live page (docs/HALL.md)
#   make test   the whole test suite (what CI runs)
#   make build  cross-compile the firmware to build/<arch>/ with mpy-cross
#   make bench  the benchmarks and the slow stress checks
#   make bench-compare BASE=<commit>  speed and heap against an older commit
#   make deploy copy the firmware to a board with mpremote (PORT=/dev/ttyACM0)
#   make firmware      the firmware images: emulated Pico, RISC-V, the Pico's UF2 (README)
#   make uf2    the Pico's UF2 alone (build/firmware/rp2_pico/firmware.uf2)
#   make bench-target  the benchmarks on the emulated Picos: qemu in instructions, rp2040js in cycles

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# --compile-bytecode: uv writes no .pyc (pip does), and with PYTHONDONTWRITEBYTECODE,
# as in CI's environment, every process compiled pytest, selenium, paho... again
# from source (a nested pytest's 5.8 s of CPU were 3.4 s with them compiled)
UV     := $(VENV)/bin/uv pip install --quiet --compile-bytecode --python $(PY)
ARCHS  := x64 armv6m armv7emsp xtensawin rv32imc
EVAL   := host_tools/xqboard/hall/static/eval
EVAL_STAMP := $(EVAL)/node_modules/.package-lock.json

.PHONY: setup build test bench bench-compare demo demo-hall deploy clean firmware uf2 bench-target

setup: $(STAMP) $(EVAL_STAMP)

# The stamp is rebuilt only when the pins or the package metadata change, so a
# second `make setup` costs nothing. The stubs of each target port go to a
# folder of their own, .venv/stubs/<port>, for the type check (docs/HARDWARE.md).
$(STAMP): requirements.txt pyproject.toml system-packages.txt $(wildcard typings/stubs-*.txt)
	bash scripts/debian-packages.sh system-packages.txt
	# (a venv whose making was cut short has no pip: made again)
	$(PY) -m pip --version >/dev/null 2>&1 || { rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }
	# uv (pinned in requirements.txt) installs the pins: 6 s where pip took 35 s
	# of a fresh clone's `make test` (docs/DEVELOPING.md); pip where uv cannot
	$(PY) -m pip install --quiet --disable-pip-version-check "$$(grep '^uv==' requirements.txt)"
	$(UV) -r requirements.txt || $(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(UV) --no-deps -e . || $(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	for f in typings/stubs-*.txt; do port=$${f#typings/stubs-}; port=$${port%.txt}; \
	  $(UV) --target $(VENV)/stubs/$$port -r $$f \
	  || $(PY) -m pip install --quiet --disable-pip-version-check --upgrade --target $(VENV)/stubs/$$port -r $$f || exit 1; done
	touch $(STAMP)

# The live page's eval bar runs Fairy-Stockfish (npm, GPL-3) in the viewer's
# browser: `npm ci` installs it from the lock file of the pages' own folder
# (not the root package.json: that is the MicroPython package manifest).
# Without npm the eval bar's tests skip.
$(EVAL_STAMP): $(EVAL)/package.json $(EVAL)/package-lock.json
	if command -v npm >/dev/null; then npm ci --prefix $(EVAL) --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "eval bar: npm is not installed (system-packages.txt: nodejs); its tests skip"; fi

# (and the emulated RP2040 of --target rp2040: rp2040js by npm ci from its
# lock file, once per change of it, and the B1 bootrom where an rp2040js
# clone is found: README, "Firmware images")
build: setup
	$(PY) -m xqboard.build $(ARCHS)
	$(PY) -m xqboard.target.rp2040_env setup
	# CPython's bytecode of our own code, once (2 s): where PYTHONDONTWRITEBYTECODE
	# is set, as in CI's environment, every `xqboard` process would compile what it
	# imports again, up to 0.2 s of CPU each, and make test starts hundreds.
	$(PY) -m compileall -q -j 0 host_tools firmware boards tests scripts bench

# Three xdist workers on the CI's two cores: a third keeps both busy while a
# worker waits on a broker, a browser or a logger's timer (stop 37: 81-85 % of
# both cores used where two workers used 78 %); the 15 slowest tests and the
# run's wall and CPU time close the output (docs/DEVELOPING.md, "The test
# suite's time": each folder's share of the 300 s).
test: build
	$(PY) -m pytest -q -n 3 --dist loadgroup --durations=15

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

# The image a board maker flashes (README, "Firmware images").
uf2: setup
	bash scripts/debian-packages.sh --required firmware-packages.txt
	bash scripts/firmware.sh uf2

bench-target: firmware build
	$(PY) bench/target/bench_rp2040.py
	$(PY) bench/target/bench_rulings_target.py

clean:
	rm -rf build
