#!/usr/bin/env bash
# The project's test command: formatting, lints, docs and the whole test suite.
# Installs nothing by hand: cargo fetches every crate. Slow oracles are in scripts/slow-tests.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}
command -v cargo >/dev/null || { echo "test.sh: cargo not found: install Rust from https://rustup.rs" >&2; exit 2; }
# Browser end-to-end tests need Debian's chromium and chromium-driver.
if [ -f scripts/install-browser.sh ]; then echo "== browser"; bash scripts/install-browser.sh; fi
echo "== fmt"; cargo fmt --all -- --check
echo "== clippy"; cargo clippy --workspace --all-targets -- -D warnings
echo "== doc"; RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
echo "== fuzz targets build"
# The fuzz crate is outside the workspace; checking it here keeps it in step with the APIs.
# Stable builds it with RUSTC_BOOTSTRAP=1 (libfuzzer-sys needs no sanitizer to type-check).
RUSTC_BOOTSTRAP=1 cargo check --quiet --manifest-path fuzz/Cargo.toml --bins
echo "== test"; cargo test --workspace
echo "== python"; bash scripts/python-test.sh
# A one-node Slurm cluster (Debian's packages, started as root) runs `codebreak shard slurm`.
echo "== slurm"; bash scripts/slurm-test.sh
echo "== certificates"; bash scripts/certify-test.sh
