"""A local APNs stand-in for tests: HTTP/2 over TLS only, checks each request as APNs does.

Usage:
  standin.py --ca-out CA.pem --public-key KEY.pub.pem --key-id KID --team-id TEAM
             --log LOG.jsonl [--script SCRIPT.json] [--topic TOPIC] [--now UNIX]

Prints `READY port=NNNN` as its first stdout line once it accepts connections, and ends when
its stdin closes, so a test process that dies takes its stand-in with it.

The script (JSON) is a list of rules, re-read whenever the file changes:
  [{"token": "<hex>" | "*", "answers": [[429, "TooManyRequests"], [200, null, 0.5]]}]
A valid request to a matching token takes the rule's next answer (an optional third element
delays it, in seconds); once a rule is used up the request is checked and answered as usual.

Each request becomes one JSON line in the log, written before its answer is sent:
  {"time": <Unix seconds, µs>, "connection": "host:port", "http_version", "method", "path",
   "token", "headers", "body", "jwt", "status", "reason", "apns_id", "delay"}

Reasons are Apple's ("Handling error responses from APNs"); BadPayload and HTTP2Required are
the stand-in's own, for requests APNs documents no reason for.
"""

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import sys
import tempfile
import threading
import time
import uuid

import jwt
import trustme
from hypercorn.asyncio import serve
from hypercorn.config import Config

TOKEN = re.compile(r"^[0-9a-fA-F]{32,510}$")
UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
JWT_MAX_AGE = 3600  # APNs refuses a provider token older than one hour.
BODY_LIMIT = 4096


class Script:
    """Scripted answers per token, reloaded when the file's size or mtime changes."""

    def __init__(self, path):
        self.path, self.stamp, self.rules = path, None, []

    def next_answer(self, token):
        self._reload()
        for rule in self.rules:
            if rule["token"] in ("*", token) and rule["answers"]:
                answer = rule["answers"].pop(0)
                return answer[0], answer[1], (answer[2] if len(answer) > 2 else 0)
        return None

    def _reload(self):
        if self.path is None or not os.path.exists(self.path):
            return
        info = os.stat(self.path)
        stamp = (info.st_mtime_ns, info.st_size)
        if stamp != self.stamp:
            with open(self.path) as f:
                self.rules = [dict(r, token=r["token"].lower()) for r in json.load(f)]
            self.stamp = stamp


class StandIn:
    def __init__(self, args):
        with open(args.public_key, "rb") as f:
            self.public_key = f.read()
        self.key_id, self.team_id, self.topic = args.key_id, args.team_id, args.topic
        self.fixed_now = args.now
        self.log = open(args.log, "a", buffering=1)
        self.script = Script(args.script)

    def now(self):
        return self.fixed_now if self.fixed_now is not None else time.time()

    def check(self, scope, headers, body):
        """The APNs answer to a request, as (status, reason, token, jwt)."""
        if scope["http_version"] != "2":
            return 505, "HTTP2Required", None, None
        match = re.fullmatch(r"/3/device/([^/]*)", scope["path"])
        token = match.group(1) if match else None
        bearer = headers.get("authorization", "")
        token_jwt = bearer[len("bearer ") :] if bearer.lower().startswith("bearer ") else None
        if scope["method"] != "POST":
            return 405, "MethodNotAllowed", token, token_jwt
        if match is None:
            return 404, "BadPath", token, token_jwt
        if not token:
            return 400, "MissingDeviceToken", token, token_jwt
        if not TOKEN.match(token) or len(token) % 2:
            return 400, "BadDeviceToken", token, token_jwt
        failure = self.check_headers(headers) or self.check_jwt(token_jwt) or self.check_body(body)
        if failure:
            return failure[0], failure[1], token, token_jwt
        return 200, None, token, token_jwt

    def check_headers(self, headers):
        topic = headers.get("apns-topic")
        push_type = headers.get("apns-push-type")
        # Live Activity pushes go to BUNDLE.push-type.liveactivity; an ordinary alert (the
        # backup alert of a fire) to the bundle id itself (Apple, "Sending notification
        # requests to APNs", apns-topic).
        if push_type not in ("liveactivity", "alert"):
            return 400, "InvalidPushType"
        if not topic:
            return 400, "MissingTopic"
        suffix = ".push-type.liveactivity"
        if topic.endswith(suffix) != (push_type == "liveactivity"):
            return 400, "BadTopic"
        expected = self.topic
        if expected is not None and push_type == "alert":
            expected = expected[: -len(suffix)] if expected.endswith(suffix) else expected
        if expected is not None and topic != expected:
            return 400, "DeviceTokenNotForTopic"
        if headers.get("apns-priority") not in ("5", "10"):
            return 400, "BadPriority"
        if not re.fullmatch(r"-?[0-9]+", headers.get("apns-expiration", "")):
            return 400, "BadExpirationDate"
        if "apns-id" in headers and not UUID.match(headers["apns-id"]):
            return 400, "BadMessageId"
        if len(headers.get("apns-collapse-id", "").encode()) > 64:
            return 400, "BadCollapseId"
        return None

    def check_jwt(self, token_jwt):
        if token_jwt is None:
            return 403, "MissingProviderToken"
        try:
            header = jwt.get_unverified_header(token_jwt)
            if header.get("alg") != "ES256" or header.get("kid") != self.key_id:
                return 403, "InvalidProviderToken"
            # pyjwt expects ES256 signatures as raw r||s (RFC 7518 §3.4): DER is refused here.
            claims = jwt.decode(
                token_jwt,
                self.public_key,
                algorithms=["ES256"],
                options={"verify_iat": False, "require": ["iat", "iss"]},
            )
        except jwt.PyJWTError:
            return 403, "InvalidProviderToken"
        iat = claims["iat"]
        if claims["iss"] != self.team_id or not isinstance(iat, int):
            return 403, "InvalidProviderToken"
        if self.now() - iat > JWT_MAX_AGE:
            return 403, "ExpiredProviderToken"
        if iat > self.now() + 60:
            return 403, "InvalidProviderToken"
        return None

    def check_body(self, body):
        if not body:
            return 400, "PayloadEmpty"
        if len(body) > BODY_LIMIT:
            return 413, "PayloadTooLarge"
        try:
            payload = json.loads(body)
        except ValueError:
            return 400, "BadPayload"
        if not isinstance(payload, dict) or not isinstance(payload.get("aps"), dict):
            return 400, "BadPayload"
        return None

    async def app(self, scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                kind = (await receive())["type"]
                await send({"type": kind + ".complete"})
                if kind == "lifespan.shutdown":
                    return
        received = time.time()
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        status, reason, token, token_jwt = self.check(scope, headers, body)
        delay = 0
        if status == 200:
            scripted = self.script.next_answer(token.lower())
            if scripted:
                status, reason, delay = scripted
        apns_id = headers.get("apns-id") or str(uuid.uuid4())
        client = scope.get("client") or ("?", 0)
        record = {
            "time": round(received, 6),
            "connection": f"{client[0]}:{client[1]}",
            "http_version": scope["http_version"],
            "method": scope["method"],
            "path": scope["path"],
            "token": token,
            "headers": headers,
            "body": body.decode("utf-8", "replace"),
            "jwt": token_jwt,
            "status": status,
            "reason": reason,
            "apns_id": apns_id,
            "delay": delay,
        }
        self.log.write(json.dumps(record, sort_keys=True) + "\n")
        if delay:
            await asyncio.sleep(delay)
        answer = {}
        if reason is not None:
            answer["reason"] = reason
        if status == 410:
            answer["timestamp"] = int(self.now() * 1000)
        content = json.dumps(answer).encode() if answer else b""
        response_headers = [(b"apns-id", apns_id.encode())]
        if content:
            response_headers.append((b"content-type", b"application/json"))
        await send({"type": "http.response.start", "status": status, "headers": response_headers})
        await send({"type": "http.response.body", "body": content})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ca-out", required=True)
    parser.add_argument("--public-key", required=True)
    parser.add_argument("--key-id", required=True)
    parser.add_argument("--team-id", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--script")
    parser.add_argument("--topic", help="the only apns-topic accepted (else any)")
    parser.add_argument("--now", type=int, help="fixed Unix seconds for the JWT age check")
    args = parser.parse_args()
    # A child inherits its parent's blocked signals, and a test runner's threads may block
    # SIGTERM; without this the stand-in could not be ended.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    standin = StandIn(args)

    ca = trustme.CA()
    ca.cert_pem.write_to_path(args.ca_out)
    tls = tempfile.mkdtemp(prefix="apns-standin-")
    cert, key = os.path.join(tls, "cert.pem"), os.path.join(tls, "key.pem")
    server = ca.issue_cert("127.0.0.1", "localhost")
    server.private_key_pem.write_to_path(key)
    with open(cert, "wb") as f:
        for blob in server.cert_chain_pems:
            f.write(blob.bytes())

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    config = Config()
    config.bind = [f"fd://{listener.fileno()}"]
    config.certfile, config.keyfile = cert, key
    config.alpn_protocols = ["h2"]  # what APNs offers; HTTP/1.1 gets 505 from check()
    config.keep_alive_timeout = 3600  # APNs keeps idle provider connections open for long
    # ... and for many requests; hypercorn's default ends a connection after 1,000.
    config.keep_alive_max_requests = 10_000_000
    config.accesslog = None
    config.loglevel = "WARNING"

    def end_with_stdin():
        sys.stdin.buffer.read()
        os._exit(0)

    async def never():
        await asyncio.Event().wait()

    threading.Thread(target=end_with_stdin, daemon=True).start()
    print(f"READY port={listener.getsockname()[1]}", flush=True)
    # A shutdown trigger of our own keeps hypercorn from catching SIGTERM, which then ends
    # the stand-in at once instead of after a graceful wait for open connections.
    asyncio.run(serve(standin.app, config, shutdown_trigger=never))


if __name__ == "__main__":
    main()
