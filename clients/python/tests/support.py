"""What the tests share: the package on the path, the real service, the samples, a scripted server.

The real service is the one ``CUTPLAN_TEST_BASE_URL`` names (``npm test`` starts one ``npm start`` for
both clients and passes its URL and a ``starter`` key in ``CUTPLAN_TEST_STARTER_KEY``); without it, the
tests start their own with the project's Node, as ``npm start`` would.
"""

from __future__ import annotations

import atexit
import base64
import json
import socket
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union, cast

CLIENT = Path(__file__).resolve().parents[1]
ROOT = CLIENT.parents[1]
sys.path.insert(0, str(CLIENT / "src"))

TIER_OVERRIDES = json.dumps(
    {
        "public": {"rateLimit": 1000000, "monthlyCap": 1000000},
        "starter": {"rateLimit": 1, "rateWindowSeconds": 3},
    }
)


@dataclass(frozen=True)
class Service:
    url: str
    starter_key: str
    pro_key: str
    """A ``pro`` key as shipped: async jobs, without the starter's tight window."""


_service: Optional[Service] = None


def service() -> Service:
    """The real service: the one the environment names, else one started here (once per run)."""
    global _service
    if _service is None:
        url = os.environ.get("CUTPLAN_TEST_BASE_URL")
        key = os.environ.get("CUTPLAN_TEST_STARTER_KEY")
        pro = os.environ.get("CUTPLAN_TEST_PRO_KEY")
        _service = Service(url, key, pro) if url and key and pro else _start_service()
    return _service


def _start_service() -> Service:
    node = str(ROOT / "node_modules" / ".bin" / "node")
    cwd = tempfile.mkdtemp(prefix="cutplan-python-")
    env = {**os.environ, "PORT": "0", "HOST": "127.0.0.1", "TIER_OVERRIDES": TIER_OVERRIDES}
    env.pop("DYNAMODB_ENDPOINT", None)
    server = subprocess.Popen(
        [node, str(ROOT / "functions" / "local" / "server.ts")],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    atexit.register(server.terminate)
    banner = ""
    assert server.stdout is not None
    for line in server.stdout:
        banner += line
        if "  try: " in line:
            break
    port = re.search(r"listening on http://localhost:(\d+)", banner)
    if port is None:
        raise RuntimeError(f"the server did not start: {banner}")
    # Keep reading its output so that it never blocks on a full pipe.
    threading.Thread(target=server.stdout.read, daemon=True).start()
    def key(workspace: str, tier: str) -> str:
        return subprocess.run(
            [node, str(ROOT / "bin" / "cutplan.js"), "keys", "create", "--workspace", workspace, "--tier", tier],
            cwd=cwd,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()

    return Service(f"http://127.0.0.1:{port.group(1)}", key("py", "starter"), key("py-jobs", "pro"))


@dataclass(frozen=True)
class Sample:
    """A sample request of ``events/``, as HTTP."""

    name: str
    method: str
    path: str
    query: Dict[str, str]
    headers: Dict[str, str]
    body: str

    def client_request(self) -> Optional[Dict[str, Any]]:
        """The request a client sends for this sample, or None when a client cannot send it."""
        if self.method == "GET":
            return {name: _scalar(value) for name, value in self.query.items()}
        content_type = next((v for k, v in self.headers.items() if k.lower() == "content-type"), "")
        if not content_type.startswith("application/json"):
            return None
        try:
            body: Any = json.loads(self.body)
        except ValueError:
            return None
        return cast(Dict[str, Any], body) if isinstance(body, dict) else None

    @property
    def api_key(self) -> Optional[str]:
        return next((v for k, v in self.headers.items() if k.lower() == "x-api-key"), None)


def _scalar(value: str) -> Union[str, float, bool]:
    if re.fullmatch(r"\d+(\.\d+)?", value):
        return float(value) if "." in value else int(value)
    if value in ("true", "false"):
        return value == "true"
    return value


def solving_samples() -> List[Sample]:
    samples: List[Sample] = []
    for folder in ("optimise", "optimise-pdf"):
        for file in sorted((ROOT / "events" / folder).glob("*.json")):
            event: Dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
            raw: str = event.get("body") or ""
            headers: Dict[str, str] = event.get("headers") or {}
            samples.append(
                Sample(
                    name=f"{folder}/{file.name}",
                    method=event["httpMethod"],
                    path=event["path"],
                    query=event.get("queryStringParameters") or {},
                    headers={k: v for k, v in headers.items() if k.lower() in ("content-type", "x-api-key")},
                    body=base64.b64decode(raw).decode() if event.get("isBase64Encoded") else raw,
                )
            )
    return samples


def send_raw(url: str, sample: Sample) -> Tuple[int, bytes]:
    """The sample sent as it is, over plain HTTP: status and body."""
    query = urllib.parse.urlencode(sample.query)
    request = urllib.request.Request(
        url + sample.path + (f"?{query}" if query else ""),
        data=None if sample.method == "GET" else sample.body.encode(),
        headers=sample.headers,
        method=sample.method,
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return int(response.status), bytes(response.read())
    except urllib.error.HTTPError as error:
        with error:
            return int(error.code), bytes(error.read())


def without_times(value: Any) -> Any:
    """A plan without what differs from one solve to the next (the times)."""
    if isinstance(value, list):
        return [without_times(v) for v in cast(List[Any], value)]
    if isinstance(value, dict):
        fields = cast(Dict[str, Any], value)
        return {k: without_times(v) for k, v in fields.items() if not k.endswith("TimeMs")}
    return value


@dataclass(frozen=True)
class Answer:
    status: int
    body: Union[bytes, str]
    headers: Mapping[str, str] = field(default_factory=dict[str, str])
    delay: float = 0.0
    drip: float = 0.0
    """Seconds between bytes: a stream that keeps its connection alive."""
    drop: bool = False
    """Close the connection instead of answering: an answer lost on the way."""


DROPPED = Answer(0, b"", drop=True)


def json_answer(status: int, body: Any, headers: Optional[Mapping[str, str]] = None) -> Answer:
    return Answer(
        status,
        json.dumps(body),
        {"Content-Type": "application/json; charset=utf-8", "X-Request-Id": f"req-{status}", **(headers or {})},
    )


@dataclass
class Recorded:
    method: str
    path: str
    headers: Dict[str, str]
    body: bytes
    at: float


class ScriptedServer:
    """Plays back scripted answers in order (the last repeats) and records the requests."""

    def __init__(self) -> None:
        self.script: List[Answer] = []
        self.requests: List[Recorded] = []
        scripted = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                scripted.requests.append(
                    Recorded(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body, time.monotonic())
                )
                answer = scripted.script[min(len(scripted.requests), len(scripted.script)) - 1]
                if answer.delay:
                    time.sleep(answer.delay)
                if answer.drop:
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                data = answer.body.encode() if isinstance(answer.body, str) else answer.body
                try:
                    self.send_response(answer.status)
                    for name, value in answer.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    if not answer.drip:
                        self.wfile.write(data)
                    for i in range(len(data) if answer.drip else 0):
                        self.wfile.write(data[i : i + 1])
                        self.wfile.flush()
                        time.sleep(answer.drip)
                except OSError:
                    pass  # the client gave up (a timeout test)

            do_GET = _answer
            do_POST = _answer

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def play(self, *answers: Answer) -> None:
        self.script = list(answers)
        self.requests = []

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

