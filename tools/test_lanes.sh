#!/usr/bin/env bash
# Every test, in two lanes side by side (this machine has two cores; `make test` runs it):
#   the browser lane: the Voila browser tests one at a time (each keeps a core busy with
#     its Voila server, its kernels and Chromium);
#   the engine lane: the unit, property, notebook and server tests, then the slow builds
#     (the docs, the compiled core, Pyodide under Node, Binder's install), then the static
#     site's browser tests (marker `site`: the site is built here, once).
# The engine lane's report is printed after the browser lane's; the exit status fails if
# either lane failed. BIN names the virtualenv's bin folder (default .venv/bin).
set -u
BIN=${BIN:-.venv/bin}
report=$(mktemp)
trap 'rm -f "$report"' EXIT
(
  "$BIN/python" -m pytest -n 1 -m "not browser and not slow" --durations=15
  first=$?
  FIVECROWNS_TEST_COMPILED=1 "$BIN/python" -m pytest -m "slow and not browser" --durations=15
  second=$?
  "$BIN/python" -m pytest -m "browser and site" --durations=15
  third=$?
  [ "$first" -eq 0 ] && [ "$second" -eq 0 ] && [ "$third" -eq 0 ]
) >"$report" 2>&1 &
engine=$!
"$BIN/python" -m pytest -m "browser and not site" --durations=30
browser=$?
wait "$engine"
engine_status=$?
echo
echo "================ the engine lane (unit, property, notebook and server tests; builds) ================"
cat "$report"
echo "browser lane: exit $browser; engine lane: exit $engine_status"
[ "$browser" -eq 0 ] && [ "$engine_status" -eq 0 ]
