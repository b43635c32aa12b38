#!/usr/bin/env bash
# Runs every cargo fuzz target of fuzz/ for SECONDS each (default 60), one after another, and
# prints per target the executions and the crashes found (0, or the artifact paths).
#
#   bash scripts/fuzz.sh [SECONDS]
#
# Installs cargo-fuzz if missing. Needs a nightly toolchain (`cargo +nightly`); without one,
# stable builds the targets with RUSTC_BOOTSTRAP=1. Each corpus (fuzz/corpus/TARGET, not
# committed) is seeded from fuzz/seeds/TARGET and, for the bracket and compact readers, from
# the published trees in shared/published-trees when that folder is beside the repository.
# A crash leaves its input in fuzz/artifacts/TARGET; reproduce it with
# `cd fuzz && cargo +nightly fuzz run TARGET artifacts/TARGET/crash-...`.
# Logs: fuzz/target/fuzz-logs/TARGET.log. Exit status: 0 when no target crashed, 1 otherwise.
set -euo pipefail

seconds=${1:-60}
if ! [[ $seconds =~ ^[0-9]+$ ]] || ((seconds < 1)); then
    echo "fuzz.sh: SECONDS must be a whole number of seconds, got '$seconds'" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"

if cargo +nightly --version >/dev/null 2>&1; then
    cargo=(cargo +nightly)
else
    echo "fuzz.sh: no nightly toolchain; building with RUSTC_BOOTSTRAP=1" >&2
    export RUSTC_BOOTSTRAP=1
    cargo=(cargo)
fi
if ! "${cargo[@]}" fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: installing cargo-fuzz" >&2
    cargo install cargo-fuzz --locked
fi

targets=$("${cargo[@]}" fuzz list)
"${cargo[@]}" fuzz build

# The published trees, if shared/ is beside the repository (or beside its worktree folder).
published=""
for dir in "$root/../shared/published-trees" "$root/../../shared/published-trees"; do
    if [[ -d $dir ]]; then
        published=$dir
        break
    fi
done

# Copies a published tree into a corpus, after the game line the targets read first.
seed_published() { # corpus game-json file
    local out
    out="$1/published-$(basename "$3")"
    [[ -e $out ]] || { printf '%s\n' "$2" && cat "$3"; } >"$out"
}

mkdir -p target/fuzz-logs
status=0
summary=()
for t in $targets; do
    corpus=corpus/$t
    artifacts=artifacts/$t
    mkdir -p "$corpus" "$artifacts"
    if [[ -d seeds/$t ]]; then
        cp -n seeds/"$t"/* "$corpus"/ 2>/dev/null || true
    fi
    if [[ -n $published ]]; then
        mm46='{"game":"mastermind","pegs":4,"colors":6,"alphabet":"123456"}'
        mm46_letters='{"game":"mastermind","pegs":4,"colors":6,"alphabet":"ABCDEF"}'
        case $t in
        tree_bracket)
            for f in "$published"/widmaN_p4c6r-*.txt; do seed_published "$corpus" "$mm46" "$f"; done
            ;;
        tree_compact)
            for f in "$published"/*_mm46_golf.txt; do seed_published "$corpus" "$mm46_letters" "$f"; done
            ;;
        esac
    fi
    dict=()
    case $t in
    game_specs | web_bodies | tree_json) dict=(-dict=dicts/json.dict) ;;
    game_files) dict=(-dict=dicts/toml.dict) ;;
    esac
    before=$(ls "$artifacts")
    log=target/fuzz-logs/$t.log
    echo "== $t: ${seconds}s" >&2
    rc=0
    "${cargo[@]}" fuzz run "$t" "$corpus" -- -max_total_time="$seconds" -timeout=60 \
        -rss_limit_mb=4096 -print_final_stats=1 "${dict[@]}" >"$log" 2>&1 || rc=$?
    execs=$(sed -n "s/^stat::number_of_executed_units: *//p" "$log" | tail -1)
    new=$(comm -13 <(echo "$before") <(ls "$artifacts") | sed "s|^|fuzz/$artifacts/|" | tr '\n' ' ')
    if [[ -n $new ]]; then
        crashes=$new
        status=1
    elif ((rc != 0)); then
        crashes="failed (exit $rc), see fuzz/$log"
        status=1
    else
        crashes=0
    fi
    summary+=("$(printf '%-14s %8s %12s  %s' "$t" "${seconds}s" "${execs:-?}" "$crashes")")
done

printf '%-14s %8s %12s  %s\n' target seconds executions crashes
printf '%s\n' "${summary[@]}"
exit $status
