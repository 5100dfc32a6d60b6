"""Stand-ins for pygbag's runtime and a local HTTP server, for the web tests.

The real runtime cannot be downloaded on this project's machines (no route to
pygbag's CDN), and no file of pygbag's goes into this repository.  So the
tests fetch and host files that have the real files' paths and pass the same
checks: a WebAssembly module with its magic number, a real zip as the wheel,
JSON indexes.  The stand-ins behave like the real loader where the page
depends on it:

- ``pythons.js`` takes ``config.cdn`` as the real one does (from the page,
  or made from its own address on ``localhost`` only), alerts every uncaught
  error as the real one does, imports ``./vtx.js`` as a module, loads the
  interpreter ``config.cdn + "cpython312/main.js"`` by a script tag, finds
  ``main.data`` through ``locateFile`` and fetches ``cpythonrc.py`` in
  ``postRun``; its ``cross_track`` sizes its buffer by Content-Length as the
  real one does (an archive sent without it arrives empty);
- ``vtx.js`` imports ``config.cdn + "vt/xterm.js"`` and its image add-on as
  modules, so a relative ``config.cdn`` is a bare module specifier and fails;
- ``cpython312/main.js`` is tools/browser/standin-main.js, the one the tests
  with the real files use too (tools/web_mirror.py).

With a snapshot of pygame-web/archives (``SKAT_PYGBAG_ARCHIVES``), the tests
run the real ``pythons.js``, ``vtx.js``, xterm, BrowserFS, ``cpythonrc.py``,
indexes and wheel instead (tools/web_mirror.py assembles them).
"""

from __future__ import annotations

import http.server
import io
import json
import os
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from skat.desktop import webruntime

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import web_mirror  # noqa: E402 - tools/ is no package

STANDIN_MAIN = web_mirror.STANDIN_MAIN.read_bytes()
WHEEL_NAME = "cp312/pygame_static-1.0-<abi>-<abi>-<api>.whl"
WHEEL_PATH = webruntime.CDN_WHEEL
INDEX_PATH = webruntime.REPO_DIR + webruntime.INDEX_NAME
#: The smallest valid WebAssembly module: magic number and version 1.
WASM = b"\0asm\x01\x00\x00\x00"
#: Where a snapshot of github.com/pygame-web/archives is (a git directory, with or without work tree).
SNAPSHOT_VARIABLE = "SKAT_PYGBAG_ARCHIVES"

STAND_IN_LOADER = r"""// Stand-in for pygbag's pythons.js (tests only): its requests and its ways, no Python.
"use strict";
const config = window.config || {};
window.addEventListener("error", function (e) { alert("Error occurred: " + e.error.message); return false; });
window.addEventListener("unhandledrejection", function (e) { alert("Error occurred: " + e.reason.message); });
const site = [...document.getElementsByTagName("script")].find(
    (s) => s.type === "module" && s.src.includes("pythons.js"));
const url = site.src.split("?")[0];
if (location.hostname === "localhost") {
    config.cdn = url.replace("pythons.js", "");
}
config.cdn = config.cdn || url.split("pythons.js", 1)[0];
config.pydigits = "312";
config.executable = config.executable || config.cdn + "cpython312/main.js";
const vm = {
    config: config,
    script: {interpreter: "cpython", blocks: [site.text]},
    arguments: [],
    // As pythons.js's auto_conf: the page address's query, split at "&", is the interpreter's orig_argv.
    PyConfig: {frozen: false, orig_argv: location.search.slice(1).split("&").map(decodeURI)},
    setStatus: function () {},
    locateFile: function (path, prefix) {
        return path === "main.data" ? (config.cdn || "") + "cpython" + config.pydigits + "/" + path : prefix + path;
    },
    PyRun_SimpleString: function (code) { this.postMessage({type: "rcon", data: code}); },
    preRun: [function (VM) { VM.FS.init(null, null, null); VM.arguments.push("org.python"); }],
    postRun: [async function (VM) {
        window.python = VM;
        const response = await fetch(vm.config.cdn + VM.script.interpreter + "rc.py", {});
        if (!response.ok) { return; }
        vm.FS.writeFile("/data/data/org.python/assets/pythonrc.py", new Uint8Array(await response.arrayBuffer()));
        // As pythons.js's run_pyrc: the start-up code carries the PyConfig as it is now.
        python.PyRun_SimpleString("#!site\nPyConfig = json.loads(\"\"\"" + JSON.stringify(vm.PyConfig) +
                                  "\"\"\")\nimport asyncio\nasyncio.run(import_site('__main__.py'))\n");
    }]
};
window.MM = {UME: true};
window.cross_track = async function (trackid, url, flags) {
    const response = await fetch(url, flags);
    const reader = response.body.getReader();
    const len = Number(response.headers.get("Content-Length"));
    const track = window.MM[trackid];
    track.data = new Uint8Array(len);
    track.pos = 0;
    track.len = len;
    for (;;) {
        const {done, value} = await reader.read();
        if (done) { track.avail = true; break; }
        try { track.data.set(value, track.pos); } catch (x) { track.pos = -1; }
        track.pos += value.length;
    }
};
window.addEventListener("load", async function () {
    window.Module = vm;
    new Audio(config.cdn + "empty.ogg").play().catch(() => {});
    if (!window.BrowserFS) { throw new Error("no BrowserFS"); }
    await import("./vtx.js");
    window.custom_onload(true);
    const tag = document.createElement("script");
    tag.src = config.executable;
    tag.async = true;
    document.head.appendChild(tag);
});
"""

STAND_IN_VTX = r"""// Stand-in for pygbag's vtx.js (tests only): the terminal's files, imported by the same URLs.
const xterm_cdn = window.Module.config.cdn + "vt/";
const css = document.createElement("link");
css.rel = "stylesheet";
css.href = xterm_cdn + "xterm.css";
document.head.appendChild(css);
await import(xterm_cdn + "xterm.js");
await import(xterm_cdn + "xterm-addon-image.js");
export class WasmTerminal {}
"""


def wheel_bytes() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("pygame/__init__.py", "# stand-in\n" * 200)
        zf.writestr("pygame_static-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\n")
    return buf.getvalue()


def runtime_files() -> dict[str, bytes]:
    """Every file of :data:`skat.webruntime.RUNTIME_FILES` plus the wheel, as stand-ins, by CDN path."""
    files: dict[str, bytes] = {}
    for item in webruntime.RUNTIME_FILES:
        name = item.path.rsplit("/", 1)[-1]
        if name == "pythons.js":
            data = STAND_IN_LOADER.encode()
        elif name == "vtx.js":
            data = STAND_IN_VTX.encode()
        elif name == "main.js":
            data = STANDIN_MAIN
        elif name == "main.data":
            data = web_mirror.STANDIN_DATA
        elif name == "browserfs.min.js":
            data = b"// stand-in for BrowserFS\nwindow.BrowserFS = {};\n"
        elif name.endswith(".wasm"):
            data = WASM
        elif name.startswith("index-"):
            # As the real index: its "-CDN-" names the CDN; the page overrides it with PYGPI.
            data = json.dumps({"-CDN-": webruntime.DEFAULT_BASE + webruntime.REPO_DIR, "pygame.base": WHEEL_NAME})
            data = data.encode()
        elif name == "repodata.json":
            data = json.dumps({"packages": {}}).encode()
        elif name.endswith(".js"):
            data = f"// stand-in for {item.path}\nwindow.standInScripts = (window.standInScripts || 0) + 1;\n".encode()
        else:
            data = f"stand-in for {item.path}\n".encode() * 4
        files[item.path] = data
    files[WHEEL_PATH] = wheel_bytes()
    return files


class Server:
    """A tiny HTTP server on 127.0.0.1: serves ``files`` by path (then ``root``), logs every request.

    ``missing`` paths answer 404; ``truncated`` ones promise more bytes than they send and hang up;
    ``slow`` ones wait that many seconds first; ``chunked`` ones come without Content-Length, in chunks;
    ``throttle`` ones arrive at that many bytes a second; ``base`` serves the site at a sub-path.
    ``offline`` makes every request fail (the connection closes without an answer), as a network that is
    gone.  The browser reaches it under any host name mapped to 127.0.0.1 (tools/browser/drive.mjs: ``host``).
    """

    def __init__(self, files: dict[str, bytes], root: Path | None = None) -> None:
        self.files = dict(files)
        self.root = root
        self.missing: set[str] = set()
        self.truncated: set[str] = set()
        self.chunked: set[str] = set()
        self.slow: dict[str, float] = {}
        self.throttle: dict[str, int] = {}
        self.offline = False
        #: The sub-path the site is served at ("games/skat/"): the page is at at(host) + base.
        self.base = ""
        #: Paths that run a function instead of serving a file (the browser driver's cues, e.g. go offline).
        self.hooks: dict[str, object] = {}
        self.requests: list[str] = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def send_body(self, path: str, data: bytes) -> None:
                rate = server.throttle.get(path)
                step = max(1, rate // 10) if rate else len(data) or 1
                for start in range(0, len(data), step):
                    part = data[start:start + step]
                    if path in server.chunked:
                        part = f"{len(part):x}\r\n".encode() + part + b"\r\n"
                    self.wfile.write(part)
                    self.wfile.flush()
                    if rate:
                        time.sleep(0.1)
                if path in server.chunked:
                    self.wfile.write(b"0\r\n\r\n")

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                path = self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
                if server.base and path.startswith(server.base):
                    path = path[len(server.base):]  # the site at a sub-path: paths as if at the root
                elif server.base:
                    path = "\0outside"  # nothing is served outside the sub-path
                path = path or "index.html"
                if path in server.hooks:
                    server.hooks[path]()  # type: ignore[operator]
                    self.send_response(204)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                server.requests.append(path)
                if server.offline:
                    self.close_connection = True
                    return
                time.sleep(server.slow.get(path, 0))
                data = server.files.get(path)
                if data is None and server.root is not None and (server.root / path).is_file():
                    data = (server.root / path).read_bytes()
                if data is None or path in server.missing:
                    body = b"not found"
                    self.send_response(404)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                self.send_response(200)
                kind = {"html": "text/html", "js": "text/javascript", "wasm": "application/wasm",
                        "json": "application/json", "css": "text/css",
                        "webmanifest": "application/manifest+json"}.get(path.rsplit(".", 1)[-1],
                                                                       "application/octet-stream")
                self.send_header("Content-Type", kind)
                self.send_header("Cache-Control", "no-cache")
                if path in server.truncated:
                    self.send_header("Content-Length", str(len(data) + 1000))
                    self.send_header("Connection", "close")
                    self.end_headers()
                    self.wfile.write(data[: len(data) // 2])
                    self.close_connection = True
                    return
                if path in server.chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                else:
                    self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.send_body(path, data)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"

    def at(self, host: str) -> str:
        """The server's address under ``host`` (which the browser maps to 127.0.0.1)."""
        return f"http://{host}:{self.port}/"

    def start(self) -> Server:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def snapshot() -> Path | None:
    """The pygame-web/archives snapshot named by ``SKAT_PYGBAG_ARCHIVES``, if it is there."""
    value = os.environ.get(SNAPSHOT_VARIABLE, "")
    return Path(value) if value and Path(value).exists() else None


def real_runtime_files(source: Path) -> dict[str, bytes]:
    """The runtime files from a pygame-web/archives snapshot, by CDN path (tools/web_mirror.py)."""
    return web_mirror.runtime_files(source)[0]


@contextmanager
def serving(files: dict[str, bytes], root: Path | None = None) -> Iterator[Server]:
    server = Server(files, root).start()
    try:
        yield server
    finally:
        server.stop()
