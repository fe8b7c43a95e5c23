#!/usr/bin/env bash
# The kitchen page's browser tests: writes the page from the Swift module, makes the venv,
# runs kitchen_test.py against the stand-in. Extra arguments go to kitchen_test.py
# (`-k alarm`, `--screenshots docs/screenshots`, or `--base-url …` for a real server).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
bash "$here/venv.sh" "$root/.build/test-venv-page"
swift build --product kitchen-page >/dev/null
page="$root/.build/kitchen-page.html"
"$(swift build --show-bin-path)/kitchen-page" "$page"
exec "$root/.build/test-venv-page/bin/python" "$here/kitchen_test.py" --page "$page" "$@"
