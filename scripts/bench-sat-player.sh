#!/usr/bin/env bash
# Checks the published figure behind issue 13's MM 16x6 target (10.51 guesses on average, a
# SAT-based player in Python with z3 4.8.7) by playing scripts/sat_player.py, a
# re-implementation written from the post's description, with the same z3 version:
#
#   bash scripts/bench-sat-player.sh [PEGS COLOURS GAMES [random|even|all]]
#
# Default: 16 pegs, 6 colours, 100 random secrets (about 7 s per game, 12 minutes). The post's
# smaller figures make a quick check: `bash scripts/bench-sat-player.sh 4 6 0 all` (it reports
# 4.659 over all 1296 secrets). Z3_VERSION overrides the solver's version (default 4.8.7.0).
# z3 is installed into target/sat-venv (a Python virtual environment) on first use.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=target/sat-venv
Z3_VERSION=${Z3_VERSION:-4.8.7.0}
# Missing venv, missing z3 or another version: pip prints no matching version line.
if [[ $("$VENV/bin/pip" show z3-solver 2>/dev/null | sed -n 's/^Version: //p') != "$Z3_VERSION" ]]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "z3-solver==$Z3_VERSION"
fi
exec "$VENV/bin/python" scripts/sat_player.py "${1:-16}" "${2:-6}" "${3:-100}" "${4:-random}"
