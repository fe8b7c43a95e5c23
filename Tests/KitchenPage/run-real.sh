#!/usr/bin/env bash
# The kitchen page's browser tests against the real `cooktimer serve` (it serves the page at
# `/`), with an API key, the tests starting and restarting the server and pausing through the
# one-shot command line on the same database, as a cook at the terminal would.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
bash "$here/venv.sh" "$root/.build/test-venv-page"
bin="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
db="$work/kitchen.sqlite3"
recipes="$here/Recipes"
port="${KITCHEN_PORT:-18419}"
key="$("$bin/cooktimer" --db "$db" apikey create --name kitchen 2>/dev/null)"
exec "$root/.build/test-venv-page/bin/python" "$here/kitchen_test.py" \
  --base-url "http://127.0.0.1:$port" --key "$key" \
  --serve "$bin/cooktimer --db $db --recipes $recipes serve --no-send --listen 127.0.0.1:$port" \
  --cli "$bin/cooktimer --db $db --recipes $recipes" "$@"
