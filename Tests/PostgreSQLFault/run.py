#!/usr/bin/env python3
"""Fault test of real processes on one PostgreSQL (issue 21, "What it must show").

Starts a throwaway PostgreSQL 15 cluster (initdb in a temporary folder, as `nobody` when run
as root; a Unix socket there, a random port), the HTTP/2 APNs stand-in (Tests/APNsStandIn, in
its venv), two `cooktimer serve --no-send` (A and B, different ports) and two `cooktimer send`
on it. Clients start and change runs through both servers while their timers (seconds long)
fire; a page-like event stream follows server B. Meanwhile a random one of the four processes
is SIGKILLed 20 times (and started again), and PostgreSQL is restarted once
(`pg_ctl restart -m fast`) halfway. Then every active run is stopped, the outbox drained, and:

- every change answered 2xx is stored (the run, its `started` event, one event per
  `"changed": true` answer, the last step answered);
- every push the sender records as sent reached every token it was for: the stand-in logged a
  200 for each (apns-id, token) of `push_sends`; nothing is left pending or failed;
- no push answered 200 is sent again, except one whose answer was in flight when its sender
  was killed (its first 200 logged from 3 s before to 1 s after a kill of a `send`: the
  stand-in may read a request a moment after its sender died) or PostgreSQL restarted,
  and then as the same request (same apns-id, token, apns-* headers and body, which holds
  the timestamp);
- the event stream on server B saw every change made through A (the state A answered, in a
  `run` event or a `resync`), within 10 s — or, when the run changed again before B told
  it (B restarting and replaying from the change log), the newer state under an event id
  at least that of A's change; and, once the outbox is drained, each of 30 changes made
  through A one at a time with nothing else writing within 2 s.

Clients retry a request that got no answer (or 503) with its Idempotency-Key, as an app
does: a run created but never answered would otherwise have no activity token, and its
end would wait in the outbox for ever.

Prints a summary; exits 1 on any failure, 2 when something it needs is missing. Python's
standard library only (the stand-in has its own venv, made by Tests/APNsStandIn/venv.sh when
absent). Bounded: every request has a timeout, the drain waits at most 30 s, and every
process it started is killed at the end.

    python3 Tests/PostgreSQLFault/run.py [--bin .build/debug/cooktimer] [--seconds 30]
        [--kills 20] [--restarts 1] [--seed N] [--keep]
"""

import http.client
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "ProcessDriver"))
import children as driver  # noqa: E402
from children import Child, free_port  # noqa: E402
PG = "/usr/lib/postgresql/15/bin/"
KEY_ID, TEAM_ID, BUNDLE = "AB12CD34EF", "TEAM567890", "com.example.cooktimer"
# Timers of a few seconds, so they fire while the clients work (Cooklang `~name{N%seconds}`).
RECIPES = {
    "quick-tea": "Steep the @tea{} for ~steep{4%seconds}, then ~rest{3%seconds}.\n\n"
    "Pour it through a #strainer{} for ~pour{5%seconds}.\n",
    "quick-eggs": "Boil the @eggs{2} for ~boil{6%seconds}.\n\nCool them for ~cool{3%seconds}.\n",
}
# For the quiet check: a timer that does not fire while it runs.
SLOW = ("slow-stock", "Simmer the @bones{} for ~stock{3%hours}.\n")
# What B's stream knows of a run a resync no longer lists.
ENDED = ("ended",)


def hex_token():
    return os.urandom(32).hex()


def signature(run):
    """What a change decides about a run, independent of when it is read: `remaining` of a
    running timer is computed from the clock, and a fire turns `running` into `fired` with the
    same end date, so both are left out."""
    timers = []
    for t in run.get("timers", []):
        state = "running" if t.get("state") == "fired" else t.get("state")
        remaining = t.get("remaining") if state == "paused" else None
        timers.append((t.get("number"), state, t.get("endDate"), t.get("duration"), remaining))
    return (run.get("phase"), run.get("stepNumber"), tuple(timers))


class Cluster:
    """A throwaway PostgreSQL cluster on a Unix socket in its own folder."""

    def __init__(self, folder):
        self.folder, self.port = folder, free_port()
        self.as_nobody = os.geteuid() == 0
        os.makedirs(folder)
        if self.as_nobody:
            shutil.chown(folder, "nobody", "nogroup")
        self.url = f"postgresql:///postgres?host={folder}&port={self.port}&user=postgres"

    def _run(self, *arguments, check=True):
        command = list(arguments)
        if self.as_nobody:
            command = ["/usr/sbin/runuser", "-u", "nobody", "--"] + command
        return subprocess.run(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            check=check, timeout=120,
        )

    def start(self):
        self._run(PG + "initdb", "-D", self.folder + "/data", "-U", "postgres", "-A", "trust")
        self._pg_ctl("start")

    def _pg_ctl(self, action, *extra):
        options = f"-k {self.folder} -p {self.port} -c listen_addresses='' -c max_connections=200"
        self._run(
            PG + "pg_ctl", "-D", self.folder + "/data", "-l", self.folder + "/log", "-w",
            "-t", "60", "-o", options, *extra, action,
        )

    def restart(self):
        self._pg_ctl("restart", "-m", "fast")

    def stop(self):
        self._run(PG + "pg_ctl", "-D", self.folder + "/data", "-m", "immediate", "-w", "stop",
                  check=False)

    def query(self, sql):
        """Rows of `sql` as lists of strings (psql's unaligned output, tab-separated)."""
        result = subprocess.run(
            [PG + "psql", "-X", "-q", "-At", "-F", "\t", "-h", self.folder, "-p", str(self.port),
             "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-c", sql],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, check=True,
        )
        return [line.split("\t") for line in result.stdout.splitlines() if line]


class Tally(driver.Tally):
    """What clients and the stream saw, under one lock (a condition, for the stream)."""

    def __init__(self):
        super().__init__(limit=30)
        self.started, self.changed, self.last_step = set(), {}, {}
        self.seen_on_b = {}  # run -> set of signatures seen on B's stream
        self.told_on_b = {}  # run -> [(event id, time.time())] of B's events that named it
        self.unseen = []  # changes on A whose exact state B's stream did not show in 10 s
        self.latencies, self.stream_connects, self.resyncs = [], 0, 0
        self.checked_on_b = 0
        self.quiet = (0, 0)  # changes made one at a time, and how many B's stream missed



class Client:
    """Keep-alive HTTP/1.1 to one server; a broken connection is reopened on the next call,
    and so is one left idle for `IDLE` seconds: `serve` closes an idle keep-alive after 10 s
    (HTTPServerConfiguration.connectionTimeoutSeconds), and a request written on a
    connection the server has closed gets no answer. Client `a` sat idle through the kills
    and the drain, and so the quiet check's first POST got none."""

    IDLE = 5

    def __init__(self, port, tally):
        self.port, self.tally, self.connection, self.used = port, tally, None, 0.0

    def call(self, method, path, body=None, key=None):
        """(status, JSON body of a 2xx) or (None, None) when no answer came. `key`: the
        Idempotency-Key, to retry a request whose answer was lost; a new one by default."""
        if self.connection is not None and time.monotonic() - self.used > self.IDLE:
            self.connection.close()
            self.connection = None
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {"Idempotency-Key": key or str(uuid.uuid4())}
        if body is not None:
            headers["Content-Type"] = "application/json"
        try:
            self.connection.request(method, path, body=json.dumps(body) if body is not None
                                    else None, headers=headers)
            response = self.connection.getresponse()
            text = response.read()
        except (OSError, http.client.HTTPException):
            # A killed server or one restarting: no answer, so nothing is owed.
            self.connection.close()
            self.connection = None
            self.tally.answer("no answer")
            return None, None
        self.used = time.monotonic()
        self.tally.answer(response.status)
        if 200 <= response.status < 300 and text:
            return response.status, json.loads(text)
        if response.status >= 500 and response.status != 503:
            self.tally.fail(f"{method} {path} on :{self.port} answered {response.status}: {text[:200]!r}")
        return response.status, None


def until_answered(client, method, path, body=None, within=30):
    """`client.call` again with the same Idempotency-Key while no answer comes or the answer
    is 503 (a server killed or restarting, PostgreSQL restarting), as an app retries: a
    request whose answer was lost may have been done, and only its key tells the server
    so. A run whose creation was done but never answered has no activity token (no client
    knows it), so its end would wait in the outbox for ever. For `within` seconds at most
    (a killed server is healthy again within 20 s, `Child.start`). (status, body) as `call`."""
    key = str(uuid.uuid4())
    until = time.monotonic() + within
    while True:
        status, document = client.call(method, path, body, key=key)
        if status is not None and status != 503:
            return status, document
        if time.monotonic() > until:
            client.tally.fail(f"{method} {path} on :{client.port}: no answer but 503 "
                              f"within {within} s")
            return status, document
        time.sleep(0.1)


def stream_follower(port, tally, stop, record):
    """A page's event stream on server B: reconnects with Last-Event-ID after a break.
    `record`: a file that gets one JSON line per connection (its Last-Event-ID, status) and
    per event (id, kind, each run's id and phase), with time.time(), for the kept logs."""
    last_id = None

    def note(**fields):
        record.write(json.dumps(dict(time=round(time.time(), 3), **fields)) + "\n")

    while not stop.is_set():
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            headers = {"Accept": "text/event-stream"}
            if last_id is not None:
                headers["Last-Event-ID"] = last_id
            connection.request("GET", "/v1/events", headers=headers)
            response = connection.getresponse()
            note(connect=last_id, status=response.status)
            if response.status != 200:
                connection.close()
                time.sleep(0.2)
                continue
            with tally.lock:
                tally.stream_connects += 1
            kind, data, event_id = None, [], None
            while not stop.is_set():
                line = response.readline()
                if not line:
                    break
                line = line.decode().rstrip("\r\n")
                if line.startswith("id:"):
                    last_id = event_id = line[3:].strip()
                elif line.startswith("event:"):
                    kind = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip())
                elif line == "":
                    if kind in ("run", "resync") and data:
                        document = json.loads("\n".join(data))
                        runs = [document["run"]] if kind == "run" else document["runs"]
                        note(id=event_id, kind=kind,
                             runs=[(run["id"], run.get("phase")) for run in runs])
                        with tally.lock:
                            if kind == "resync":
                                # A known run missing from a resync has ended (docs/api.md §1.4).
                                tally.resyncs += 1
                                listed = {run["id"] for run in runs}
                                for known in set(tally.seen_on_b) - listed:
                                    tally.seen_on_b[known].add(ENDED)
                            for run in runs:
                                tally.seen_on_b.setdefault(run["id"], set()).add(signature(run))
                                if event_id is not None:
                                    tally.told_on_b.setdefault(run["id"], []).append(
                                        (int(event_id), time.time()))
                            tally.lock.notify_all()
                    kind, data, event_id = None, [], None
            connection.close()
        except (OSError, http.client.HTTPException, ValueError) as error:
            note(broken=type(error).__name__)
            time.sleep(0.1)


def worker(own, other, deadline, tally, rng, watched):
    """Starts runs on its own server, reports each run's activity token through the other one,
    and changes the run. A worker on A (`watched`) waits, after each change, until B's stream
    shows the state A answered."""
    run = None
    changes = 0
    while time.monotonic() < deadline:
        if run is None:
            status, document = until_answered(
                own, "POST", "/v1/runs",
                {"recipe": rng.choice(list(RECIPES)), "autoAdvance": False})
            if status != 201:
                time.sleep(0.1)
                continue
            run, changes = document["id"], 0
            with tally.lock:
                tally.started.add(run)
                tally.last_step[run] = document.get("stepNumber")
            # The phone reports the activity's update token until one server takes it; without
            # it the run's updates wait (docs/delivery.md §1), and the drain would never end.
            token = hex_token()
            for server in [other, own] * 50:
                status, _ = server.call("PUT", f"/v1/runs/{run}/activities/1/token",
                                        {"token": token})
                if status == 204:
                    break
                time.sleep(0.1)
            else:
                tally.fail(f"{run}: no server took its activity token in 50 tries")
            continue
        action = rng.choices(["pause", "resume", "add", "next", "stop"], [3, 3, 3, 2, 1])[0]
        if changes >= 12:
            action = "stop"
        body = {"duration": rng.choice(["3s", "-1s", "5s"])} if action == "add" else None
        answered_at = None
        sent_wall = time.time()
        status, document = own.call("POST", f"/v1/runs/{run}/{action}", body)
        if status == 404:
            tally.fail(f"{run} answered 404 to {action} after it was started with 201")
            run = None
            continue
        if status != 200 or document is None:
            time.sleep(0.05)
            continue
        answered_at, answered_wall = time.monotonic(), time.time()
        changes += 1
        with tally.lock:
            if document.get("changed"):
                key = (run, action)
                tally.changed[key] = tally.changed.get(key, 0) + 1
            tally.last_step[run] = document["run"].get("stepNumber")
        if watched and document.get("changed"):
            wanted = signature(document["run"])
            ended = wanted[0] in ("finished", "stopped")
            with tally.lock:
                seen = tally.lock.wait_for(
                    lambda: wanted in tally.seen_on_b.get(run, ())
                    or (ended and ENDED in tally.seen_on_b.get(run, ())), timeout=10)
                tally.checked_on_b += 1
                if seen:
                    tally.latencies.append(time.monotonic() - answered_at)
            if not seen:
                # Judged at the end against the change log: B may have told a later state.
                with tally.lock:
                    tally.unseen.append((run, action, wanted, sent_wall, answered_wall))
        if document["run"].get("phase") in ("finished", "stopped"):
            run = None
        else:
            time.sleep(rng.uniform(0.05, 0.6))


def quiet_changes(a, tally, rng, count=30):
    """Changes through A one at a time with nothing else writing (no clients, no timer due,
    the outbox drained), each at a random point of B's watcher's poll: B's stream must show
    each within 2 s. Steady writes from other clients would hide a change B's watcher
    skipped until the next write."""
    # Nothing is killed now: every request must be answered at the first try.
    status, document = a.call("POST", "/v1/runs", {"recipe": SLOW[0], "autoAdvance": False})
    if status != 201:
        return None, [f"quiet check: POST /v1/runs answered {status}"]
    run = document["id"]
    with tally.lock:
        tally.started.add(run)
        tally.last_step[run] = document.get("stepNumber")
    missed = []
    for n in range(count):
        time.sleep(rng.uniform(0.05, 0.15))
        action = "pause" if n % 2 == 0 else "resume"
        status, document = a.call("POST", f"/v1/runs/{run}/{action}")
        if status != 200 or not document.get("changed"):
            return run, [f"quiet check: {action} of {run} answered {status} {document}"]
        with tally.lock:
            tally.changed[(run, action)] = tally.changed.get((run, action), 0) + 1
            wanted = signature(document["run"])
            if not tally.lock.wait_for(lambda: wanted in tally.seen_on_b.get(run, ()), timeout=2):
                missed.append(n + 1)
    tally.quiet = (count, len(missed))
    if missed:
        return run, [f"quiet check: B's stream did not show {len(missed)} of {count} changes made "
                f"through A one at a time within 2 s (numbers {missed[:10]})"]
    return run, []


def judge_unseen(cluster, tally):
    """The changes on A whose very state B's stream did not show within 10 s. A `run` event
    tells the run as it is when the server sends it (docs/api.md §1.4), so when the run
    changed again (a timer fired, another change) before B told A's change — B restarting,
    its stream replaying from the change log — B shows the newer state under an id at
    least that of A's change. That is A's change told; anything else is a miss."""
    problems = []
    for run, action, wanted, sent_wall, answered_wall in tally.unseen:
        changes = [(int(seq), int(at)) for seq, at in cluster.query(
            f"SELECT seq, at_ms FROM run_changes WHERE run_id = '{run}' ORDER BY seq")]
        # A's change: the newest of the run's changes made by the time A answered.
        made = [seq for seq, at in changes
                if sent_wall * 1000 - 5 <= at <= answered_wall * 1000 + 5]
        mine = max(made) if made else None
        later = mine is not None and any(seq > mine for seq, _ in changes)
        told = [seq for seq, at in tally.told_on_b.get(run, [])
                if mine is not None and seq >= mine and at <= answered_wall + 10]
        if not (later and told):
            problems.append(
                f"{run}: B's stream did not show the state A answered to {action} at "
                f"{answered_wall:.3f} within 10 s: {wanted} (A's change {mine}, a later change "
                f"{later}, B told ids {told[:3]}; stream.jsonl has what B's stream got)")
    return problems


def check_store(cluster, tally):
    problems = []
    stored = {row[0] for row in cluster.query("SELECT id FROM runs")}
    if not tally.started <= stored:
        problems.append(f"runs answered 201 but not stored: {sorted(tally.started - stored)[:5]}")
    events = {}
    for run, kind, count in cluster.query(
            "SELECT run_id, kind, count(*) FROM run_events GROUP BY run_id, kind"):
        events[(run, kind)] = int(count)
    problems += driver.event_problems(events, tally)
    for run, json_text in cluster.query("SELECT id, run_json FROM runs"):
        step = tally.last_step.get(run)
        index = json.loads(json_text)[4]  # StoredRun's fifth field: the step index
        if step is not None and index is not None and index + 1 != step:
            problems.append(f"{run}: stored step {index + 1}, last answered {step}")
    return problems


def difference(first, again):
    """What differs between two requests with one apns-id, for the failure message."""
    said = []
    if first["token"] != again["token"]:
        said.append("token")
    for name in sorted(set(first["headers"]) | set(again["headers"])):
        if name.startswith("apns-") and first["headers"].get(name) != again["headers"].get(name):
            said.append(f"{name} {first['headers'].get(name)} then {again['headers'].get(name)}")
    if first["body"] != again["body"]:
        try:
            one, two = json.loads(first["body"])["aps"], json.loads(again["body"])["aps"]
            said += [f"aps.{key} {one.get(key)} then {two.get(key)}"
                     for key in sorted(set(one) | set(two)) if one.get(key) != two.get(key)]
        except (ValueError, KeyError, TypeError):
            said.append("body")
    return ", ".join(said)


def check_pushes(cluster, requests, fault_times, known_runs):
    """`requests`: the stand-in's log. `fault_times`: when a `send` was killed or PostgreSQL
    restarted (time.time()). `known_runs`: the runs a client was answered 201 for."""
    problems, notes = [], {}
    states = dict((state, int(n)) for state, n in cluster.query(
        "SELECT state, count(*) FROM outbox GROUP BY state"))
    notes["outbox"] = states
    for state in ("pending", "failed"):
        if states.get(state):
            # Enough to tell why: the run (answered to a client or not), its activity tokens,
            # the lease, the attempts.
            rows = cluster.query(
                "SELECT o.id, o.event, o.reason, o.run_id, o.attempts, o.lease_owner, "
                "(SELECT count(*) FROM push_tokens t WHERE t.run_id = o.run_id "
                "AND t.activity = o.activity) FROM outbox o "
                f"WHERE o.state = '{state}' ORDER BY o.id LIMIT 5")
            said = [f"push {push} ({event}, reason {reason!r}) of run {run} "
                    f"({'answered' if run in known_runs else 'never answered'} to a client, "
                    f"{tokens} activity tokens), {attempts} attempts, lease {owner!r}"
                    for push, event, reason, run, attempts, owner, tokens in rows]
            problems.append(f"{states[state]} pushes {state} after the drain: {said}")
    ok = {}
    for r in requests:
        if r.get("status") == 200:
            ok.setdefault(r["apns_id"], []).append(r)
    sends = cluster.query(
        "SELECT s.push_id, s.token, s.apns_id, s.state FROM push_sends s "
        "JOIN outbox o ON o.id = s.push_id WHERE o.state = 'sent'")
    notes["sends"] = len(sends)
    for push, token, apns_id, state in sends:
        if state != "sent":
            problems.append(f"push {push} to {token[:8]}…: push sent, this send {state}")
        elif not any(r["token"] == token for r in ok.get(apns_id, [])):
            problems.append(f"push {push} to {token[:8]}…: recorded sent, the stand-in never "
                            f"answered 200 to apns-id {apns_id}")
    again = 0
    for apns_id, answered in ok.items():
        if len(answered) == 1:
            continue
        first = answered[0]
        same = all(
            r["token"] == first["token"] and r["body"] == first["body"] and
            {k: v for k, v in r["headers"].items() if k.startswith("apns-")} ==
            {k: v for k, v in first["headers"].items() if k.startswith("apns-")}
            for r in answered[1:])
        # The stand-in logs a request when it has read it, which under load can be a moment
        # after its sender was killed (seed 544059346: 20-70 ms): such a request was in
        # flight at the kill all the same.
        in_flight = any(-1 <= at - first["time"] <= 3 for at in fault_times)
        if not same:
            problems.append(f"apns-id {apns_id} answered 200 {len(answered)} times, not as "
                            f"the same request: {difference(first, answered[1])}")
        elif not in_flight:
            near = min(fault_times, key=lambda at: abs(at - first["time"]), default=None)
            problems.append(f"apns-id {apns_id} answered 200 {len(answered)} times with no "
                            "kill of a sender or restart of PostgreSQL from 1 s before to 3 s "
                            f"after the first (at {first['time']:.3f}; nearest fault "
                            f"{near if near is None else f'{near:.3f}'})")
        again += len(answered) - 1
    notes["again"] = again
    notes["answered 200"] = sum(len(v) for v in ok.values())
    return problems, notes


def stand_in_python():
    python = os.path.join(ROOT, ".build/test-venv/bin/python")
    if not os.access(python, os.X_OK):
        subprocess.run(["bash", os.path.join(ROOT, "Tests/APNsStandIn/venv.sh")], check=True)
    return python


def main():
    parser = driver.argument_parser(ROOT)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--restarts", type=int, default=1,
                        help="PostgreSQL restarts, spread evenly over the run")
    parser.add_argument("--clients", type=int, default=4, help="per server")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    options = parser.parse_args()
    if driver.binary_missing(options, "postgresql fault"):
        return 2
    for program in ("initdb", "pg_ctl", "psql"):
        if not os.access(PG + program, os.X_OK):
            print(f"postgresql fault: no {PG + program} (apt-get install postgresql-15)",
                  file=sys.stderr)
            return 2
    rng = random.Random(options.seed)
    print(f"postgresql fault: seed {options.seed}")
    began = time.monotonic()
    work = tempfile.mkdtemp(prefix="cooktimer-pgfault.")
    os.chmod(work, 0o755)  # the cluster's folder inside must be reachable for `nobody`
    cluster = Cluster(os.path.join(work, "pg"))
    children, stand_in, problems = [], None, []
    try:
        cluster.start()
        # The APNs signing key (PKCS#8 PEM, as Apple's .p8) and its public half for the stand-in.
        key, public = os.path.join(work, "key.p8"), os.path.join(work, "key.pub.pem")
        subprocess.run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt",
                        "ec_paramgen_curve:P-256", "-out", key], check=True, capture_output=True)
        os.chmod(key, 0o600)
        subprocess.run(["openssl", "pkey", "-in", key, "-pubout", "-out", public], check=True,
                       capture_output=True)
        log_file = os.path.join(work, "requests.jsonl")
        stand_in = subprocess.Popen(
            [stand_in_python(), os.path.join(ROOT, "Tests/APNsStandIn/standin.py"),
             "--ca-out", os.path.join(work, "ca.pem"), "--public-key", public,
             "--key-id", KEY_ID, "--team-id", TEAM_ID, "--log", log_file],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=open(os.path.join(work, "standin.log"), "wb"))
        line = stand_in.stdout.readline().decode()
        if not line.startswith("READY port="):
            raise RuntimeError(f"the APNs stand-in said {line!r}")
        apns_port = int(line.strip().split("=")[1])

        recipes = os.path.join(work, "Recipes")
        os.makedirs(recipes)
        for name, text in list(RECIPES.items()) + [SLOW]:
            with open(os.path.join(recipes, name + ".cook"), "w") as f:
                f.write(text)
        environment = {
            "PATH": "/usr/bin:/bin", "HOME": work, "TZ": "UTC", "COOKTIMER_DB": cluster.url,
            "COOKTIMER_RECIPES": recipes, "COOKTIMER_TOPIC": BUNDLE,
            "COOKTIMER_APNS_KEY": key, "COOKTIMER_APNS_KEY_ID": KEY_ID,
            "COOKTIMER_APNS_TEAM_ID": TEAM_ID,
            "COOKTIMER_APNS_URL": f"https://127.0.0.1:{apns_port}",
            "COOKTIMER_APNS_CA": os.path.join(work, "ca.pem"),
        }
        ports = [free_port(), free_port()]
        for name, port in zip(("serveA", "serveB"), ports):
            children.append(Child(name, [options.bin, "serve", "--listen", f"127.0.0.1:{port}",
                                         "--no-send"], environment, work, port))
        for name in ("send1", "send2"):
            children.append(Child(name, [options.bin, "send"], environment, work))
        # A first: it makes the schema; the others find it made.
        for child in children:
            child.start()

        tally = Tally()
        a, b = Client(ports[0], tally), Client(ports[1], tally)
        push_to_start = [hex_token(), hex_token()]
        for client, token in zip((a, b), push_to_start):
            if client.call("PUT", "/v1/tokens/push-to-start", {"token": token})[0] != 204:
                raise RuntimeError("registering a push-to-start token failed")

        stop_stream = threading.Event()
        stream_record = open(os.path.join(work, "stream.jsonl"), "w", buffering=1)
        stream = threading.Thread(target=stream_follower,
                                  args=(ports[1], tally, stop_stream, stream_record),
                                  daemon=True)
        stream.start()
        time.sleep(0.5)
        deadline = time.monotonic() + options.seconds
        threads = []
        for n in range(options.clients * 2):
            on_a = n % 2 == 0
            own = Client(ports[0] if on_a else ports[1], tally)
            other = Client(ports[1] if on_a else ports[0], tally)
            threads.append(threading.Thread(
                target=worker, daemon=True,
                args=(own, other, deadline, tally, random.Random(rng.random()), on_a)))
        for thread in threads:
            thread.start()

        # The faults: kills spread over 10%..85% of the time, PostgreSQL restarted at half
        # (--restarts N: at 1/(N+1), 2/(N+1), … of the time).
        start = time.monotonic()
        schedule = sorted(rng.uniform(0.1, 0.85) * options.seconds for _ in range(options.kills))
        restart_ats = [(i + 1) / (options.restarts + 1) * options.seconds
                       for i in range(options.restarts)]
        fault_times, kills, restarted = [], {}, 0
        for at in schedule + [None]:
            while restart_ats and (at is None or at > restart_ats[0]):
                time.sleep(max(0, start + restart_ats.pop(0) - time.monotonic()))
                cluster.restart()
                fault_times.append(time.time())
                restarted += 1
            if at is None:
                break
            time.sleep(max(0, start + at - time.monotonic()))
            victim = rng.choice(children)
            killed_at = time.time()
            victim.kill()
            if victim.name.startswith("send"):
                fault_times.append(killed_at)
            kills[victim.name] = kills.get(victim.name, 0) + 1
            time.sleep(rng.uniform(0.05, 0.5))
            victim.start()
        for thread in threads:
            thread.join(timeout=30)

        # Wind down: stop what is still active, then let the senders empty the outbox.
        for (run,) in cluster.query("SELECT id FROM runs WHERE status = 'active'"):
            status, _ = until_answered(a, "POST", f"/v1/runs/{run}/stop")
            if status != 200:
                problems.append(f"wind-down: stop of {run} answered {status}")
        def drain():
            until = time.monotonic() + 30
            while time.monotonic() < until:
                if not cluster.query("SELECT 1 FROM outbox WHERE state = 'pending' LIMIT 1"):
                    break
                time.sleep(0.25)
            time.sleep(0.5)  # answers being recorded

        drain()
        quiet_run, quiet_problems = quiet_changes(a, tally, rng)
        problems += quiet_problems
        stop_stream.set()
        if quiet_run is not None:
            # Its updates waited for a token (none, to keep the quiet quiet); now they go.
            a.call("PUT", f"/v1/runs/{quiet_run}/activities/1/token", {"token": hex_token()})
            a.call("POST", f"/v1/runs/{quiet_run}/stop")
            drain()

        for child in children:
            if child.process.poll() is not None:
                problems.append(f"{child.name} died on its own (exit {child.process.returncode})")
            code = child.stop()
            if code not in (0, None):
                problems.append(f"{child.name} exited {code} on SIGTERM")
        with open(log_file) as f:
            requests = [json.loads(line) for line in f if line.endswith("\n")]
        problems += tally.failures + judge_unseen(cluster, tally) + check_store(cluster, tally)
        push_problems, notes = check_pushes(cluster, requests, fault_times, tally.started)
        problems += push_problems
        if tally.checked_on_b == 0:
            problems.append("no change made through A was checked on B's stream")

        statuses = ", ".join(f"{k}: {v}" for k, v in sorted(tally.statuses.items(), key=str))
        latencies = sorted(tally.latencies)
        median = latencies[len(latencies) // 2] * 1000 if latencies else float("nan")
        p99 = latencies[int(len(latencies) * 0.99)] * 1000 if latencies else float("nan")
        print(f"postgresql fault: {options.seconds:g} s, {options.clients} clients per server, "
              f"{len(tally.started)} runs started, answers ({statuses})")
        print(f"postgresql fault: kills {sum(kills.values())} "
              f"({', '.join(f'{k} {v}' for k, v in sorted(kills.items()))}), "
              f"PostgreSQL restarted {restarted}")
        print(f"postgresql fault: pushes: outbox {notes['outbox']}, {notes['sends']} sends, "
              f"{notes['answered 200']} answered 200, {notes['again']} sent again")
        print(f"postgresql fault: B's stream: {tally.checked_on_b} changes on A checked "
              f"({len(tally.unseen)} not shown as answered, judged by the change log), "
              f"{tally.stream_connects} connections, {tally.resyncs} resyncs, "
              f"A-change to B-event median {median:.0f} ms, p99 {p99:.0f} ms; quiet "
              f"changes {tally.quiet[0]}, missed {tally.quiet[1]}")
        print(f"postgresql fault: {time.monotonic() - began:.0f} s in all")
    except Exception as error:  # a set-up step failed: say which, with the logs kept
        problems.append(f"{type(error).__name__}: {error}")
        options.keep = True
    finally:
        for child in children:
            if child.process and child.process.poll() is None:
                child.process.kill()
                child.process.wait()
        if stand_in is not None:
            stand_in.stdin.close()
            try:
                stand_in.wait(timeout=5)
            except subprocess.TimeoutExpired:
                stand_in.kill()
                stand_in.wait()
        cluster.stop()
    if problems:
        for problem in problems:
            print(f"postgresql fault: FAIL {problem}", file=sys.stderr)
        print(f"postgresql fault: logs kept in {work}", file=sys.stderr)
        return 1
    if options.keep:
        print(f"postgresql fault: logs kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    print("postgresql fault: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
