#!/usr/bin/env bash
# Syntax check of the kitchen page's script (Sources/CooktimerKitchen/Resources) with node:
# each file alone (so an error names its own file and line), then all of them joined in the
# page's order, as the browser runs them in one scope (a name declared twice across files
# is an error only there). Exits 1 on the first error, with node's file:line message.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
res="$here/../../Sources/CooktimerKitchen/Resources"
# The order of KitchenPage.html (Sources/CooktimerKitchen/KitchenPage.swift).
order=(base stream alarm cards actions)
joined="$(mktemp --suffix=.js)"
trap 'rm -f "$joined"' EXIT
for part in "${order[@]}"; do
  node --check "$res/kitchen-$part.js"
  cat "$res/kitchen-$part.js" >>"$joined"
done
for f in "$res"/*.js; do
  name="$(basename "$f" .js)"
  [[ " ${order[*]} " == *" ${name#kitchen-} "* ]] || { echo "check-js: $f is not in the page's order" >&2; exit 1; }
done
node --check "$joined"
echo "check-js: ${#order[@]} files, $(wc -c <"$joined") bytes, syntax ok"
