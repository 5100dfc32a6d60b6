"""Stand-ins for pygbag's runtime and a local HTTP server on 127.0.0.1, for the web tests.

The real runtime cannot be downloaded on this project's machines (no route to
pygbag's CDN), so the tests fetch and host files that have the real files'
paths and pass the same checks: a WebAssembly module with its magic number, a
real zip as the wheel, JSON indexes.  The stand-in ``pythons.js`` requests what
the real loader requests (every runtime file, relative to ``config.cdn``, the
package index and the wheel relative to the repository next to it, and the
game archive) and then opens the "game window" by sizing the canvas.
"""

from __future__ import annotations

import http.server
import io
import json
import threading
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from skat import webruntime

WHEEL_NAME = "cp312-0.9.2/pygame_static-1.0-<abi>-<abi>-<api>.whl"
WHEEL_PATH = webruntime.REPO_DIR + "cp312-0.9.2/pygame_static-1.0-cp312-cp312-wasm32_bi_emscripten.whl"
#: The smallest valid WebAssembly module: magic number and version 1.
WASM = b"\0asm\x01\x00\x00\x00"

STAND_IN_LOADER = r"""// Stand-in for pygbag's pythons.js (tests only): the same requests, no Python.
const cdn = new URL(window.config.cdn, location.href).href;
const repo = new URL("../repo/", cdn).href;
async function need(url) {
    const response = await fetch(url);
    if (!response.ok) { throw new Error("HTTP " + response.status + " " + url); }
    return new Uint8Array(await response.arrayBuffer());
}
function script(url) {
    return new Promise((resolve) => {
        const tag = document.createElement("script");
        tag.src = url;
        tag.onload = resolve;
        document.head.appendChild(tag);
    });
}
(async function () {
    window.Module = {};
    window.custom_onload(true);
    // As Emscripten reports its download of main.data.
    for (const done of [1, 2, 3]) {
        window.Module.setStatus("Downloading data... (" + done * 1000 + "/4000)");
        await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await need(cdn + "cpythonrc.py");
    await script(cdn + "cpython312/main.js");
    await need(cdn + "cpython312/main.data");
    await WebAssembly.instantiate(await need(cdn + "cpython312/main.wasm"));
    for (const name of ["empty.ogg", "vtx.js", "vt/xterm.js", "vt/xterm.css", "vt/xterm-addon-image.js"]) {
        await need(cdn + name);
    }
    await need(new URL(window.config.archive + ".apk", location.href).href);
    window.skatLoader.stage("page.deal");
    const index = JSON.parse(new TextDecoder().decode(await need(repo + "index-0.9.2-cp312.json")));
    await need(repo + "repodata.json");
    const wheel = index["pygame.base"].replace(/<abi>/g, "cp312").replace(/<api>/g, "wasm32_bi_emscripten");
    await need(repo + wheel);
    const canvas = document.getElementById("canvas");
    canvas.width = 1280;
    canvas.height = 720;
    canvas.getContext("2d").fillStyle = "#145a32";
    canvas.getContext("2d").fillRect(0, 0, 1280, 720);
})();
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
        elif name.endswith(".wasm"):
            data = WASM
        elif name.startswith("index-"):
            # As the real index: its "-CDN-" names the CDN; the page overrides it with PYGPI.
            data = json.dumps({"-CDN-": webruntime.DEFAULT_BASE + webruntime.REPO_DIR, "pygame.base": WHEEL_NAME})
            data = data.encode()
        elif name == "repodata.json":
            data = json.dumps({"packages": {}}).encode()
        elif name.endswith(".js"):
            data = f"// stand-in for {item.path}\nwindow.standIn = (window.standIn || 0) + 1;\n".encode()
        else:
            data = f"stand-in for {item.path}\n".encode() * 4
        files[item.path] = data
    files[WHEEL_PATH] = wheel_bytes()
    return files


class Server:
    """A tiny HTTP server on 127.0.0.1: serves ``files`` by path, logs every request.

    ``missing`` paths answer 404; ``truncated`` ones promise more bytes than they send and hang up;
    ``slow`` ones wait that many seconds first.
    """

    def __init__(self, files: dict[str, bytes], root: Path | None = None) -> None:
        self.files = dict(files)
        self.root = root
        self.missing: set[str] = set()
        self.truncated: set[str] = set()
        self.slow: dict[str, float] = {}
        self.requests: list[str] = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                path = self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/") or "index.html"
                server.requests.append(path)
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
                        "json": "application/json", "css": "text/css"}.get(path.rsplit(".", 1)[-1],
                                                                          "application/octet-stream")
                self.send_header("Content-Type", kind)
                if path in server.truncated:
                    self.send_header("Content-Length", str(len(data) + 1000))
                    self.send_header("Connection", "close")
                    self.end_headers()
                    self.wfile.write(data[: len(data) // 2])
                    self.close_connection = True
                    return
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def start(self) -> Server:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@contextmanager
def serving(files: dict[str, bytes], root: Path | None = None) -> Iterator[Server]:
    server = Server(files, root).start()
    try:
        yield server
    finally:
        server.stop()
