#!/usr/bin/env python3
"""The nginx example of docs/deploy.md, tested: the ```nginx block of that page, as it stands
with only its ports changed, in front of two `cooktimer serve --no-send` on one throwaway
PostgreSQL cluster (the cluster of run.py).

Checks, through nginx: an event stream opens with a `run` event per active run, gets a
heartbeat at least every 3 s (nothing held back in a proxy buffer), and shows every run
started through nginx (the starts go to both servers in turn); `GET /v1/runs` is spread
over both servers; a pairing code made on one server is traded on the other (through nginx
and directly) once; 300 event streams from 30 client addresses (about 150 a server, past the
128 connections one address may hold) all open, and `/healthz` still answers 200 through
nginx and directly (the servers are started with `--trusted-proxy 127.0.0.1`, as
docs/deploy.md §5 says); a body over 64 KiB, a 20 KiB header and a 9 KiB URL get serve's
JSON 413, 431 and 414; and while one server is killed, reads through nginx go on answering
200.
Exits 1 on a failure, 2 when nginx or the binary is missing (`apt-get install -y
nginx-light`). Python's standard library only.

    python3 Tests/PostgreSQLFault/nginx.py [--bin .build/debug/cooktimer]
"""

import argparse
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import ROOT, Cluster  # noqa: E402
from children import Child, free_port  # noqa: E402

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def example_config(front, a, b):
    """The page's nginx block with its ports (8080, 8081, 8082) replaced."""
    with open(os.path.join(ROOT, "docs/deploy.md")) as f:
        page = f.read()
    blocks = re.findall(r"```nginx\n(.*?)```", page, re.S)
    if len(blocks) != 1:
        raise RuntimeError(f"docs/deploy.md has {len(blocks)} nginx blocks, not one")
    block = blocks[0]
    for old, new in (("8080", front), ("8081", a), ("8082", b)):
        if f"127.0.0.1:{old}" not in block:
            raise RuntimeError(f"the nginx block has no 127.0.0.1:{old}")
        block = block.replace(f"127.0.0.1:{old}", f"127.0.0.1:{new}")
    return block


class Stream:
    """One `GET /v1/events` through nginx, read on a thread of its own."""

    def __init__(self, port):
        self.lock = threading.Condition()
        self.runs, self.heartbeats, self.ended = set(), [], False
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.connection.request("GET", "/v1/events", headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        kind, data = None, []
        try:
            while True:
                line = self.response.readline()
                if not line:
                    break
                line = line.decode().rstrip("\r\n")
                if line.startswith("event:"):
                    kind = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip())
                elif line == "":
                    with self.lock:
                        if kind == "heartbeat":
                            self.heartbeats.append(time.monotonic())
                        elif kind in ("run", "resync") and data:
                            document = json.loads("\n".join(data))
                            runs = [document["run"]] if kind == "run" else document["runs"]
                            self.runs.update(run["id"] for run in runs)
                        self.lock.notify_all()
                    kind, data = None, []
        except (OSError, http.client.HTTPException, ValueError):
            pass
        with self.lock:
            self.ended = True
            self.lock.notify_all()


def open_streams(port, count, per_address):
    """`count` event streams through nginx, `per_address` from each of the loopback
    addresses 127.0.0.10, .11, …: their statuses (None for no answer) and sockets."""
    sockets = []
    for index in range(count):
        client = socket.socket()
        client.bind((f"127.0.0.{10 + index // per_address}", 0))
        client.connect(("127.0.0.1", port))
        client.sendall(b"GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       b"Accept: text/event-stream\r\n\r\n")
        sockets.append(client)
    statuses = []
    for client in sockets:
        client.settimeout(10)
        head = b""
        try:
            while b"\r\n" not in head:
                chunk = client.recv(4096)
                if not chunk:
                    break
                head += chunk
        except OSError:
            pass
        words = head.split(b" ", 2)
        statuses.append(int(words[1]) if head.startswith(b"HTTP/") and len(words) > 1 else None)
    return statuses, sockets


def raw_status(port, request):
    """Sends `request` as it is; the status and the body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
        client.sendall(request)
        answer = b""
        try:
            while True:
                chunk = client.recv(65536)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            pass
    head, _, body = answer.partition(b"\r\n\r\n")
    words = head.split(b" ", 2)
    return (int(words[1]) if len(words) > 1 else None), body


def call(port, method, path, body=None, key=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    connection.request(method, path, body=json.dumps(body) if body is not None else None,
                       headers=headers)
    response = connection.getresponse()
    text = response.read()
    connection.close()
    return response.status, (json.loads(text) if text else None)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/debug/cooktimer"))
    options = parser.parse_args()
    if not os.access(options.bin, os.X_OK) or not os.access(NGINX, os.X_OK):
        print("nginx example: needs the cooktimer binary and nginx (apt-get install -y "
              "nginx-light)", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="cooktimer-nginx.")
    os.chmod(work, 0o755)
    cluster = Cluster(os.path.join(work, "pg"))
    children, nginx, problems = [], None, []
    try:
        cluster.start()
        environment = {"PATH": "/usr/bin:/bin", "HOME": work, "TZ": "UTC",
                       "COOKTIMER_DB": cluster.url,
                       "COOKTIMER_RECIPES": os.path.join(ROOT, "Recipes")}
        ports = [free_port(), free_port()]
        for name, port in zip(("serveA", "serveB"), ports):
            child = Child(name, [options.bin, "serve", "--listen", f"127.0.0.1:{port}",
                                 "--no-send", "--trusted-proxy", "127.0.0.1"],
                          environment, work, port)
            child.start()  # A first: it makes the schema
            children.append(child)
        front = free_port()
        temp = os.path.join(work, "nginx")
        os.makedirs(temp)
        os.chmod(temp, 0o777)  # nginx's workers run as nobody when it is started as root
        config = os.path.join(work, "nginx.conf")
        with open(config, "w") as f:
            f.write(f"daemon off;\npid {temp}/nginx.pid;\nerror_log {temp}/error.log;\n"
                    # Each stream holds two connections of nginx (client and upstream).
                    "events { worker_connections 4096; }\nhttp {\n"
                    f"access_log off;\nclient_body_temp_path {temp}/body;\n"
                    f"proxy_temp_path {temp}/proxy;\nfastcgi_temp_path {temp}/fastcgi;\n"
                    f"uwsgi_temp_path {temp}/uwsgi;\nscgi_temp_path {temp}/scgi;\n"
                    + example_config(front, *ports) + "}\n")
        check = subprocess.run([NGINX, "-t", "-c", config, "-p", temp], capture_output=True,
                               text=True)
        if check.returncode != 0:
            raise RuntimeError(f"nginx -t refused the example: {check.stderr}")
        nginx = subprocess.Popen([NGINX, "-c", config, "-p", temp], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                if call(front, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("nginx did not answer /healthz within 10 s")
            time.sleep(0.05)

        before = [call(front, "POST", "/v1/runs", {"recipe": "tea"})[1]["id"] for _ in range(2)]
        stream = Stream(front)
        if stream.status != 200:
            problems.append(f"GET /v1/events through nginx answered {stream.status}")
        with stream.lock:
            if not stream.lock.wait_for(lambda: set(before) <= stream.runs, timeout=10):
                problems.append("the stream through nginx did not open with the active runs")
        started = []
        for _ in range(6):
            status, document = call(front, "POST", "/v1/runs", {"recipe": "tea"})
            if status != 201:
                problems.append(f"POST /v1/runs through nginx answered {status}")
            else:
                started.append(document["id"])
        # A write now and then, so a server whose watcher looked between another server's
        # sequence number and its commit (a known gap of the polling watcher, docs/deploy.md
        # §4) looks again: this test is about the proxy.
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            with stream.lock:
                if stream.lock.wait_for(lambda: set(started) <= stream.runs, timeout=0.5):
                    break
            call(ports[0], "PUT", "/v1/tokens/push-to-start", {"token": os.urandom(32).hex()})
        missing = set(started) - stream.runs
        if missing:
            problems.append(f"runs started through nginx not on its stream: {sorted(missing)}")
        with stream.lock:
            stream.lock.wait_for(lambda: len(stream.heartbeats) >= 4, timeout=12)
            beats = list(stream.heartbeats)
        gaps = [later - earlier for earlier, later in zip(beats, beats[1:])]
        if len(beats) < 4 or max(gaps) > 3:
            problems.append(f"heartbeats through nginx: {len(beats)}, gaps {gaps}")
        # Both servers serve: each answers for the runs (one database), and nginx takes turns.
        for port in ports:
            status, document = call(port, "GET", "/v1/runs")
            if status != 200 or len(document["runs"]) != len(before) + len(started):
                problems.append(f"GET /v1/runs on :{port}: {status}")
        # 300 streams, 30 clients: past the 128 connections one address may hold on each
        # server, which the proxy's address is exempt from. /healthz still finds room.
        statuses, sockets = open_streams(front, 300, 10)
        healthz = [call(front, "GET", "/healthz")[0] for _ in range(4)]
        healthz += [call(port, "GET", "/healthz")[0] for port in ports]
        for client in sockets:
            client.close()
        if statuses.count(200) != 300:
            problems.append(f"300 streams through nginx: {sorted(set(map(str, statuses)))}, "
                            f"{statuses.count(200)} × 200")
        if healthz != [200] * 6:
            problems.append(f"/healthz with 300 streams open (4 through nginx, 2 direct): "
                            f"{healthz}")
        # Size limits: serve's own JSON answers come through, not nginx's HTML pages.
        sizes = [
            raw_status(front, b"POST /v1/runs HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       b"Content-Type: application/json\r\nContent-Length: 70000\r\n"
                       b"Connection: close\r\n\r\n" + b" " * 70000),
            raw_status(front, b"GET /v1/runs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: "
                       + b"a" * 20480 + b"\r\nConnection: close\r\n\r\n"),
            raw_status(front, b"GET /v1/runs?" + b"a" * 9216 + b" HTTP/1.1\r\n"
                       b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n"),
        ]
        for (status, body), wanted in zip(sizes, (413, 431, 414)):
            if status != wanted or not body.startswith(b'{"error":'):
                problems.append(f"through nginx, wanted serve's JSON {wanted}: {status} "
                                f"{body[:80]!r}")
        # Pairing codes are in the database: one made on A is traded through nginx and
        # another directly on B, each once (the first key makes keys required).
        traded = []
        for port in (front, ports[1]):
            made = call(ports[0], "POST", "/v1/pair/codes", key=traded[0] if traded else None)
            status, document = call(port, "POST", "/v1/pair", {"code": made[1]["code"]})
            again = call(port, "POST", "/v1/pair", {"code": made[1]["code"]})[0]
            if made[0] != 201 or status != 201 or again != 403:
                problems.append(f"a code made on A, traded on :{port}: {made[0]}, {status}, "
                                f"then {again}")
                break
            traded.append(document["key"])
        key = traded[0] if traded else None
        # One server killed: reads through nginx still answer 200 (the next upstream).
        children[0].kill()
        statuses = [call(front, "GET", "/v1/runs", key=key)[0] for _ in range(20)]
        if any(status != 200 for status in statuses):
            problems.append(f"reads through nginx with server A killed: {statuses}")
        print(f"nginx example: stream saw {len(stream.runs)} runs, {len(beats)} heartbeats "
              f"(largest gap {max(gaps or [0]):.1f} s); 300 streams: {healthz} from /healthz; "
              f"sizes {[status for status, _ in sizes]}; 20 reads with one server killed: "
              f"{sorted(set(statuses))}")
    except Exception as error:  # a set-up step failed: say which
        problems.append(f"{type(error).__name__}: {error}")
    finally:
        if nginx is not None:
            nginx.terminate()
            try:
                nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                nginx.kill()
                nginx.wait()
        for child in children:
            if child.process and child.process.poll() is None:
                child.process.kill()
                child.process.wait()
        cluster.stop()
    if problems:
        for problem in problems:
            print(f"nginx example: FAIL {problem}", file=sys.stderr)
        print(f"nginx example: logs kept in {work}", file=sys.stderr)
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("nginx example: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
