#!/usr/bin/env python3
"""Concurrency test of a real `cooktimer serve` process (issue 26).

64 keep-alive connections start and change runs (start, pause, resume, add, next) for 30 s
against `cooktimer serve --no-send` on a free loopback port with a fresh database and the
shipped Recipes/. Fails when serve dies or exits non-zero on SIGTERM, when any answer is 5xx
(or anything but 200/201/409), when a connection breaks, or when the database afterwards does
not hold every change answered 2xx: every started run is there, each change that said
`"changed": true` left its event in the run's log, the stored step is the last one answered,
and SQLite's integrity and foreign-key checks pass.

Python's standard library only (http.client, sqlite3, threading), so no venv is needed. Bounded:
the workers stop at the deadline, every request has a 10 s timeout, and serve is killed if it
does not stop within 15 s of SIGTERM.

    python3 Tests/ServeConcurrency/run.py [--bin .build/debug/cooktimer] [--seconds 30]
        [--connections 64] [--seed N]

With `--bin .build/tsan/debug/cooktimer` (a `--sanitize=thread` build) and
TSAN_OPTIONS=halt_on_error=1 in the environment, a data race in serve fails it too.
"""

import http.client
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "ProcessDriver"))
import children as driver  # noqa: E402
from children import Child, free_port  # noqa: E402
# Recipes whose first steps carry timers, so pause, resume and add change something.
RECIPES = ["overnight-bread", "soft-boiled-eggs", "pasta-carbonara", "spaghetti", "steak"]


class Tally(driver.Tally):
    """What the workers saw, under one lock."""

    def __init__(self):
        super().__init__(limit=20)
        self.started = set()
        self.changed = {}  # (run, action) -> count of "changed": true answers
        self.last_step = {}  # run -> stepNumber of its last 2xx answer


def worker(port, deadline, tally, seed):
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    run = None

    def call(method, path, body=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        data = json.dumps(body) if body is not None else None
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        text = response.read()
        tally.answer(response.status)
        return response.status, text

    while time.monotonic() < deadline:
        try:
            if run is None:
                status, text = call("POST", "/v1/runs", {"recipe": rng.choice(RECIPES)})
                if status != 201:
                    tally.fail(f"POST /v1/runs answered {status}: {text[:200]!r}")
                    continue
                document = json.loads(text)
                run = document["id"]
                with tally.lock:
                    tally.started.add(run)
                    tally.last_step[run] = document.get("stepNumber")
                continue
            action = rng.choices(["pause", "resume", "add", "next"], [3, 3, 3, 1])[0]
            body = {"duration": rng.choice(["30s", "-10s", "1m"])} if action == "add" else None
            status, text = call("POST", f"/v1/runs/{run}/{action}", body)
            if status == 409:
                continue
            if status != 200:
                tally.fail(f"POST /v1/runs/{run}/{action} answered {status}: {text[:200]!r}")
                continue
            document = json.loads(text)
            with tally.lock:
                if document.get("changed"):
                    key = (run, action)
                    tally.changed[key] = tally.changed.get(key, 0) + 1
                tally.last_step[run] = document["run"].get("stepNumber")
            if document["run"].get("phase") in ("finished", "stopped"):
                run = None
        except (OSError, http.client.HTTPException, ValueError, KeyError) as error:
            tally.fail(f"connection broke: {type(error).__name__}: {error}")
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.close()


def check_database(path, tally):
    problems = []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    if db.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
        problems.append("PRAGMA integrity_check is not ok")
    if db.execute("PRAGMA foreign_key_check").fetchall():
        problems.append("PRAGMA foreign_key_check found rows")
    stored = {row[0] for row in db.execute("SELECT id FROM runs")}
    if stored != tally.started:
        missing = sorted(tally.started - stored)[:5]
        extra = sorted(stored - tally.started)[:5]
        problems.append(
            f"runs stored {len(stored)}, started {len(tally.started)}: missing {missing}, extra {extra}"
        )
    events = {}
    for run, kind, count in db.execute(
        "SELECT run_id, kind, count(*) FROM run_events GROUP BY run_id, kind"
    ):
        events[(run, kind)] = count
    problems += driver.event_problems(events, tally)
    for run, step in tally.last_step.items():
        row = db.execute("SELECT run_json FROM runs WHERE id = ?", (run,)).fetchone()
        if row is None:
            continue
        # `run_json` is an array in field order (StoredRun): the step index is its fifth.
        index = json.loads(row[0])[4]
        if step is not None and index is not None and index + 1 != step:
            problems.append(f"{run}: stored step {index + 1}, last answered {step}")
    db.close()
    return problems


def main():
    parser = driver.argument_parser(ROOT)
    parser.add_argument("--connections", type=int, default=64)
    options = parser.parse_args()
    if driver.binary_missing(options, "serve concurrency"):
        return 2
    print(f"serve concurrency: seed {options.seed}")

    work = tempfile.mkdtemp(prefix="cooktimer-concurrency.")
    database = os.path.join(work, "db.sqlite3")
    environment = {
        "PATH": "/usr/bin:/bin",
        "HOME": work,
        "TZ": "UTC",
        "COOKTIMER_DB": database,
        "COOKTIMER_RECIPES": os.path.join(ROOT, "Recipes"),
    }
    # A serve built with --sanitize=thread: TSAN_OPTIONS=halt_on_error=1 makes a race kill it.
    if "TSAN_OPTIONS" in os.environ:
        environment["TSAN_OPTIONS"] = os.environ["TSAN_OPTIONS"]
    port = free_port()
    serve = Child(
        "serve", [options.bin, "serve", "--listen", f"127.0.0.1:{port}", "--no-send"],
        environment, work, port=port, healthy_within=15,
    )
    try:
        try:
            serve.start()
        except RuntimeError:
            print("serve concurrency: serve did not start", file=sys.stderr)
            return 1

        tally = Tally()
        deadline = time.monotonic() + options.seconds
        threads = [
            threading.Thread(
                target=worker, args=(port, deadline, tally, options.seed * 1000 + n), daemon=True
            )
            for n in range(options.connections)
        ]
        for thread in threads:
            thread.start()
        died = None
        while any(thread.is_alive() for thread in threads):
            if serve.process.poll() is not None:
                died = serve.process.returncode
                break
            time.sleep(0.1)
        for thread in threads:
            thread.join(timeout=15)

        if died is None:
            code = serve.stop()
            if isinstance(code, str):
                tally.fail(f"serve {code}")
            elif code not in (0, None):
                tally.fail(f"serve exited {code} on SIGTERM")
        # A death heads the list: the broken connections and lost answers follow from it.
        problems = [f"serve died during the test (exit status {died})"] if died is not None else []
        problems += tally.failures + check_database(database, tally)
        answered = sum(tally.statuses.values())
        statuses = ", ".join(f"{k}: {v}" for k, v in sorted(tally.statuses.items()))
        print(
            f"serve concurrency: {options.connections} connections, {options.seconds:g} s, "
            f"{answered} answers ({statuses}), {len(tally.started)} runs started"
        )
        if problems:
            for problem in problems:
                print(f"serve concurrency: FAIL {problem}", file=sys.stderr)
            with open(serve.log_path, "rb") as f:
                output = f.read().decode(errors="replace")
            words = ("error", "crash", "fatal", "escaped")
            said = [line for line in output.splitlines() if any(w in line.lower() for w in words)]
            said = said[:5]
            print("serve said:\n" + "\n".join(said), file=sys.stderr)
            print(f"serve's last output:\n{output[-1500:]}", file=sys.stderr)
            return 1
        print("serve concurrency: ok (no 5xx, serve alive, every 2xx change stored)")
        return 0
    finally:
        if serve.process is not None and serve.process.poll() is None:
            serve.kill()
        subprocess.run(["rm", "-rf", work], check=False)


if __name__ == "__main__":
    sys.exit(main())
