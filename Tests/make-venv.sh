#!/usr/bin/env bash
# Makes, once, a Python venv for a test stand-in: make-venv.sh VENV REQUIREMENTS. The tests
# and .ci/run call it through each stand-in's venv.sh, so there is one rule. A lock keeps
# parallel callers from building it at the same time; a copy of the requirements in the venv
# says it is complete and current.
set -euo pipefail
venv="$1"
requirements="$2"
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/.requirements"; then
  exit 0
fi
python3 -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
cp "$requirements" "$venv/.requirements"
