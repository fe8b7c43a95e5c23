#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of the Cooklang parser, the command-line parser and the
# HTTP request path (raw bytes to a real API server on a loopback port), for a bounded time
# each: any crash, or an input that takes over 1 s, fails the run.
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
# CCurl and CMicroHTTPD are C targets of ours (they dlopen libcurl and libmicrohttpd on first
# use): their objects are linked and SwiftPM wrote their module maps into the build folder.
modules=(CooktimerCore CooktimerActivity CooktimerStore CooktimerService CooktimerAPNs
  CooktimerDelivery CooktimerHTTP CooktimerKitchen CooktimerServer CooktimerLineEditor
  CooktimerCLI CooktimerShippedRecipes CCurl CMicroHTTPD)
objects=()
for m in "${modules[@]}"; do objects+=("$bin/$m.build"/*.o); done
maps=()
for c in CYAML CSQLite CReadline CCrypto; do
  maps+=(-Xcc "-fmodule-map-file=Sources/$c/module.modulemap")
done
for c in CCurl CMicroHTTPD; do
  maps+=(-Xcc "-fmodule-map-file=$bin/$c.build/module.modulemap")
done
libs=(-lyaml -lsqlite3 -lreadline -lcrypto)

mkdir -p "$scratch/findings"
run() {
  local name=$1 source=$2 seeds=$3
  swiftc -sanitize=fuzzer -parse-as-library -I "$bin/Modules" "${maps[@]}" "$source" \
    "${objects[@]}" "${libs[@]}" -o "$scratch/$name"
  mkdir -p "$scratch/corpus-$name"
  "$scratch/$name" "$scratch/corpus-$name" "$seeds" -max_total_time="$seconds" -timeout=1 \
    -rss_limit_mb=2048 -artifact_prefix="$scratch/findings/$name-" -print_final_stats=1
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
run http Tests/LibFuzzer/HTTPRequestTarget.swift "$seeds"
