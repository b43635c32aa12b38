#!/usr/bin/env bash
# Times the exact search on game files against the same games built in: the speed targets of
# automatic symmetry detection. Each game file is written here from a scoring function (Python),
# so it carries no symmetry of its own: whatever symmetry the search uses, it found.
# Usage: bash scripts/bench-symmetry.sh [mm38|mm54|medium|coins12|coins13|coins16|wordle ...]
# (default: mm38 medium coins12 coins13); times are wall seconds of whole processes.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p codebreak
cb=${CARGO_TARGET_DIR:-target}/release/codebreak
dir=${CARGO_TARGET_DIR:-target}/bench-games
mkdir -p "$dir"

# A built-in Mastermind game written as a table game file: NAME PEGS COLOURS [distinct].
table_game() {
  python3 - "$dir" "$@" <<'PY'
import itertools, sys
out, name, pegs, colours = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
distinct = len(sys.argv) > 5
alphabet = "YBGROPWK"[:colours] if colours <= 8 else "0123456789"[:colours]
codes = ["".join(c) for c in itertools.product(alphabet, repeat=pegs)]
secrets = [c for c in codes if not distinct or len(set(c)) == pegs]
def score(s, g):
    b = sum(x == y for x, y in zip(s, g))
    w = sum(min(s.count(a), g.count(a)) for a in alphabet) - b
    return f"{b}B{w}W"
with open(f"{out}/{name}.tsv", "w") as f:
    for g in codes:
        for s in secrets:
            f.write(f"{g}\t{s}\t{score(s, g)}\n")
open(f"{out}/{name}.guesses", "w").write("\n".join(codes) + "\n")
open(f"{out}/{name}.secrets", "w").write("\n".join(secrets) + "\n")
open(f"{out}/{name}.toml", "w").write(f'''name = "{name} as a table"
rules = "table"
win = "{pegs}B0W"
guesses = "{name}.guesses"
secrets = "{name}.secrets"
table = "{name}.tsv"
''')
PY
}

time_one() { # label, args...
  local label=$1; shift
  local out
  out=$( { /usr/bin/time -f "%e s wall, %U s user, %M KB peak" "$cb" optimal "$@" --json; } 2>&1 )
  local figures
  figures=$(echo "$out" | grep '^{' | python3 -c 'import json,sys; d=json.load(sys.stdin); print("total", d["total"], "worst", d["worst"])')
  printf '%-44s %-22s %s\n' "$label" "$figures" "$(echo "$out" | grep 'wall')"
}

both() { # label, args...
  local label=$1; shift
  time_one "$label, expected" "$@" --objective expected
  time_one "$label, worst" "$@" --objective worst
}

for x in ${@:-mm38 medium coins12 coins13}; do
  case $x in
    mm38) table_game mm38 3 8; both "MM(3,8) built in" --pegs 3 --colors 8 --alphabet YBGROPWK
          both "MM(3,8) as a table" --game-file "$dir/mm38.toml" ;;
    mm54) table_game mm54 5 4; both "MM(5,4) built in" --pegs 5 --colors 4 --alphabet YBGR
          both "MM(5,4) as a table" --game-file "$dir/mm54.toml" ;;
    medium) table_game medium 4 6 distinct; both "medium game built in" --game-file examples/games/medium.toml
            both "medium game as a table" --game-file "$dir/medium.toml" ;;
    coins12|coins13|coins16) n=${x#coins}; both "$n coins" --game-file examples/games/coins.toml --set COINS="$n" ;;
    wordle) time_one "Wordle file after SALET" --game-file examples/games/wordle/wordle.toml --first-guess salet ;;
    *) echo "unknown target $x" >&2; exit 2 ;;
  esac
done
