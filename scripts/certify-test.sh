#!/usr/bin/env bash
# Certificates of optimality on the release binary, as `.ci/run` runs them: MM(4,6) (5625,
# and the least worst case 5) and Bulls and Cows (26274) are each searched with
# `optimal --certificate`, and the certificate checked by `verify --certificate` against the
# tree; each must say "optimal: proved" with the published figure. Prints the times (Bulls and
# Cows: about 2 minutes on 2 cores). Environment: CARGO_TARGET_DIR (the release binary is
# built there).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
say() { echo "certify-test.sh: [$(($(date +%s) - start)) s] $*"; }
fail() { echo "certify-test.sh: FAILED: $*" >&2; exit 1; }
nice cargo build --release --quiet -p codebreak
bin=$(realpath "${CARGO_TARGET_DIR:-target}/release/codebreak")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# certify NAME EXPECTED "GAME OPTIONS" ["SEARCH OPTIONS"]
certify() {
  local name=$1 expected=$2 what out t0 t1 t2
  local -a game search
  read -r -a game <<< "$3"
  read -r -a search <<< "${4:-}"
  t0=$(date +%s%N)
  out=$("$bin" optimal "${game[@]}" "${search[@]}" --tree "$work/$name.json" --certificate "$work/$name.cert" 2>&1) \
    || fail "$name: optimal failed: $out"
  t1=$(date +%s%N)
  what=$("$bin" verify "${game[@]}" --certificate "$work/$name.cert" --tree "$work/$name.json" 2>&1) \
    || fail "$name: the certificate does not check: $what"
  t2=$(date +%s%N)
  echo "$what" | grep -q "optimal: proved" || fail "$name: not proved optimal: $what"
  echo "$what" | grep -q "$expected" || fail "$name: expected '$expected' in: $what"
  say "$name: $(echo "$what" | grep 'optimal: proved'); search and certificate $(((t1 - t0) / 1000000)) ms, check $(((t2 - t1) / 1000000)) ms, $(du -k "$work/$name.cert" | cut -f1) KB"
}
certify mm46 "fewer than 5625 guesses" ""
certify mm46-worst "within 4 guesses" "" "--objective worst"
certify bulls "fewer than 26274 guesses" "--game bulls"
say "passed"
