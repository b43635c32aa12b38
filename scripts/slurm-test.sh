#!/usr/bin/env bash
# `codebreak shard slurm` on a real one-node Slurm cluster (scripts/slurm-cluster.sh): plans
# Mastermind (4 pegs, 6 colours) below 0012 and over every opener (both with certificates of
# optimality) and Bulls and Cows below 0123, writes their job array scripts, submits them,
# interrupts two Bulls tasks mid-run, and checks that the merged trees verify to 5625 and
# 26274 and that the merged certificates prove the Mastermind trees optimal.
#
# Bulls task 0 (its largest job) is interrupted twice:
# - SIGUSR1 on its batch shell (`scancel --batch --signal=USR1`), which is what
#   `#SBATCH --signal=B:USR1@120` sends before the time limit: the run saves its checkpoint,
#   the task requeues itself and resumes it;
# - then cancelled (`scancel`: SIGTERM, then SIGKILL after KillWait): the run saves its
#   checkpoint; `scontrol requeue` starts it again and it resumes.
#
# Needs root (or sudo) for the daemons; skipped with a message otherwise. Stops the cluster on
# exit. Environment: CARGO_TARGET_DIR (the release binary is built there),
# CODEBREAK_SLURM_DIR (the cluster's folder, see slurm-cluster.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
if [ "$(id -u)" -ne 0 ] && ! sudo -n true 2>/dev/null; then
  echo "slurm-test.sh: skipped: starting Slurm's daemons needs root or sudo without a password"
  exit 0
fi
start=$(date +%s)
say() { echo "slurm-test.sh: [$(($(date +%s) - start)) s] $*"; }
fail() { echo "slurm-test.sh: FAILED: $*" >&2; exit 1; }

say "building the release binary"
nice cargo build --release --quiet -p codebreak
bin=$(realpath "${CARGO_TARGET_DIR:-target}/release/codebreak")

work=$(mktemp -d /var/tmp/codebreak-slurm-test.XXXXXX)
jobs_submitted=()
cleanup() {
  local rc=$?
  if [ "${#jobs_submitted[@]}" -gt 0 ]; then scancel "${jobs_submitted[@]}" 2>/dev/null || true; fi
  bash "$root/scripts/slurm-cluster.sh" stop || true
  if [ "$rc" -ne 0 ]; then
    echo "slurm-test.sh: logs kept in $work" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
say "starting the cluster"
bash scripts/slurm-cluster.sh start
export SLURM_CONF=${CODEBREAK_SLURM_DIR:-/var/tmp/codebreak-slurm}/slurm.conf

"$bin" shard plan --first-guess 0012 --out "$work/mm.plan"
"$bin" shard plan --openers --out "$work/mmo.plan"
"$bin" shard plan --game bulls --first-guess 0123 --out "$work/bulls.plan"
# Bulls: one job per task (14 tasks, the largest first), so that two can be interrupted on
# its own; Mastermind: 4 jobs per task. One CPU a task: two tasks at once on two cores.
"$bin" shard slurm "$work/bulls.plan" --chunk 1 --mem 1G --time 00:10:00 --out "$work/bulls.sh"
"$bin" shard slurm "$work/mm.plan" --chunk 4 --mem 1G --time 00:10:00 --certificate --out "$work/mm.sh"
"$bin" shard slurm "$work/mmo.plan" --chunk 1 --mem 1G --time 00:10:00 --certificate --out "$work/mmo.sh"
grep -q '^#SBATCH --array=0-3$' "$work/mm.sh" || fail "mm.sh is not an array of 4 tasks"
grep -q '^certificate=(--certificate)$' "$work/mmo.sh" || fail "mmo.sh does not pass --certificate"

bulls=$(sbatch --parsable "$work/bulls.sh")
jobs_submitted+=("$bulls")
mm=$(sbatch --parsable "$work/mm.sh")
jobs_submitted+=("$mm")
mmo=$(sbatch --parsable "$work/mmo.sh")
jobs_submitted+=("$mmo")
say "submitted Bulls and Cows as job $bulls, Mastermind as jobs $mm (below 0012) and $mmo (openers)"

# The output file of Bulls task I (both runs of a requeued task: --open-mode=append).
log_of() { echo "$work/bulls.plan.logs/${bulls}_$1.out"; }
# Waits until job INDEX of PLAN has been running (its marker present) for SECONDS.
running_for() {
  local plan=$1 index=$2 seconds=$3 id since
  id=$(sed -n "$((index + 2))p" "$plan" | grep -o '"id":"[0-9a-f]*"' | cut -d'"' -f4)
  for _ in $(seq 600); do
    # The marker may go between the test and the read (a run ending): then look again.
    if [ -f "$plan.results/$id.running" ] \
      && since=$(awk '{print $NF}' "$plan.results/$id.running" 2>/dev/null) \
      && [[ $since =~ ^[0-9]+$ ]]; then
      [ $(($(date +%s) - since)) -ge "$seconds" ] && return 0
    fi
    [ -f "$plan.results/$id.json" ] && fail "job $index of $plan finished before it could be interrupted"
    sleep 0.2
  done
  fail "job $index of $plan never ran"
}

# Waits until the log of Bulls task 0 has N lines matching PATTERN.
log_has() {
  local pattern=$1 n=$2
  for _ in $(seq 900); do
    [ "$(grep -c -- "$pattern" "$(log_of 0)" 2>/dev/null || true)" -ge "$n" ] && return 0
    sleep 0.2
  done
  fail "the log of Bulls task 0 never had $n lines with '$pattern': $(cat "$(log_of 0)")"
}

# Job 0, the largest (about 15 s of CPU), is interrupted twice.
running_for "$work/bulls.plan" 0 2
say "Bulls task 0 running: SIGUSR1 to its batch shell, as Slurm sends before the time limit"
scancel --batch --signal=USR1 "${bulls}_0"
log_has "requeued to resume" 1
say "Bulls task 0 saved its checkpoint and requeued itself"
log_has "^codebreak shard: task 0 (" 2
running_for "$work/bulls.plan" 0 2
say "Bulls task 0 running again: cancelled (SIGTERM, then SIGKILL after KillWait)"
scancel "${bulls}_0"
log_has "exit 130" 2
for _ in $(seq 300); do
  squeue -h -j "${bulls}_0" -t R,CG 2>/dev/null | grep -q . || break
  sleep 0.2
done
"$bin" shard status "$work/bulls.plan"
"$bin" shard status "$work/bulls.plan" --json | grep -q '"checkpoints":\[0[],]' \
  || fail "job 0 left no checkpoint: $("$bin" shard status "$work/bulls.plan" --json)"
say "requeuing Bulls task 0 (scontrol requeue)"
scontrol requeue "${bulls}_0"

say "waiting for the queue to empty"
deadline=$(($(date +%s) + 240))
while squeue -h -j "$bulls,$mm,$mmo" 2>/dev/null | grep -q .; do
  [ "$(date +%s)" -lt "$deadline" ] || { squeue; fail "jobs still queued after 240 s"; }
  sleep 1
done
say "queue empty"

log_has "resuming with" 2
log_has "^codebreak shard: task 0 (" 3
say "Bulls task 0 ran three times, resuming its checkpoint twice"

check() {
  local plan=$1 expected=$2 merged total verified proof
  local cert=()
  [ "${3:-}" = certificate ] && cert=(--certificate "$plan.cert")
  merged=$("$bin" shard merge "$plan" --tree "$plan.tree.json" "${cert[@]}" --json) || fail "merge of $plan: $merged"
  total=$(echo "$merged" | grep -o '"total":[0-9]*' | head -1 | cut -d: -f2)
  verified=$("$bin" verify "$plan.tree.json" --json | grep -o '"total":[0-9]*' | head -1 | cut -d: -f2)
  [ "$total" = "$expected" ] || fail "$plan merged to $total guesses in all, expected $expected"
  [ "$verified" = "$expected" ] || fail "the tree of $plan verifies to $verified, expected $expected"
  say "$(basename "$plan"): merged $total, tree verifies to $verified"
  if [ "${#cert[@]}" -gt 0 ]; then
    proof=$("$bin" verify --certificate "$plan.cert" --tree "$plan.tree.json") \
      || fail "the certificate of $plan does not check: $proof"
    echo "$proof" | grep -q "optimal: proved" || fail "the certificate of $plan proves no optimum: $proof"
    say "$(basename "$plan"): the merged certificate proves $expected optimal"
  fi
}
check "$work/mm.plan" 5625 certificate
check "$work/mmo.plan" 5625 certificate
check "$work/bulls.plan" 26274
say "passed in $(($(date +%s) - start)) s"
