#!/usr/bin/env bash
# Times the exact search on games of several sizes and shapes (release build), to calibrate
# `codebreak_search::estimate` (see docs/optimal-estimate.md). Prints one tab-separated line a
# game: id, wall seconds, CPU seconds (user + system), nodes, total, then the arguments. A run
# over its time box (TIMEOUT seconds, default 300) prints "-" for its figures.
# Usage: bash scripts/calibrate-optimal.sh [ID ...]   (default: every game below)
#        CODEBREAK=path/to/codebreak TIMEOUT=150 bash scripts/calibrate-optimal.sh ...
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CODEBREAK:-}" ]; then cargo build --release --quiet -p codebreak; fi
cb=${CODEBREAK:-${CARGO_TARGET_DIR:-target}/release/codebreak}
box=${TIMEOUT:-300}
games=(
  "mm35|--pegs 3 --colors 5"
  "mm38|--pegs 3 --colors 8"
  "mm310|--pegs 3 --colors 10"
  "mm45|--pegs 4 --colors 5"
  "mm46|--pegs 4 --colors 6"
  "mm47|--pegs 4 --colors 7"
  "mm48|--pegs 4 --colors 8"
  "mm54|--pegs 5 --colors 4"
  "mm55|--pegs 5 --colors 5"
  "mm64|--pegs 6 --colors 4"
  "bulls38|--game bulls --pegs 3 --colors 8"
  "bulls310|--game bulls --pegs 3 --colors 10"
  "bulls48|--game bulls --pegs 4 --colors 8"
  "bulls49|--game bulls --pegs 4 --colors 9"
  "bulls410|--game bulls --pegs 4 --colors 10"
  "mm48d|--pegs 4 --colors 8 --distinct-secret"
  "mm58d|--pegs 5 --colors 8 --distinct-secret"
  "bp44|--game blackpeg --pegs 4 --colors 4"
  "bp45|--game blackpeg --pegs 4 --colors 5"
  "mm46w|--pegs 4 --colors 6 --objective worst"
  "mm47w|--pegs 4 --colors 7 --objective worst"
  "mm55w|--pegs 5 --colors 5 --objective worst"
  "bulls49w|--game bulls --pegs 4 --colors 9 --objective worst"
)
want=" ${*:-} "
for g in "${games[@]}"; do
  id=${g%%|*}; args=${g#*|}
  if [ "$want" != "  " ] && [[ "$want" != *" $id "* ]]; then continue; fi
  tmp=$(mktemp)
  # shellcheck disable=SC2086
  if /usr/bin/time -f "%e %U %S" -o "$tmp.time" timeout "$box" "$cb" optimal $args --force --json >"$tmp" 2>/dev/null; then
    read -r wall user sys <"$tmp.time"
    fig=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["effort"]["nodes"], d["total"], sep="\t")' "$tmp")
    printf '%s\t%s\t%.2f\t%s\t%s\n' "$id" "$wall" "$(echo "$user + $sys" | bc)" "$fig" "$args"
  else
    printf '%s\t-\t-\t-\t-\t%s\n' "$id" "$args"
  fi
  rm -f "$tmp" "$tmp.time"
done
