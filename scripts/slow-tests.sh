#!/usr/bin/env bash
# Slow oracle tests (marked #[ignore] in the default run), in a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --release -- --ignored "$@"
