"""A stand-in for `cooktimer serve`, for the kitchen page's browser tests.
Over 300 lines on purpose: one stand-in of every /v1 route the page uses, kept in one file so
its shapes can be checked against docs/api.md side by side.


Python standard library only. It serves the page file at `GET /` and fakes the `/v1` routes
the page uses with the documented shapes (docs/api.md, README "JSON output"): runs, the
transitions, add/skip/begin, acknowledge, the timeline, recipes, and `/v1/events` as
Server-Sent Events (`event: run` / `fired` / `acknowledged` with `serverTime`, `event:
heartbeat` every 2 s, `Last-Event-ID`), runs' `acknowledgedUntil` and `suggestedTimers`, the
suggested-timer route (`timers/s1/begin`), +1 min for a named timer, and pairing (`POST
/v1/pair`). It can be frozen (`World.freeze`): every request and stream goes silent, as a
server stopped with SIGSTOP or a Wi-Fi that dropped. Its clock can run ahead of the machine's (`skew_ms`) so the tests see the
page correct for it. The runs live in a `World` that outlives a server, as the SQLite file
outlives `cooktimer serve`: `StandIn.restart()` drops every connection and starts afresh
on the same port, with a new event log, as a real restart does.

The timer model is deliberately simple (a step's timers with a length all start with the
step; no auto-advance): it has to look like the server on the wire, not be the engine.
"""

import datetime
import hashlib
import json
import queue
import re
import socket
import string
import threading
import time
import random
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import fixtures


def iso(ms):
    """ISO 8601 UTC with milliseconds, as the server writes instants."""
    t = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{int(ms) % 1000:03d}Z"


class Refused(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


def parse_duration(text):
    """The few duration forms the tests send (`1m`, `90s`, `-30s`, `2 min`), in ms."""
    m = re.fullmatch(r"\s*([+-]?)(\d+(?:\.\d+)?)\s*(s|sec|m|min|h)\s*", text or "")
    if not m:
        raise Refused(400, f'"{text}" is not a duration: type 90s, 8m, 1h30m or 1:30')
    unit = {"s": 1000, "sec": 1000, "m": 60000, "min": 60000, "h": 3600000}[m.group(3)]
    ms = int(float(m.group(2)) * unit)
    return -ms if m.group(1) == "-" else ms


class World:
    """The runs, shared by every server started on it (the database of the real thing)."""

    def __init__(self, skew_ms=0, key=None):
        self.lock = threading.RLock()
        self.skew_ms = skew_ms
        self.key = key
        self.runs = {}
        self.acks = {}
        self.requests = []  # (method, path, headers) of every request, for the tests
        self.hub = None
        self.heartbeats = True
        self.thawed = threading.Event()
        self.thawed.set()
        self.pair_codes = set()

    def freeze(self):
        """Nothing answers and nothing is sent until `thaw` (connections stay open)."""
        self.thawed.clear()

    def thaw(self):
        self.thawed.set()

    def pair(self, code):
        """`POST /v1/pair` (docs/api.md §2.1): a good code, once, for a key; keys required
        from then on."""
        with self.lock:
            if not isinstance(code, str) or not code:
                raise Refused(400, "give the pairing code as \"code\"")
            if code.upper() not in self.pair_codes:
                raise Refused(403, "this pairing code is wrong, used or expired (a code is good "
                                   "once, for 10 minutes): ask serve for a new one")
            self.pair_codes.discard(code.upper())
            self.key = "ck_" + "".join(random.choice("0123456789abcdef") for _ in range(64))
            return {"name": "paired1", "key": self.key, "createdAt": iso(self.now())}

    def now(self):
        return int(time.time() * 1000) + self.skew_ms

    # ---- Runs -------------------------------------------------------------------------
    def _new_id(self):
        while True:
            rid = "".join(random.choice(string.ascii_lowercase + string.digits) for _ in range(3))
            if rid not in self.runs:
                return rid

    def _start_step(self, run, number, now):
        run["stepNumber"] = number
        run["stepStarts"].append(now)
        for t in run["recipeDoc"]["steps"][number - 1]["timers"]:
            ms = None if t["seconds"] is None else int(t["seconds"] * 1000)
            run["timers"].append({
                "number": len(run["timers"]) + 1, "name": t["name"], "step": number,
                "state": "waiting" if ms is None else "running", "ms": ms,
                "end": None if ms is None else now + ms, "left": None})

    def start(self, name, auto_advance=False):
        doc = fixtures.RECIPES.get(name) or next(
            (d for d in fixtures.RECIPES.values() if d["name"] == name), None)
        if doc is None:
            raise Refused(404, f'no recipe "{name}"')
        with self.lock:
            now = self.now()
            run = {"id": self._new_id(), "recipeDoc": doc, "autoAdvance": bool(auto_advance),
                   "startedAt": now, "endedAt": None, "ended": None, "paused": False,
                   "stepNumber": 1, "stepStarts": [], "timers": []}
            self._start_step(run, 1, now)
            self.runs[run["id"]] = run
            self._changed(run)
            return self.document(run)

    def phase(self, run):
        if run["ended"]:
            return run["ended"]
        if run["paused"]:
            return "paused"
        if any(t["state"] == "running" for t in run["timers"]):
            return "running"
        return "waiting"

    def document(self, run, now=None):
        """The run object of `status --json`."""
        now = self.now() if now is None else now
        doc = run["recipeDoc"]
        timers = []
        for t in run["timers"]:
            item = {"number": t["number"], "name": t["name"], "step": t["step"],
                    "state": t["state"]}
            if t["ms"] is not None:
                item["duration"] = t["ms"] / 1000
            if t["state"] in ("running", "fired"):
                item["endDate"] = iso(t["end"])
            if t["state"] == "running":
                item["remaining"] = max(0, t["end"] - now) / 1000
            if t["state"] == "paused":
                item["remaining"] = t["left"] / 1000
            timers.append(item)
        step = doc["steps"][run["stepNumber"] - 1]
        begun = {t.get("label") for t in run["timers"] if t["step"] == run["stepNumber"]}
        suggested = [{"label": x["label"], "text": x["text"], "seconds": x["seconds"]}
                     for x in step.get("suggestedTimers", []) if x["label"] not in begun]
        out = {"id": run["id"], "recipe": doc["name"], "phase": self.phase(run),
               "stepNumber": run["stepNumber"], "stepCount": len(doc["steps"]),
               "stepName": doc["steps"][run["stepNumber"] - 1]["text"],
               "autoAdvance": run["autoAdvance"], "startedAt": iso(run["startedAt"]),
               "timers": timers}
        if run["endedAt"] is not None:
            out["endedAt"] = iso(run["endedAt"])
        if run["id"] in self.acks:
            out["acknowledgedUntil"] = iso(self.acks[run["id"]])
        if suggested and not run["ended"]:
            out["suggestedTimers"] = suggested
        return out

    def active(self):
        with self.lock:
            self.settle()
            return [self.document(r) for r in sorted(self.runs.values(),
                                                     key=lambda r: r["startedAt"])
                    if not r["ended"]]

    def get(self, rid):
        run = self.runs.get(rid)
        if run is None:
            raise Refused(404, f'no run "{rid}"')
        return run

    def settle(self):
        """Timers whose end passed fire (and say so on the event stream)."""
        with self.lock:
            now = self.now()
            for run in self.runs.values():
                fired = [t for t in run["timers"]
                         if t["state"] == "running" and t["end"] <= now]
                for t in fired:
                    t["state"] = "fired"
                for t in fired:
                    self._publish("fired", {"serverTime": iso(now), "id": run["id"],
                                            "timer": self._timer_doc(run, t["number"], now)})
                if fired:
                    self._changed(run)

    def _timer_doc(self, run, number, now):
        return next(t for t in self.document(run, now)["timers"] if t["number"] == number)

    def change(self, rid, action, body=None):
        """A transition; the `{"id", "changed", "note"?, "run"}` answer."""
        with self.lock:
            self.settle()
            run = self.get(rid)
            now = self.now()
            phase = self.phase(run)
            if run["ended"]:
                raise Refused(409, f"{rid} is {phase}: nothing more can change")
            note = None
            live = [t for t in run["timers"] if t["state"] in ("running", "paused")]
            if action == "pause":
                if phase == "paused":
                    note = "already paused"
                elif phase != "running":
                    raise Refused(409, f"nothing to pause: no timer is running ({rid} is {phase})")
                else:
                    for t in live:
                        t["state"], t["left"], t["end"] = "paused", t["end"] - now, None
                    run["paused"] = True
            elif action == "resume":
                if phase != "paused":
                    note = "not paused"
                else:
                    for t in live:
                        t["state"], t["end"], t["left"] = "running", now + t["left"], None
                    run["paused"] = False
            elif action == "next":
                if run["stepNumber"] >= len(run["recipeDoc"]["steps"]):
                    self._end(run, "finished", now)
                else:
                    self._start_step(run, run["stepNumber"] + 1, now)
            elif action == "stop":
                self._end(run, "stopped", now)
            elif action == "add":
                ms = parse_duration((body or {}).get("duration"))
                named = (body or {}).get("timer")
                if named is not None:
                    t = next((x for x in run["timers"] if str(x["number"]) == str(named)
                              or x["name"] == named), None)
                    if t is None:
                        raise Refused(404, f'{rid} has no timer "{named}"')
                    if t not in live:
                        raise Refused(409, f"timer {named} is {t['state']}: no time to add")
                elif not live:
                    raise Refused(409, f"no timer to add time to ({rid} is {phase})")
                else:
                    t = live[0]
                t["ms"] += ms
                if t["state"] == "running":
                    t["end"] += ms
                else:
                    t["left"] += ms
            elif action == "begin" and re.fullmatch(r"s\d+", body["timer"]):
                # A suggested timer (docs/api.md: `timers/s{n}/begin`, no body): a new timer
                # of the current step, named by the words, for the time they say.
                label = body["timer"]
                step = run["recipeDoc"]["steps"][run["stepNumber"] - 1]
                hit = next((x for x in step.get("suggestedTimers", []) if x["label"] == label
                            and label not in {t.get("label") for t in run["timers"]
                                              if t["step"] == run["stepNumber"]}), None)
                if hit is None:
                    raise Refused(404, f'step {run["stepNumber"]} of {rid} offers no "{label}"')
                if body.get("duration") or body.get("until"):
                    raise Refused(400, "a suggested timer runs for the time its words say")
                if run["paused"]:
                    raise Refused(409, f"{rid} is paused; resume first")
                ms = int(hit["seconds"] * 1000)
                run["timers"].append({
                    "number": len(run["timers"]) + 1, "name": hit["text"], "label": label,
                    "step": run["stepNumber"], "state": "running", "ms": ms, "end": now + ms,
                    "left": None})
            elif action in ("skip", "cancel", "begin"):
                number = body["timer"]
                t = next((x for x in run["timers"] if str(x["number"]) == number), None)
                if t is None:
                    raise Refused(404, f'{rid} has no timer "{number}"')
                if action == "begin":
                    if t["state"] != "waiting":
                        raise Refused(409, f"timer {number} is {t['state']}, not waiting")
                    if body.get("duration"):
                        t["ms"] = parse_duration(body["duration"])
                    if t["ms"] is None:
                        raise Refused(400, f"timer {number} has no length: give one")
                    t["state"], t["end"] = "running", now + t["ms"]
                else:
                    if t["state"] not in ("running", "paused", "waiting"):
                        raise Refused(409, f"timer {number} is {t['state']}")
                    t["state"] = "skipped" if action == "skip" else "cancelled"
            else:
                raise Refused(404, "no such route")
            if note is None:
                self._changed(run)
            out = {"id": rid, "changed": note is None, "run": self.document(run, now)}
            if note:
                out["note"] = note
            return out

    def _end(self, run, how, now):
        for t in run["timers"]:
            if t["state"] in ("running", "paused", "waiting"):
                t["state"] = "cancelled"
        run["ended"], run["endedAt"], run["paused"] = how, now, False

    def acknowledge(self, rid):
        with self.lock:
            self.get(rid)
            now = self.now()
            self.acks[rid] = now
            self._publish("acknowledged", {"serverTime": iso(now), "id": rid,
                                           "acknowledgedAt": iso(now)})

    def timeline(self, rid):
        """`timeline --json`: done steps as they were, the rest as if left alone."""
        with self.lock:
            run = self.get(rid)
            now = self.now()
            steps_doc = run["recipeDoc"]["steps"]
            steps, at = [], run["startedAt"]
            for i, start in enumerate(run["stepStarts"]):
                number = i + 1
                if number < run["stepNumber"]:
                    end = run["stepStarts"][i + 1]
                else:
                    ends = [t["end"] if t["state"] == "running" else now + (t["left"] or 0)
                            for t in run["timers"] if t["step"] == number
                            and t["state"] in ("running", "paused")]
                    end = max([now] + ends) if not run["ended"] else run["endedAt"]
                steps.append({"number": number, "start": iso(start), "end": iso(end),
                              "waitsForCook": not run["autoAdvance"]})
                at = end
            for number in range(run["stepNumber"] + 1, len(steps_doc) + 1):
                length = max([0] + [int((t["seconds"] or 0) * 1000)
                                    for t in steps_doc[number - 1]["timers"]])
                steps.append({"number": number, "start": iso(at), "end": iso(at + length),
                              "waitsForCook": not run["autoAdvance"]})
                at += length
            return {"id": rid, "from": iso(run["startedAt"]), "done": iso(at), "steps": steps}

    # ---- Events -------------------------------------------------------------------------
    def _changed(self, run):
        now = self.now()
        self._publish("run", {"serverTime": iso(now), "run": self.document(run, now)})

    def _publish(self, name, payload):
        if self.hub is not None:
            self.hub.publish(name, json.dumps(payload, sort_keys=True))


class Hub:
    """One server's event streams and its log for `Last-Event-ID` (ids restart with it)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.log = []
        self.last_id = 0
        self.streams = []

    def publish(self, name, data):
        with self.lock:
            self.last_id += 1
            event = (self.last_id, name, data)
            self.log = (self.log + [event])[-512:]
            for q in self.streams:
                q.put(event)

    def subscribe(self, last_event_id, current):
        """A queue with what the client missed, or a `run` event per active run."""
        q = queue.Queue()
        with self.lock:
            oldest = self.log[0][0] if self.log else self.last_id + 1
            if last_event_id is not None and oldest - 1 <= last_event_id <= self.last_id:
                for event in self.log:
                    if event[0] > last_event_id:
                        q.put(event)
            else:
                for data in current():
                    q.put((self.last_id, "run", data))
            self.streams.append(q)
        return q

    def unsubscribe(self, q):
        with self.lock:
            if q in self.streams:
                self.streams.remove(q)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "cooktimer-standin"

    def log_message(self, *args):
        pass

    def handle(self):
        # A browser that reloads drops its connections mid-answer: not an error here.
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass

    # The Date header follows the stand-in's clock, as a server's would follow its own.
    def date_time_string(self, timestamp=None):
        from email.utils import formatdate
        return formatdate(self.server.world.now() / 1000, usegmt=True)

    def setup(self):
        super().setup()
        self.server.connections.add(self.connection)

    def finish(self):
        self.server.connections.discard(self.connection)
        try:
            super().finish()
        except OSError:
            pass

    def send_json(self, status, doc, extra=None):
        body = b"" if doc is None else json.dumps(doc, sort_keys=True).encode()
        self.send_response(status)
        if doc is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        world = self.server.world
        path = self.path.split("?")[0]
        world.thawed.wait()
        world.requests.append((method, path, dict(self.headers)))
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if method == "POST" and path == "/v1/pair":
            try:
                return self.send_json(201, world.pair((json.loads(raw or b"{}") or {}).get("code")))
            except (Refused, ValueError, AttributeError) as e:
                status = e.status if isinstance(e, Refused) else 400
                message = e.message if isinstance(e, Refused) else "the body is not valid JSON"
                return self.send_json(status, {"error": message, "status": str(status)})
        if method == "GET" and path == "/":
            return self.page()
        if method == "GET" and path == "/healthz":
            return self.send_json(200, {"ok": True})
        if not path.startswith("/v1/"):
            return self.send_json(404, {"error": "no such route", "status": "404"})
        if world.key and self.headers.get("Authorization") != f"Bearer {world.key}":
            message = ("this server needs Authorization: Bearer KEY (cooktimer apikey create)"
                       if not self.headers.get("Authorization") else "the API key is not valid")
            return self.send_json(401, {"error": message, "status": "401"},
                                  {"WWW-Authenticate": 'Bearer realm="cooktimer"'})
        try:
            body = json.loads(raw) if raw else {}
        except ValueError:
            return self.send_json(400, {"error": "the body is not valid JSON", "status": "400"})
        try:
            self.api(method, path, body)
        except Refused as e:
            self.send_json(e.status, {"error": e.message, "status": str(e.status)})

    def api(self, method, path, body):
        world = self.server.world
        parts = [p for p in path.split("/") if p][1:]
        from urllib.parse import unquote
        parts = [unquote(p) for p in parts]
        if method == "GET" and parts == ["events"]:
            return self.events()
        if method == "GET" and parts == ["recipes"]:
            return self.send_json(200, fixtures.listing())
        if method == "GET" and len(parts) == 2 and parts[0] == "recipes":
            doc = fixtures.RECIPES.get(parts[1]) or next(
                (d for d in fixtures.RECIPES.values() if d["name"] == parts[1]), None)
            if doc is None:
                raise Refused(404, f'no recipe "{parts[1]}"')
            return self.send_json(200, doc)
        if parts == ["runs"]:
            if method == "GET":
                return self.send_json(200, {"runs": world.active()})
            run = world.start(body.get("recipe"), body.get("autoAdvance", False))
            return self.send_json(201, run, {"Location": f"/v1/runs/{run['id']}"})
        if len(parts) >= 2 and parts[0] == "runs":
            rid = parts[1]
            if method == "GET" and len(parts) == 2:
                with world.lock:
                    world.settle()
                    return self.send_json(200, world.document(world.get(rid)))
            if method == "GET" and parts[2:] == ["timeline"]:
                return self.send_json(200, world.timeline(rid))
            if method == "POST" and parts[2:] == ["acknowledge"]:
                world.acknowledge(rid)
                return self.send_json(204, None)
            if method == "POST" and len(parts) == 3:
                return self.send_json(200, world.change(rid, parts[2], body))
            if method == "POST" and len(parts) == 5 and parts[2] == "timers":
                return self.send_json(200, world.change(rid, parts[4],
                                                        dict(body, timer=parts[3])))
        raise Refused(404, "no such route")

    def page(self):
        with open(self.server.page_path, "rb") as f:
            body = f.read()
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.write(body)

    def chunk(self, text):
        data = text.encode()
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    def events(self):
        world, hub = self.server.world, self.server.hub
        last = self.headers.get("Last-Event-ID")
        last = int(last) if last and last.strip().isdigit() else None

        def current():
            now = world.now()
            return [json.dumps({"serverTime": iso(now), "run": r}, sort_keys=True)
                    for r in world.active()]

        q = hub.subscribe(last, current)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            self.chunk(": hello\n\n")
            beat = time.monotonic()
            while not self.server.stopping.is_set():
                # The agreed heartbeat: `event: heartbeat`, no id, every 2 s.
                if time.monotonic() - beat >= 2 and world.heartbeats and world.thawed.is_set():
                    beat = time.monotonic()
                    self.chunk("event: heartbeat\ndata: "
                               + json.dumps({"serverTime": iso(world.now())}) + "\n\n")
                try:
                    eid, name, data = q.get(timeout=0.25)
                except queue.Empty:
                    continue
                world.thawed.wait()
                self.chunk(f"event: {name}\nid: {eid}\ndata: {data}\n\n")
        except OSError:
            pass
        finally:
            hub.unsubscribe(q)
            self.close_connection = True


class ProxyHandler(Handler):
    """The page from a file, everything else forwarded to a real server, event streams
    included (a chunk as it comes). For trying the page on a `cooktimer serve` that does
    not yet answer `GET /` with it."""

    FORWARD = {"authorization", "content-type", "accept", "last-event-id", "idempotency-key"}
    BACK = {"content-type", "location", "www-authenticate", "date", "retry-after", "etag"}

    def do_PUT(self):
        self.route("PUT")

    def do_DELETE(self):
        self.route("DELETE")

    def route(self, method):
        import http.client
        from urllib.parse import urlsplit
        if method == "GET" and self.path.split("?")[0] == "/":
            return self.page()
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        up = urlsplit(self.server.upstream)
        streaming = self.path.startswith("/v1/events")
        conn = http.client.HTTPConnection(up.hostname, up.port, timeout=None if streaming else 30)
        headers = {k: v for k, v in self.headers.items() if k.lower() in self.FORWARD}
        try:
            conn.request(method, self.path, body=body, headers=headers)
            res = conn.getresponse()
        except OSError:
            return self.send_json(502, {"error": "the server cannot be reached", "status": "502"})
        self.send_response(res.status)
        for k, v in res.getheaders():
            if k.lower() in self.BACK:
                self.send_header(k, v)
        if (res.getheader("Content-Type") or "").startswith("text/event-stream"):
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.close_connection = True
            try:
                while not self.server.stopping.is_set():
                    data = res.read1(65536)
                    if not data:
                        break
                    self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                    self.wfile.flush()
            except (OSError, http.client.HTTPException):
                pass  # the server went away: so does this stream, and the page reconnects
            finally:
                conn.close()
            return
        data = res.read()
        conn.close()
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class Proxy:
    """ProxyHandler on 127.0.0.1, any free port."""

    def __init__(self, page_path, upstream):
        server = ThreadingHTTPServer(("127.0.0.1", 0), ProxyHandler)
        server.daemon_threads = True
        server.page_path, server.upstream = page_path, upstream.rstrip("/")
        server.connections, server.stopping = set(), threading.Event()
        server.world = World()  # for the Date header only
        self.server = server
        self.base_url = f"http://127.0.0.1:{server.server_address[1]}"
        threading.Thread(target=server.serve_forever, daemon=True).start()

    def close(self):
        self.server.stopping.set()
        self.server.shutdown()
        self.server.server_close()


class StandIn:
    """A stand-in server on 127.0.0.1:`port` (0: any free port, kept across restarts)."""

    def __init__(self, page_path, world=None, port=0, tls=None):
        """`tls`: (certificate file, key file) to answer HTTPS, as `serve --tls` does."""
        self.tls = tls
        self.page_path = page_path
        self.world = world or World()
        self.port = port
        self.server = None
        self.ticker_stop = threading.Event()
        self.start()
        threading.Thread(target=self._tick, daemon=True).start()

    @property
    def base_url(self):
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    def _tick(self):
        # Timers fire on time even when nobody asks: the real server's watcher does this.
        while not self.ticker_stop.wait(0.05):
            self.world.settle()

    def start(self):
        ThreadingHTTPServer.allow_reuse_address = True
        server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        server.daemon_threads = True
        server.world, server.page_path = self.world, self.page_path
        server.hub, server.connections = Hub(), set()
        server.stopping = threading.Event()
        if self.tls:
            import ssl
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(*self.tls)
            server.socket = context.wrap_socket(server.socket, server_side=True)
        self.port = server.server_address[1]
        self.world.hub = server.hub
        self.server = server
        threading.Thread(target=server.serve_forever, daemon=True).start()

    def stop(self):
        """Like a killed server: the listener and every open connection go at once."""
        server, self.server = self.server, None
        self.world.hub = None
        server.stopping.set()
        server.shutdown()
        server.server_close()
        for conn in list(server.connections):
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def restart(self, down_seconds=1.0):
        self.stop()
        time.sleep(down_seconds)
        self.start()

    def close(self):
        self.ticker_stop.set()
        if self.server:
            self.stop()


if __name__ == "__main__":
    # Look at the page by hand: python3 standin.py PAGE.html [PORT] [KEY]
    import sys
    world = World(key=sys.argv[3] if len(sys.argv) > 3 else None)
    s = StandIn(sys.argv[1], world, port=int(sys.argv[2]) if len(sys.argv) > 2 else 8418)
    print(f"stand-in serving {s.base_url}")
    threading.Event().wait()
