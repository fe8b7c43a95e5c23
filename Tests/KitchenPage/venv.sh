#!/usr/bin/env bash
# Makes, once, the Python venv the kitchen page's browser tests run in: VENV (default:
# .build/test-venv-page in the package) with requirements.txt installed. .ci/run and run.sh
# both call this. A lock keeps parallel callers apart; a copy of the requirements in the
# venv says it is complete and current.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${1:-$here/../../.build/test-venv-page}"
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if [ -x "$venv/bin/python" ] && cmp -s "$here/requirements.txt" "$venv/.requirements"; then
  exit 0
fi
python3 -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
cp "$here/requirements.txt" "$venv/.requirements"
