#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of the Cooklang parser, the command-line parser, the
# prose-duration finder, YAML front matter, recipe import and the HTTP request path (raw bytes
# to a real API server on a loopback port), for a bounded time each: any crash, an input that
# takes over 1 s, or (for the last four) one allocation over 100 MB fails the run.
#
#   bash Tests/LibFuzzer/run.sh            # 20 s each
#   FUZZ_SECONDS=300 bash Tests/LibFuzzer/run.sh
#
# The package's modules are built with -sanitize=fuzzer into .build/libfuzzer (apart from
# the normal build), then each target here is linked against their objects with swiftc, as
# SwiftPM has no fuzz product. Findings are left in .build/libfuzzer/findings.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${FUZZ_SECONDS:-20}"
scratch=.build/libfuzzer
swift build -Xswiftc -sanitize=fuzzer -Xswiftc -enable-testing --target CooktimerCLI \
  --scratch-path "$scratch"
bin="$scratch/debug"

# The modules CooktimerCLI links (Package.swift), and the C libraries behind them.
# CCurl, CMicroHTTPD, CQRencode and CPostgreSQL are C targets of ours (they dlopen libcurl,
# libmicrohttpd, libqrencode and libpq on first use): their objects are linked and SwiftPM
# wrote their module maps into the build folder.
modules=(CooktimerCore CookingTimerAttributes CooktimerActivity CooktimerStore CooktimerPostgreSQL CooktimerService
  CooktimerAPNs CooktimerDelivery CooktimerHTTP CooktimerKitchen CooktimerServer
  CooktimerLineEditor CooktimerCLI CooktimerShippedRecipes CCurl CMicroHTTPD CQRencode
  CPostgreSQL)
objects=()
for m in "${modules[@]}"; do objects+=("$bin/$m.build"/*.o); done
maps=()
for c in CYAML CSQLite CReadline CCrypto CZlib; do
  maps+=(-Xcc "-fmodule-map-file=Sources/$c/module.modulemap")
done
for c in CCurl CMicroHTTPD CQRencode CPostgreSQL; do
  maps+=(-Xcc "-fmodule-map-file=$bin/$c.build/module.modulemap")
done
libs=(-lyaml -lsqlite3 -lreadline -lcrypto -lz)

mkdir -p "$scratch/findings"
# Swift's own backtracer would take a trap's signal first and exit, and libFuzzer would not
# write the input that caused it into findings/.
export SWIFT_BACKTRACE=enable=no
# run NAME SOURCE SEEDS [libFuzzer flags…]
run() {
  local name=$1 source=$2 seeds=$3
  shift 3
  swiftc -sanitize=fuzzer -parse-as-library -I "$bin/Modules" "${maps[@]}" "$source" \
    "${objects[@]}" "${libs[@]}" -o "$scratch/$name"
  mkdir -p "$scratch/corpus-$name"
  "$scratch/$name" "$scratch/corpus-$name" "$seeds" -max_total_time="$seconds" -timeout=1 \
    -rss_limit_mb=2048 -artifact_prefix="$scratch/findings/$name-" -print_final_stats=1 "$@"
}

seeds="$scratch/seeds-commandline"
mkdir -p "$seeds"
printf 'add\0001\000min\000Nudeln' >"$seeds/add"
printf 'begin rest until 18:42 k4m' >"$seeds/begin"
printf 'payload\000end\000--dismissal\0002026-11-29T18:00:00Z' >"$seeds/payload"
printf 'outbox --limit 5 --after 3 --mark-sent 1,2' >"$seeds/outbox"
printf 'start "Soft boiled eggs" --auto-advance --now @1795975200.25' >"$seeds/start"

run cooklang Tests/LibFuzzer/CooklangTarget.swift Recipes
run commandline Tests/LibFuzzer/CommandLineTarget.swift "$seeds"

# The prose finder, front matter and import (issue 26). -malloc_limit_mb=100: any one
# allocation over 100 MB is a finding (an input that blows up, such as YAML aliases).
# -rss_limit_mb=256 (the later flag wins) bounds the whole process: about 50 MB after 20 s
# (libFuzzer's corpus and tables included, growing with the run), so 256 leaves room for a
# longer FUZZ_SECONDS yet catches an input that makes many smaller allocations.
bounded=(-malloc_limit_mb=100 -rss_limit_mb=256 -max_len=65536)

seeds="$scratch/seeds-prose"
mkdir -p "$seeds"
n=0
# Each real sentence of the finder's corpus (no comment or `@ source` lines), its
# [words|seconds] labels taken off.
grep -v -e '^#' -e '^@' Tests/CooktimerCoreTests/Fixtures/prose-corpus.txt | grep . |
  sed -e 's/\[\([^]|]*\)|[^]]*\]/\1/g' | while IFS= read -r line; do
  n=$((n + 1))
  printf '%s' "$line" >"$seeds/line-$n"
done
printf 'Rest 10000000000000 days.' >"$seeds/huge"
run prose Tests/LibFuzzer/ProseTarget.swift "$seeds" "${bounded[@]}"

seeds="$scratch/seeds-frontmatter"
mkdir -p "$seeds"
# The front matter of each shipped recipe (between its first two `---` lines).
for f in Recipes/*.cook; do
  awk 'NR == 1 && $0 != "---" { exit } NR > 1 && $0 == "---" { exit } NR > 1' "$f" \
    >"$seeds/$(basename "$f" .cook)"
done
printf 'a: &a [x,x,x,x]\nb: &b [*a,*a,*a,*a]\nc: [*b,*b,*b,*b]\n' >"$seeds/aliases"
printf 'k: [[[{a: [b, {c: d}]}]]]\n' >"$seeds/nested"
run frontmatter Tests/LibFuzzer/FrontMatterTarget.swift "$seeds" "${bounded[@]}"

# Saved pages (HTML with JSON-LD) from the import tests.
seeds="$scratch/seeds-import"
mkdir -p "$seeds"
cp Tests/CooktimerCLITests/Fixtures/import/*.html "$seeds/"
run import Tests/LibFuzzer/ImportTarget.swift "$seeds" "${bounded[@]}"

# Requests as a client sends them: keep-alive pairs, a JSON body, chunks, a stream, and the
# framing issue 26 found (differing lengths, length with chunks and a request behind).
seeds="$scratch/seeds-http"
mkdir -p "$seeds"
printf 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /v1/runs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' \
  >"$seeds/keepalive"
printf 'POST /v1/runs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n{"recipe":"tea"}' \
  >"$seeds/start"
printf 'POST /v1/runs/abc/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n11\r\n{"duration":"1m"}\r\n0\r\n\r\n' \
  >"$seeds/chunked"
printf 'GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 3\r\n\r\n' >"$seeds/events"
printf 'POST /v1/runs HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}GET /healthz HTTP/1.1\r\n\r\n' \
  >"$seeds/two-lengths"
printf 'POST /v1/runs HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\n\r\n' \
  >"$seeds/length-and-chunks"
run http Tests/LibFuzzer/HTTPRequestTarget.swift "$seeds" "${bounded[@]}"
