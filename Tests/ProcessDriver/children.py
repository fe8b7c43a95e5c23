"""What the Python drivers of real `cooktimer` processes share (Tests/ServeConcurrency,
Tests/PostgreSQLFault): their common options, a free loopback port, a child process that can be started, waited
for, killed and stopped again the same way, the tally of answers and failures their
client threads keep, and the check that every change answered 2xx left its events.

Python's standard library only. A driver imports it with
`sys.path.insert(0, os.path.join(ROOT, "Tests", "ProcessDriver"))`.
"""

import argparse
import http.client
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time


def argument_parser(root):
    """The options every driver takes: --bin (the `cooktimer` to run, default the debug
    build under `root`), --seconds (30) and --seed (a random one, printed by the driver so a
    run can be repeated); a driver adds its own."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(root, ".build/debug/cooktimer"))
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--seed", type=int, default=random.randrange(1 << 30))
    return parser


def binary_missing(options, name):
    """True, having said so on stderr, when --bin is not an executable (exit 2 then)."""
    if os.access(options.bin, os.X_OK):
        return False
    print(f"{name}: no {options.bin}; run swift build first", file=sys.stderr)
    return True


def free_port():
    """A loopback TCP port nothing listens on now (the kernel's pick)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Child:
    """One `cooktimer` process that can be killed and started again the same way. Its output
    goes to NAME.log in `folder`, each start marked; with a `port`, `start` waits until
    `GET /healthz` answers 200 there."""

    def __init__(self, name, arguments, environment, folder, port=None, healthy_within=20):
        self.name, self.arguments, self.environment = name, arguments, environment
        self.folder, self.port, self.healthy_within = folder, port, healthy_within
        self.process, self.starts = None, 0

    @property
    def log_path(self):
        return os.path.join(self.folder, f"{self.name}.log")

    def start(self):
        self.starts += 1
        log = open(self.log_path, "ab")
        log.write(f"--- start {self.starts} at {time.time():.3f}\n".encode())
        log.flush()
        self.process = subprocess.Popen(
            self.arguments, env=self.environment, stdin=subprocess.DEVNULL, stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        if self.port is not None:
            self.wait_healthy(self.healthy_within)

    def wait_healthy(self, limit=20):
        """Raises RuntimeError when the process exits or `limit` seconds pass first."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            try:
                probe = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                probe.request("GET", "/healthz")
                if probe.getresponse().status == 200:
                    return True
            except OSError:
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not become healthy; see {self.name}.log")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        """SIGTERM, then the exit status; a process still there 15 s later is killed and the
        text "did not stop within 15 s of SIGTERM" returned instead. None when not running."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                return self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return "did not stop within 15 s of SIGTERM"
        return None


class Tally:
    """What client threads saw, under one lock (a condition, for drivers that wait on it):
    the first `limit` failures and a count of answers by status."""

    def __init__(self, limit):
        self.lock = threading.Condition()
        self.limit = limit
        self.failures, self.statuses = [], {}

    def fail(self, text):
        with self.lock:
            if len(self.failures) < self.limit:
                self.failures.append(text)

    def answer(self, status):
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1


# The event each change leaves in `run_events` when it answers `"changed": true`.
EVENT_OF = {"pause": "paused", "resume": "resumed", "add": "added"}


def event_problems(events, tally):
    """What the stored event log lacks, as lines: `events` maps (run, kind) to how many
    `run_events` rows there are; each run in `tally.started` must have one `started`, and
    each (run, action) in `tally.changed` at least as many events of its kind as answers
    said `"changed": true`."""
    problems = []
    for run in tally.started:
        if events.get((run, "started"), 0) != 1:
            problems.append(f"{run}: {events.get((run, 'started'), 0)} started events")
    for (run, action), count in tally.changed.items():
        kind = EVENT_OF.get(action)
        if kind and events.get((run, kind), 0) < count:
            problems.append(f"{run}: {count} answers said {action} changed it, "
                            f"{events.get((run, kind), 0)} {kind} events")
    return problems
