#!/usr/bin/env bash
# Speed and quality figures of the commands on games too large to list (issue 13), measured
# through the release binary, each checking its own answer:
#
#   bash scripts/bench-huge.sh [euler|mm16|puzzles20|puzzles24|bulls|mm12|all]
#
#   euler      Project Euler 185 hint (target < 1 s), from ../shared/puzzles/euler185.txt
#   mm16       solve MM 16x6 over GAMES random secrets (default 100; targets <= 10.5 guesses
#              on average, < 1 s per game): `analyze --sample GAMES`
#   puzzles20  random 20-digit black-peg puzzles with a unique answer (PUZZLES, default 10):
#              `hint` finds and proves the answer (target < 10 s on average)
#   puzzles24  the same with 24 digits (measured)
#   bulls      Bulls and Cows 10 of 36 symbols over 20 random secrets
#   mm12       Mastermind 12 x 12 over 20 random secrets
#
# Environment: GAMES, PUZZLES, FIT (the --fit-sample, default the CLI's 400), SEED (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
nice cargo build --release -q -p codebreak
nice cargo build --release -q -p codebreak-huge --example bench
BIN=${CARGO_TARGET_DIR:-target}/release/codebreak
BENCH=${CARGO_TARGET_DIR:-target}/release/examples/bench
FIT=${FIT:+--fit-sample $FIT}
SEED=${SEED:-1}
what=${1:-all}

now() { date +%s.%N; }

euler() {
  # shared/puzzles next to the checkout, or next to a folder above it (worktrees sit deeper).
  local file="" dir=..
  for _ in 1 2 3; do
    if [[ -f $dir/shared/puzzles/euler185.txt ]]; then file=$dir/shared/puzzles/euler185.txt; break; fi
    dir=$dir/..
  done
  if [[ -z $file ]]; then echo "euler: shared/puzzles/euler185.txt not found above the checkout, skipped"; return; fi
  for i in 1 2 3; do
    local t0 out t1
    t0=$(now)
    out=$($BIN hint --game blackpeg --pegs 16 --colors 10 --alphabet 0123456789 --history-file "$file" --json)
    t1=$(now)
    python3 -c 'import json,sys; v=json.loads(sys.argv[1]); assert v["remaining"]==1, v["remaining"]' "$out"
    printf 'euler 185 hint, run %d: exactly one secret, %.3f s wall clock\n' "$i" "$(echo "$t1 - $t0" | bc -l)"
  done
}

sample() { # NAME ARGS...: analyze --sample over random secrets, summarised
  local name=$1; shift
  local out
  out=$($BIN analyze "$@" --seed "$SEED" $FIT --json)
  python3 - "$name" "$out" <<'PY'
import json, sys
name, v = sys.argv[1], json.loads(sys.argv[2])
assert v["method"] == "sampled" and v["unfinished"] == 0, v
i = v["interval"]
print(f'{name}: {v["secrets"]} games, {v["average"]:.2f} guesses on average '
      f'(95% CI {i["low"]:.2f} to {i["high"]:.2f}), worst {v["worst"]}, '
      f'{v["seconds"] / v["secrets"]:.2f} s per game; {v["description"]}')
PY
}

puzzles() { # PEGS
  local pegs=$1 n=${PUZZLES:-10} total=0 dir
  dir=$(mktemp -d)
  for ((s = 0; s < n; s++)); do
    $BENCH puzzle "$pegs" "$s" >"$dir/p.txt" 2>"$dir/answer.txt"
    local t0 out t1 secs
    t0=$(now)
    out=$($BIN hint --game blackpeg --pegs "$pegs" --colors 10 --history-file "$dir/p.txt" --show 1 --json)
    t1=$(now)
    secs=$(echo "$t1 - $t0" | bc -l)
    python3 -c 'import json,sys; v=json.loads(sys.argv[1]); a=open(sys.argv[2]).read().strip(); assert v["remaining"]==1 and v["candidates"]==[a], (v["remaining"], v["candidates"], a)' "$out" "$dir/answer.txt"
    printf '  %d digits, seed %d: %d clues, unique answer found and proved in %.2f s\n' "$pegs" "$s" "$(wc -l <"$dir/p.txt")" "$secs"
    total=$(echo "$total + $secs" | bc -l)
  done
  rm -r "$dir"
  printf 'puzzles %d digits: %d puzzles, %.2f s on average (hint, wall clock)\n' "$pegs" "$n" "$(echo "$total / $n" | bc -l)"
}

case $what in
  euler) euler ;;
  mm16) sample "MM 16x6" --pegs 16 --colors 6 --sample "${GAMES:-100}" ;;
  puzzles20) puzzles 20 ;;
  puzzles24) puzzles 24 ;;
  bulls) sample "Bulls 10 of 36" --game bulls --pegs 10 --colors 36 --sample "${GAMES:-20}" ;;
  mm12) sample "MM 12x12" --pegs 12 --colors 12 --sample "${GAMES:-20}" ;;
  all)
    euler
    puzzles 20
    PUZZLES=${PUZZLES:-3} puzzles 24
    sample "MM 16x6" --pegs 16 --colors 6 --sample "${GAMES:-100}"
    sample "Bulls 10 of 36" --game bulls --pegs 10 --colors 36 --sample 20
    sample "MM 12x12" --pegs 12 --colors 12 --sample 20
    ;;
  *) echo "bench-huge: unknown figure $what: expected euler, mm16, puzzles20, puzzles24, bulls, mm12 or all" >&2; exit 2 ;;
esac
