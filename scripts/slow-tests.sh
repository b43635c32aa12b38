#!/usr/bin/env bash
# Slow oracle tests (marked #[ignore] in the default run), in a release build. Among them, the
# slow rows of tests/data/optimal_oracles.tsv (crates/cli/tests/optimal_oracles.rs,
# slow_optimal_figures): Bulls and Cows, MM(4,7), and Wordle after SALET (7920 worst 5, both
# objectives; hard mode 8122 within 6 guesses), and every Wordle opener below 7930 (Selby's
# five, about four minutes: crates/cli/tests/optimal_cli.rs), and the certificate of optimality
# of Bulls and Cows (about five minutes: crates/search/tests/certificate.rs), and the review of
# Project Euler 185's 22 clues (about two minutes: crates/cli/tests/huge.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --release -- --ignored "$@"
