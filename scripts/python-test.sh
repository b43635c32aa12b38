#!/usr/bin/env bash
# The Python package's tests: builds python/ into a virtual environment (target/py-venv) with
# pip, which gets maturin as the build backend, and runs pytest on python/tests.
# The first build of the extension is a release build of the engine (about 3.5 minutes of CPU
# here); later ones only rebuild what changed.
# Installs Debian's python3-venv when `python3 -m venv` is missing it, like install-browser.sh.
# Environment: PYTHON (default python3), CODEBREAK_PY_VENV (default target/py-venv),
# CODEBREAK_PY_NUMPY=1 to install numpy too (its tests are skipped without it).
# Ray is installed for codebreak.distributed's tests (about 9 s from the package index here);
# CODEBREAK_PY_RAY=0 skips it (and them).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
venv=${CODEBREAK_PY_VENV:-target/py-venv}
command -v "$python" >/dev/null || {
  echo "python-test.sh: $python not found: install Python 3.9 or later (Debian: apt-get install python3 python3-venv)" >&2
  exit 2
}
if [ ! -x "$venv/bin/python" ]; then
  probe=$(mktemp -d)
  if ! "$python" -m venv "$probe/v" >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 || {
      echo "python-test.sh: $python -m venv does not work and apt-get is not available: install Python's venv module (Debian: python3-venv)" >&2
      exit 2
    }
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
      command -v sudo >/dev/null 2>&1 || {
        echo "python-test.sh: $python -m venv does not work: run as root (or install sudo) to apt-get install python3-venv" >&2
        exit 2
      }
      sudo="sudo"
    fi
    echo "python-test.sh: installing python3-venv with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
  fi
  rm -rf "$probe"
  "$python" -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check -q)
extra=()
if [ "${CODEBREAK_PY_NUMPY:-0}" = 1 ]; then extra+=(numpy); fi
if [ "${CODEBREAK_PY_RAY:-1}" = 1 ]; then extra+=(ray); fi
# `pip install ./python` as a user would; --force-reinstall so that an edited crate is rebuilt
# even though the version did not change (cargo rebuilds only what changed).
"${pip[@]}" install pytest "${extra[@]}"
nice "${pip[@]}" install --force-reinstall --no-deps ./python
"$venv/bin/python" -m pytest -q python/tests "$@"
