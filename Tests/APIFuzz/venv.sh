#!/usr/bin/env bash
# The Python venv the API fuzz runs in: VENV (default: .build/test-venv-api in the package) with
# requirements.txt installed (Tests/make-venv.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec bash "$here/../make-venv.sh" "${1:-$here/../../.build/test-venv-api}" "$here/requirements.txt"
