"""What the browser tests talk to: the stand-in (standin.py), or a real `cooktimer serve`.

Both answer the same questions: where the page is, the API (for setting up runs), a change
made "elsewhere" (the REPL's one-shot command for a real server), and a restart.
"""

import json
import os
import random
import shlex
import signal
import subprocess
import time
import unittest
import urllib.error
import urllib.request

from standin import Proxy, StandIn, World

# The stand-in's clock runs five minutes ahead of the browser's: a page that did not correct
# for the skew would show every countdown five minutes too long.
SKEW_MS = 5 * 60 * 1000


def http(base_url, method, path, body=None, key=None):
    """One request; (status, JSON document or None)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base_url + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if key:
        req.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            raw = res.read()
            return res.status, (json.loads(raw) if raw else None)
    except urllib.error.HTTPError as e:
        raw = e.read()
        return e.code, (json.loads(raw) if raw else None)


class StandInBackend:
    can_restart = True
    sees_requests = True

    def __init__(self, page_path):
        self.standin = StandIn(page_path, World(skew_ms=SKEW_MS))
        self.world = self.standin.world

    @property
    def base_url(self):
        return self.standin.base_url

    @property
    def page_url(self):
        return self.standin.base_url

    @property
    def key(self):
        return self.world.key

    def set_key(self, key):
        self.world.key = key

    def api(self, method, path, body=None):
        return http(self.base_url, method, path, body, self.key)

    def pause_elsewhere(self, run_id):
        """What `cooktimer pause RUN` at the terminal does: a change the page did not make."""
        self.world.change(run_id, "pause")

    def acknowledged(self, run_id):
        return run_id in self.world.acks

    def acknowledge_elsewhere(self, run_id):
        """Another screen's (or the REPL's) acknowledgement."""
        self.world.acknowledge(run_id)

    def restart(self):
        self.standin.restart(down_seconds=1.5)

    def reset(self):
        self.world.thaw()
        with self.world.lock:
            self.world.runs.clear()
            self.world.acks.clear()
            self.world.requests.clear()
            self.world.key = None
            self.world.heartbeats = True
            self.world.pair_codes.clear()

    def freeze(self):
        """The server goes silent with its connections open (as under SIGSTOP)."""
        self.world.freeze()

    def thaw(self):
        self.world.thaw()

    def pairing_code(self):
        """A fresh one-use pairing code, as `serve` prints one."""
        code = "".join(random.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(10))
        self.world.pair_codes.add(code)
        return code

    def close(self):
        self.standin.close()


class RealBackend:
    """A running `cooktimer serve` at BASE_URL (page at `/`), or one this starts.

    `page`: a page file to serve from a local proxy in front of it, for a server that does
    not yet answer `GET /` with the page. `serve`: a shell command that starts it in the foreground (restarted by SIGTERM and
    running it again); `cli`: the one-shot command prefix on the same database, for changes
    made at the terminal (without it they go through the API).
    """

    can_restart = False
    sees_requests = False

    def __init__(self, base_url, key=None, serve=None, cli=None, page=None):
        self.base_url = base_url.rstrip("/")
        self.proxy = Proxy(page, self.base_url) if page else None
        self.page_url = self.proxy.base_url if self.proxy else self.base_url
        self.key = key
        self.serve = serve
        self.cli = shlex.split(cli) if cli else None
        self.process = None
        if serve:
            self.can_restart = True
            self._start()

    def _start(self):
        self.process = subprocess.Popen(self.serve, shell=True, start_new_session=True,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if http(self.base_url, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"cooktimer serve did not answer at {self.base_url}")

    def _stop(self):
        if self.process:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=20)
            self.process = None

    def set_key(self, key):
        if key != self.key:
            raise unittest.SkipTest("a real server's keys are made with `cooktimer apikey`")

    def api(self, method, path, body=None):
        return http(self.base_url, method, path, body, self.key)

    def pause_elsewhere(self, run_id):
        if self.cli:
            subprocess.run(self.cli + ["pause", run_id], check=True, capture_output=True)
        else:
            self.api("POST", f"/v1/runs/{run_id}/pause")

    def acknowledged(self, run_id):
        return None  # not visible from outside

    def acknowledge_elsewhere(self, run_id):
        """`cooktimer ok RUN` at the terminal: stored for every front end."""
        if self.cli:
            subprocess.run(self.cli + ["ok", run_id], check=True, capture_output=True)
        else:
            self.api("POST", f"/v1/runs/{run_id}/acknowledge")

    def freeze(self):
        """SIGSTOP: the server stops answering, its connections stay open."""
        if not self.process:
            raise unittest.SkipTest("freezing the server needs --serve")
        os.killpg(self.process.pid, signal.SIGSTOP)

    def thaw(self):
        if self.process:
            os.killpg(self.process.pid, signal.SIGCONT)

    def pairing_code(self):
        raise unittest.SkipTest("a real server's pairing code is printed by serve at start")

    def restart(self):
        if not self.serve:
            raise unittest.SkipTest("restarting needs --serve")
        self._stop()
        time.sleep(1.5)
        self._start()

    def reset(self):
        self.thaw()
        status, doc = self.api("GET", "/v1/runs")
        for run in (doc or {}).get("runs", []):
            self.api("POST", f"/v1/runs/{run['id']}/stop")

    def close(self):
        self._stop()
        if self.proxy:
            self.proxy.close()
