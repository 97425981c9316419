"""A stand-in Hugging Face Hub on 127.0.0.1: the endpoints huggingface_hub calls for model_info,
list_models(search=…), hf_hub_download and get_safetensors_metadata, serving the fixtures' real config.json
contents and a safetensors header whose tensors hold each fixture's published parameter counts per dtype.

Repo commits are stand-in hashes (sha1 of the repo id), not the Hub's. Gated repos answer 401 with
X-Error-Code: GatedRepo to a request without the expected token, as the Hub does.
"""

from __future__ import annotations

import hashlib
import json
import struct
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

FIXTURES = Path(__file__).resolve().parent / "fixtures"
BYTES = {"BF16": 2, "F16": 2, "F32": 4, "F8_E4M3": 1, "U8": 1, "I32": 4}


def load_fixtures() -> dict[str, dict]:
    out = {}
    for path in sorted(FIXTURES.glob("*.json")):
        data = json.loads(path.read_text())
        out[data["info"]["id"]] = data
    return out


def safetensors_file(dtype_counts: dict[str, int]) -> bytes:
    """A safetensors header (8-byte length + JSON) with one flat tensor per dtype; no weights follow."""
    header: dict = {"__metadata__": {"format": "pt"}}
    offset = 0
    for dtype, count in dtype_counts.items():
        size = count * BYTES[dtype]
        header[f"model.{dtype.lower()}.weight"] = {"dtype": dtype, "shape": [count], "data_offsets": [offset, offset + size]}
        offset += size
    raw = json.dumps(header).encode()
    raw += b" " * (-len(raw) % 8)
    return struct.pack("<Q", len(raw)) + raw


@dataclass
class Hub:
    repos: dict[str, dict] = field(default_factory=load_fixtures)
    search_extra: list[dict] = field(default_factory=list)  # more search results: {"id", "downloads"}
    token: str = "hf_standin_token"
    delay_s: float = 0.0  # every answer waits this long (a slow Hub)
    status: int | None = None  # every answer is this status (429: rate-limited)
    requests: list[str] = field(default_factory=list)
    url: str = ""

    def sha(self, repo: str) -> str:
        return hashlib.sha1(repo.encode()).hexdigest()

    def files(self, repo: str) -> dict[str, bytes]:
        data = self.repos[repo]
        return {"config.json": json.dumps(data["config"], indent=2).encode(),
                "model.safetensors": safetensors_file(data["dtype_counts"])}


def _handler(hub: Hub):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):  # quiet
            pass

        def _send(self, status: int, body: bytes = b"", headers: dict | None = None, head: bool = False):
            self.send_response(status)
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head:
                self.wfile.write(body)

        def _json(self, status: int, value, headers: dict | None = None):
            self._send(status, json.dumps(value).encode(), {"Content-Type": "application/json", **(headers or {})})

        def _missing(self, code: str = "RepoNotFound", head: bool = False):
            self._send(404, b'{"error": "Repository not found"}', {"X-Error-Code": code, "X-Error-Message": code,
                                                                    "Content-Type": "application/json"}, head)

        def _route(self, head: bool):
            hub.requests.append(f"{self.command} {self.path}")
            if hub.delay_s:
                time.sleep(hub.delay_s)
            if hub.status:
                return self._send(hub.status, b'{"error": "stand-in status"}', {"Retry-After": "60"}, head)
            url = urlparse(self.path)
            parts = [unquote(p) for p in url.path.strip("/").split("/")]
            if parts[:2] == ["api", "models"] and len(parts) == 2:
                return self._search(parse_qs(url.query))
            if parts[:2] == ["api", "models"] and len(parts) >= 4:
                return self._info("/".join(parts[2:4]))
            if len(parts) >= 5 and parts[2] == "resolve":
                return self._file("/".join(parts[:2]), "/".join(parts[4:]), head)
            return self._missing("EntryNotFound", head)

        def _search(self, query):
            term = (query.get("search") or [""])[0].lower()
            rows = [{"id": r, "downloads": d["info"].get("downloads", 0)} for r, d in hub.repos.items()]
            rows += hub.search_extra
            found = [r for r in rows if term in r["id"].lower()]
            found.sort(key=lambda r: -r["downloads"])
            limit = int((query.get("limit") or [len(found)])[0])
            self._json(200, [dict(r, modelId=r["id"], likes=0, private=False, tags=[]) for r in found[:limit]])

        def _info(self, repo: str):
            if repo not in hub.repos:
                return self._missing()
            info = dict(hub.repos[repo]["info"], sha=hub.sha(repo), private=False,
                        siblings=[{"rfilename": name} for name in hub.files(repo)])
            self._json(200, info)

        def _file(self, repo: str, name: str, head: bool):
            if repo not in hub.repos:
                return self._missing(head=head)
            gated = hub.repos[repo]["info"].get("gated")
            if gated and self.headers.get("Authorization") != f"Bearer {hub.token}":
                return self._send(401, b'{"error": "Access to model is restricted"}',
                                  {"X-Error-Code": "GatedRepo", "X-Error-Message": "Access restricted",
                                   "Content-Type": "application/json"}, head)
            files = hub.files(repo)
            if name not in files:
                return self._missing("EntryNotFound", head)
            body = files[name]
            common = {"ETag": f'"{hashlib.sha256(body).hexdigest()}"', "X-Repo-Commit": hub.sha(repo),
                      "Accept-Ranges": "bytes", "Content-Type": "application/octet-stream"}
            span = self.headers.get("Range", "")
            if span.startswith("bytes=") and not head:
                start, _, end = span[len("bytes="):].partition("-")
                first, last = int(start), min(int(end) if end else len(body) - 1, len(body) - 1)
                part = body[first:last + 1]
                return self._send(206, part, {**common, "Content-Range": f"bytes {first}-{last}/{len(body)}"})
            self._send(200, body, common, head)

        def do_GET(self):  # noqa: N802
            self._route(head=False)

        def do_HEAD(self):  # noqa: N802
            self._route(head=True)

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):  # a client that gave up (the budget ran out) is fine
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class StandIn:
    """Start with `with StandIn() as hub:`; `hub.url` is the endpoint to give HF_ENDPOINT."""

    def __init__(self, hub: Hub | None = None):
        self.hub = hub or Hub()
        self.server = _Server(("127.0.0.1", 0), _handler(self.hub))
        self.hub.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> Hub:
        self.thread.start()
        return self.hub

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
