#!/usr/bin/env bash
# Installs Debian's chromium and chromium-driver for the browser end-to-end test
# (crates/web/tests/e2e_browser.rs), only when they are missing. Quiet and idempotent; CI runs
# it as root through scripts/test.sh.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
command -v apt-get >/dev/null 2>&1 || {
  echo "install-browser.sh: chromium/chromedriver are missing and apt-get is not available: install Debian's chromium and chromium-driver packages" >&2
  exit 2
}
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || {
    echo "install-browser.sh: chromium/chromedriver are missing: run as root (or install sudo) to apt-get install chromium chromium-driver" >&2
    exit 2
  }
  sudo="sudo"
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
echo "install-browser.sh: installing chromium and chromium-driver with apt-get"
if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends chromium chromium-driver; } >"$log" 2>&1; then
  tail -n 20 "$log" >&2
  echo "install-browser.sh: apt-get failed to install chromium and chromium-driver (output above)" >&2
  exit 2
fi
for tool in chromium chromedriver; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "install-browser.sh: $tool is still missing after apt-get install" >&2
    exit 2
  }
done
