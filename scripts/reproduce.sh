#!/usr/bin/env bash
# The main job: build codebreak and reproduce the published figures of the three source
# articles and Knuth's 1977 result, each computed from scratch.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
cb=${CARGO_TARGET_DIR:-target}/release/codebreak
run() { echo; echo "\$ codebreak $*"; "$cb" "$@"; }
run analyze --game bulls --order swap --first-guess 0123 --compare first,minimax --pool consistent
run analyze --game bulls --order swap --first-guess 0123 --strategy minimax --pool all --ties index
run analyze --strategy minimax --pool all --alphabet 123456 --first-guess 1122
run analyze --distinct-secret --strategy entropy --pool all
run analyze --game twod --strategy entropy
run analyze --colors 10 --alphabet 0123456789 --strategy two-phase
run analyze --pegs 5 --colors 8 --compare minimax,expected-size,entropy,most-parts
# Games of one's own (examples/games/): the French article's medium game written as a file,
# 12 counterfeit coins (least worst case 3 weighings), and Wordle's optimum after SALET (7920).
run analyze --game-file examples/games/medium.toml --strategy entropy --pool all
run optimal --game-file examples/games/coins.toml --objective worst
run optimal --game wordle --first-guess salet
