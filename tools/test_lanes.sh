#!/usr/bin/env bash
# Every test, in two lanes side by side (this machine has two cores; `make test` runs it):
#   the browser lane: the Voila browser tests one at a time (each keeps a core busy with
#     its Voila server, its kernels and Chromium), then the compiled core's tests (marker
#     `compiled`: it builds the compiled wheel and runs the engine's tests on it);
#   the engine lane: the unit, property, notebook and server tests, then in one run the slow
#     builds (the docs, Pyodide under Node, Binder's install) and the static site's browser
#     tests (marker `site`: the site is built here, once; the built docs' browser test too,
#     so the docs are built once). Within a run the browser tests come last (conftest.py).
# The lanes take about as long as each other (the durations each run prints say where the
# time goes). The engine lane's report is printed after the browser lane's; the exit status
# fails if either lane failed. BIN names the virtualenv's bin folder (default .venv/bin).
set -u
BIN=${BIN:-.venv/bin}
report=$(mktemp)
trap 'rm -f "$report"' EXIT
(
  "$BIN/python" -m pytest -n 1 -m "not browser and not slow and not compiled" --durations=15
  first=$?
  "$BIN/python" -m pytest -m "slow and not browser and not compiled or browser and site" --durations=30
  second=$?
  [ "$first" -eq 0 ] && [ "$second" -eq 0 ]
) >"$report" 2>&1 &
engine=$!
"$BIN/python" -m pytest -m "browser and not site" --durations=30
browser=$?
FIVECROWNS_TEST_COMPILED=1 "$BIN/python" -m pytest -m "compiled and not browser" --durations=5
compiled=$?
wait "$engine"
engine_status=$?
echo
echo "================ the engine lane (unit, property, notebook and server tests; builds) ================"
cat "$report"
echo "browser lane: exit $browser, compiled core: exit $compiled; engine lane: exit $engine_status"
[ "$browser" -eq 0 ] && [ "$compiled" -eq 0 ] && [ "$engine_status" -eq 0 ]
