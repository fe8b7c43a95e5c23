#!/usr/bin/env bash
# Makes, once, the Python venv the API fuzz runs in: VENV (default: .build/test-venv-api in
# the package) with requirements.txt installed. .ci/run calls this before run.sh. A lock
# keeps parallel callers from building it at the same time; a copy of the requirements in
# the venv says it is complete and current.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${1:-$here/../../.build/test-venv-api}"
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if [ -x "$venv/bin/schemathesis" ] && cmp -s "$here/requirements.txt" "$venv/.requirements"; then
  exit 0
fi
python3 -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
cp "$here/requirements.txt" "$venv/.requirements"
