#!/usr/bin/env bash
# Times the exact search on the issue's speed targets (release build), checking each figure.
# Usage: bash scripts/bench-optimal.sh [mm46|bulls|mm47|mm48|coins12|coins13|wordle|wordle-worst|wordle-hard|wordle-depth5|two-coins ...]
# (default: mm46 bulls mm47 coins12 wordle wordle-worst)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p codebreak
cb=${CARGO_TARGET_DIR:-target}/release/codebreak
run() { # name, expected total or "-", args...
  local name=$1 want=$2; shift 2
  local out; out=$( { /usr/bin/time -f "%e s wall, %U s user, %M KB peak" "$cb" optimal "$@" --json; } 2>&1 )
  local json; json=$(echo "$out" | grep '^{')
  local total; total=$(echo "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["total"], d["fraction"], "worst", d["worst"], "nodes", d["effort"]["nodes"])')
  echo "$name: $total; $(echo "$out" | grep 'wall')"
  if [ "$want" != "-" ] && [ "${total%% *}" != "$want" ]; then echo "$name: expected total $want" >&2; exit 1; fi
}
for t in "${@:-mm46 bulls mm47 coins12 wordle wordle-worst}"; do
  for x in $t; do
    case $x in
      mm46) run "MM(4,6)" 5625 ;;
      bulls) run "Bulls 4/10" 26274 --game bulls ;;
      mm47) run "MM(4,7)" 11228 --pegs 4 --colors 7 ;;
      mm48) run "MM(4,8)" 20471 --pegs 4 --colors 8 ;;
      coins12) run "12 coins, worst" 72 --game-file examples/games/coins.toml --objective worst ;;
      coins13) run "13 coins, worst" - --game-file examples/games/coins.toml --set COINS=13 --objective worst ;;
      wordle) run "Wordle after SALET" 7920 --game wordle --first-guess salet ;;
      wordle-worst) run "Wordle after SALET, worst" 7920 --game wordle --first-guess salet --objective worst ;;
      wordle-hard) run "Wordle hard after SALET, 6 guesses" 8122 --game wordle --hard --first-guess salet --max-depth 6 ;;
      # Depth only: the total is that of the first tree found, not an optimum ("-": not checked).
      wordle-depth5) run "Wordle after SALET, within 5 (depth only)" - --game wordle --first-guess salet --max-depth 5 --depth-only ;;
      two-coins) run "10 coins, two light, within 4 (depth only)" - --game-file examples/games/two-coins.toml --max-depth 4 --depth-only ;;
      *) echo "unknown target $x" >&2; exit 2 ;;
    esac
  done
done
