#!/usr/bin/env bash
# A one-node Slurm test cluster on this machine, for scripts/slurm-test.sh and for trying
# `codebreak shard slurm` by hand. Run as root (or with sudo available):
#
#   bash scripts/slurm-cluster.sh start   # installs Debian's Slurm and munge if missing,
#                                         # starts munged, slurmctld, slurmd; waits for idle
#   export SLURM_CONF=/var/tmp/codebreak-slurm/slurm.conf   # as printed by start
#   sbatch ...; squeue; sinfo
#   bash scripts/slurm-cluster.sh stop    # stops the daemons it started
#
# Everything lives in $CODEBREAK_SLURM_DIR (default /var/tmp/codebreak-slurm): slurm.conf,
# state, spool, logs, pid files. The system's /etc/slurm is left alone (clients find this
# cluster by SLURM_CONF). The node is this host with the CPUs and memory `slurmd -C` reports;
# no cgroups (proctrack/linuxproc, task/none), no accounting database (so no sacct).
set -euo pipefail
dir=${CODEBREAK_SLURM_DIR:-/var/tmp/codebreak-slurm}
conf=$dir/slurm.conf
export SLURM_CONF=$conf

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || {
    echo "slurm-cluster.sh: the daemons run as root: run as root or install sudo" >&2
    exit 2
  }
  sudo="sudo"
fi

install() {
  if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null \
    && command -v munged >/dev/null; then
    return
  fi
  command -v apt-get >/dev/null || {
    echo "slurm-cluster.sh: Slurm is not installed and apt-get is not available: install slurmctld, slurmd, slurm-client and munge" >&2
    exit 2
  }
  echo "slurm-cluster.sh: installing slurmctld slurmd slurm-client munge with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  local pkgs=(slurmctld slurmd slurm-client munge)
  $sudo apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null 2>&1 || {
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
  }
}

start_munge() {
  $sudo mkdir -p /etc/munge /run/munge /var/lib/munge /var/log/munge
  if [ ! -s /etc/munge/munge.key ]; then
    $sudo dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  if id munge >/dev/null 2>&1; then
    $sudo chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge
  fi
  $sudo chmod 0700 /etc/munge
  $sudo chmod 0400 /etc/munge/munge.key
  if munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
    return # a munged is running already (the system's, or ours from an earlier start)
  fi
  # As root (--force: munged would rather run as its own user); its pid file is ours, so
  # stop ends this munged and only it.
  $sudo /usr/sbin/munged --force --pid-file="$dir/munged.pid" 2>/dev/null
  for _ in $(seq 50); do
    munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1 && return
    sleep 0.1
  done
  echo "slurm-cluster.sh: munged did not start (see /var/log/munge/munged.log)" >&2
  exit 1
}

write_conf() {
  local host node
  host=$(hostname -s)
  # "NodeName=vm CPUs=2 Boards=1 ... RealMemory=24105": this node as slurmd sees it.
  node=$(slurmd -C | head -1)
  $sudo rm -rf "$dir/state" "$dir/spool"
  $sudo mkdir -p "$dir/state" "$dir/spool"
  $sudo tee "$conf" >/dev/null <<EOF
# Written by codebreak's scripts/slurm-cluster.sh: a one-node test cluster.
ClusterName=codebreak
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
# Requeued jobs wait this long before they start again (default 120 s).
AuthInfo=cred_expire=10
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPort=6817
SlurmdPort=6818
# Seconds between SIGTERM and SIGKILL when a job is cancelled or times out.
KillWait=30
# Finished jobs stay known (to scontrol requeue) for this many seconds.
MinJobAge=600
$node State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

pid_of() { [ -s "$1" ] && cat "$1"; }

stop() {
  if [ -f "$conf" ]; then
    scontrol shutdown >/dev/null 2>&1 || true
  fi
  for f in "$dir/slurmd.pid" "$dir/slurmctld.pid"; do
    local pid
    pid=$(pid_of "$f" || true)
    if [ -n "$pid" ]; then
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      $sudo kill "$pid" 2>/dev/null || true
    fi
  done
  if [ -s "$dir/munged.pid" ]; then
    $sudo kill "$(cat "$dir/munged.pid")" 2>/dev/null || true
    $sudo rm -f "$dir/munged.pid"
  fi
  echo "slurm-cluster.sh: stopped"
}

start() {
  install
  $sudo mkdir -p "$dir"
  if [ -n "$(pid_of "$dir/slurmctld.pid" || true)" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
    echo "slurm-cluster.sh: a cluster is running already; stopping it first"
    stop
  fi
  start_munge
  write_conf
  $sudo env SLURM_CONF="$conf" slurmctld
  $sudo env SLURM_CONF="$conf" slurmd
  local state=""
  for _ in $(seq 100); do
    state=$(sinfo -h -o %t 2>/dev/null | head -1 || true)
    [ "$state" = idle ] && break
    sleep 0.3
  done
  if [ "$state" != idle ]; then
    echo "slurm-cluster.sh: the node is not idle (sinfo: ${state:-nothing}); logs in $dir" >&2
    sinfo -R >&2 || true
    exit 1
  fi
  echo "slurm-cluster.sh: one-node cluster up ($(sinfo -h -o '%n %c CPUs %m MB %t')); export SLURM_CONF=$conf"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: slurm-cluster.sh start|stop" >&2
    exit 2
    ;;
esac
