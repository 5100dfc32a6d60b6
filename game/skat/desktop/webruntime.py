"""``skat web-runtime fetch DIR`` / ``verify DIR``: pygbag's browser runtime, self-hosted.

The web page normally loads pygbag's runtime from pygbag's CDN when it is
played.  Those paths can change or vanish under a deployed page (pygbag issues
#229, #218, #184), so this command downloads, once and on a machine with
internet, exactly the files the pinned pygbag's page loads, checks each one,
and records their sha256 in ``DIR/runtime.lock.json``.  ``skat web-build
--runtime DIR`` verifies ``DIR`` against that lock and copies the files next to
the page, which then names no other host.  See ``docs/web.md``.

The files keep their paths on the CDN (``archives/0.9/…``, ``archives/repo/…``)
so the page finds the package index one folder up from the runtime, as pygbag
expects.  :data:`RUNTIME_FILES` says for each file where in pygbag's code the
page asks for it.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import io
import json
import os
import sys
import urllib.error
import urllib.request
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

#: The pygbag release the page template and this list are written for (skat.desktop.webbuild pins it too).
PYGBAG_VERSION = "0.9.2"
#: pygbag's CDN; 0.9.2's app.py builds ``https://pygame-web.github.io/archives/{0.9}/`` from its version.
DEFAULT_BASE = "https://pygame-web.github.io/"
RUNTIME_DIR = "archives/0.9/"
REPO_DIR = "archives/repo/"
LOCK_NAME = "runtime.lock.json"
LOCK_FORMAT = "skat-web-runtime"

#: The runtime's ABI and platform tags (pygbag 0.9.2 aio/pep0723.py ``async_repos``: ``cp{major}{minor}`` and
#: sysconfig's HOST_GNU_TYPE of the Emscripten build), which fill ``<abi>``/``<api>`` in the package index.
ABI_TAG = "cp312"
API_TAG = "wasm32_bi_emscripten"
#: The package index entry the game needs: pep0723's ``Config.mapping`` turns ``pygame`` into ``pygame.base``.
WHEEL_KEY = "pygame.base"


#: The package index of the ``archives/0.9/`` runtime.  That runtime was committed once (2024-03-11); its
#: ``pythons.js`` and ``cpythonrc.py`` are byte-identical to pygbag's commit e26900f ("0.9.0pre"), whose
#: ``aio/pep0723.py`` ``async_repos()`` asks for ``f"{repo}index-090-{abitag}.json"`` (not 0.9.2's
#: ``index-0.9.2-…``: the pip package's pep0723.py is not the code that runs in the browser).
INDEX_NAME = f"index-090-{ABI_TAG}.json"


@dataclass(frozen=True)
class RuntimeFile:
    path: str
    why: str


#: What the page loads, and where the ``archives/0.9/`` runtime asks for it.  ``cdn`` is the page's
#: ``config.cdn`` (``https://pygame-web.github.io/archives/0.9/`` by default, or the absolute address of
#: ``runtime/archives/0.9/`` next to the page), ``repo`` the package index next to it.  Checked against the
#: real ``pythons.js``/``vtx.js`` in a browser (tests/test_browser_page.py with a pygame-web/archives snapshot).
RUNTIME_FILES: tuple[RuntimeFile, ...] = (
    RuntimeFile(RUNTIME_DIR + "pythons.js", "index.html: <script src=cdn+'pythons.js'>, pygbag's loader"),
    RuntimeFile(RUNTIME_DIR + "browserfs.min.js", "index.html <script>, and pythons.js import_browserfs()"),
    RuntimeFile(RUNTIME_DIR + "cpythonrc.py", "pythons.js postrun(): fetch(cdn + interpreter + 'rc.py')"),
    RuntimeFile(RUNTIME_DIR + "cpython312/main.js", "pythons.js auto_conf(): config.executable = "
                "cdn + 'cpython' + pydigits + '/main.js' (data-python='python3.12')"),
    RuntimeFile(RUNTIME_DIR + "cpython312/main.wasm", "Emscripten's locateFile: next to main.js"),
    RuntimeFile(RUNTIME_DIR + "cpython312/main.data", "pythons.js vm.locateFile('main.data'): the packed stdlib "
                "and pygbag's Python modules"),
    RuntimeFile(RUNTIME_DIR + "empty.ogg", "pythons.js feat_snd(): new Audio(cdn+'empty.ogg') probes sound "
                "(data-os has snd, ume_block 1)"),
    RuntimeFile(RUNTIME_DIR + "vtx.js", "pythons.js feat_vtx(): import('./vtx.js') (data-os has vtx; desktop only)"),
    RuntimeFile(RUNTIME_DIR + "vt/xterm.js", "vtx.js: import(config.cdn + 'vt/xterm.js')"),
    RuntimeFile(RUNTIME_DIR + "vt/xterm.css", "vtx.js: <link href=config.cdn + 'vt/xterm.css'>"),
    RuntimeFile(RUNTIME_DIR + "vt/xterm-addon-image.js", "vtx.js: import(config.cdn + 'vt/xterm-addon-image.js')"),
    RuntimeFile(REPO_DIR + INDEX_NAME, "pygbag 0.9.0pre aio/pep0723.py async_repos(): "
                "f'{repo}index-090-{abitag}.json', repo = PYGPI"),
    RuntimeFile(REPO_DIR + "repodata.json", "cpythonrc.py preload_code(): Path(cdn) / Config.REPO_DATA"),
)
#: The wheel the CDN's index names (``index-090-cp312.json``: ``cp312/pygame_static-1.0-<abi>-<abi>-<api>.whl``);
#: a self-hosted runtime takes the name from its downloaded index instead.  The CDN build's offline copy keeps it.
CDN_WHEEL = REPO_DIR + f"cp312/pygame_static-1.0-{ABI_TAG}-{ABI_TAG}-{API_TAG}.whl"
WHEEL_WHY = ("pep0723 pip_install('pygame.base'): repo['-CDN-'] (rewritten to PYGPI) + the index's entry, "
             f"<abi>={ABI_TAG}, <api>={API_TAG}")


class RuntimeFilesError(Exception):
    """A runtime that cannot be used; the message says which file and why."""


def check_body(path: str, data: bytes) -> str | None:
    """Why ``data`` cannot be the file ``path`` (None when it can): empty, no wasm magic, a broken zip, bad JSON."""
    if not data:
        return "empty body"
    if path.endswith(".wasm") and not data.startswith(b"\0asm"):
        return "not WebAssembly (no \\0asm magic number)"
    if path.endswith(".whl"):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as wheel:
                bad = wheel.testzip()
        except (zipfile.BadZipFile, EOFError, OSError, zlib.error) as exc:
            return f"not a valid wheel (zip): {exc}"
        if bad is not None:
            return f"wheel member {bad} is damaged"
    if path.endswith(".json"):
        try:
            json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            return f"not JSON: {exc}"
    return None


def wheel_path(index: dict[str, str]) -> str:
    """The pygame wheel's path under the CDN root, from the package index (as pygbag's installer reads it)."""
    entry = index.get(WHEEL_KEY)
    if not isinstance(entry, str) or not entry.endswith(".whl"):
        raise RuntimeFilesError(f"the package index has no wheel for {WHEEL_KEY!r}")
    name = entry.replace("<abi>", ABI_TAG).replace("<api>", API_TAG)
    if name.startswith("/") or ".." in name.split("/") or "://" in name:
        raise RuntimeFilesError(f"the package index points outside the repository: {entry!r}")
    return REPO_DIR + name


def download(url: str, timeout: float = 60.0) -> bytes:
    """GET ``url``: the body when the status is 200 and the whole body (Content-Length) arrived."""
    request = urllib.request.Request(url, headers={"User-Agent": f"skat-web-runtime (pygbag {PYGBAG_VERSION})"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - http(s) only, see fetch()
            if response.status != 200:
                raise RuntimeFilesError(f"HTTP {response.status} from {url}")
            expected = response.headers.get("Content-Length")
            data = response.read()
    except urllib.error.HTTPError as exc:
        raise RuntimeFilesError(f"HTTP {exc.code} from {url}") from None
    except http.client.IncompleteRead as exc:
        raise RuntimeFilesError(f"truncated: {len(exc.partial)} bytes arrived from {url}") from None
    except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
        raise RuntimeFilesError(f"cannot download {url}: {exc}") from None
    if expected is not None and expected.isdigit() and int(expected) != len(data):
        raise RuntimeFilesError(f"truncated: {len(data)} of {expected} bytes arrived from {url}")
    return data


def _write(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    partial.write_bytes(data)
    os.replace(partial, target)


def fetch(dest: Path, base: str = DEFAULT_BASE, timeout: float = 60.0, log=print) -> dict:
    """Download every runtime file into ``dest``, check it, and write the lock; returns the lock.

    Every file is tried; if any fails, no lock is written and the error lists them all.
    """
    if not base.startswith(("https://", "http://")):
        raise RuntimeFilesError(f"the base address must be http(s): {base}")
    base = base if base.endswith("/") else base + "/"
    entries: list[dict[str, object]] = []
    problems: list[str] = []

    def get(path: str, why: str) -> bytes | None:
        try:
            data = download(base + path, timeout)
        except RuntimeFilesError as exc:
            problems.append(f"{path}: {exc}")
            return None
        problem = check_body(path, data)
        if problem:
            problems.append(f"{path}: {problem} ({len(data)} bytes from {base + path})")
            return None
        _write(dest / path, data)
        entries.append({"path": path, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(), "why": why})
        log(f"{path:60} {len(data) / 1e6:8.2f} MB")
        return data

    index_data = None
    for item in RUNTIME_FILES:
        data = get(item.path, item.why)
        if item.path == REPO_DIR + INDEX_NAME:
            index_data = data
    if index_data is not None:
        try:
            wheel = wheel_path(json.loads(index_data.decode("utf-8")))
        except RuntimeFilesError as exc:
            problems.append(f"{REPO_DIR}{INDEX_NAME}: {exc}")
        else:
            get(wheel, WHEEL_WHY)
    if problems:
        raise RuntimeFilesError("the runtime is incomplete, no lock written:\n  " + "\n  ".join(problems))
    lock = {
        "format": LOCK_FORMAT,
        "version": 1,
        "pygbag": PYGBAG_VERSION,
        "source": base,
        "runtime": RUNTIME_DIR,
        "repo": REPO_DIR,
        "files": sorted(entries, key=lambda e: str(e["path"])),
    }
    (dest / LOCK_NAME).write_text(json.dumps(lock, indent=2) + "\n", encoding="utf-8")
    return lock


def read_lock(folder: Path) -> dict:
    path = folder / LOCK_NAME
    try:
        lock = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RuntimeFilesError(f"{path} is missing: run  skat web-runtime fetch {folder}") from None
    except (OSError, ValueError) as exc:
        raise RuntimeFilesError(f"{path} cannot be read: {exc}") from None
    if not isinstance(lock, dict) or lock.get("format") != LOCK_FORMAT or not isinstance(lock.get("files"), list):
        raise RuntimeFilesError(f"{path} is not a runtime lock file")
    if lock.get("pygbag") != PYGBAG_VERSION:
        found = lock.get("pygbag")
        raise RuntimeFilesError(f"{path} is for pygbag {found}, the build needs {PYGBAG_VERSION}: fetch again")
    return lock


def verify(folder: Path) -> list[str]:
    """The files of the lock in ``folder``, checked against their sha256 and the content checks.

    Returns their paths; raises :class:`RuntimeFilesError` listing every file that is missing or differs.
    """
    lock = read_lock(folder)
    problems = []
    paths = []
    need = {f.path for f in RUNTIME_FILES}
    for entry in lock["files"]:
        path = str(entry.get("path", ""))
        if not path or path.startswith("/") or ".." in path.split("/"):
            problems.append(f"bad path in the lock: {path!r}")
            continue
        need.discard(path)
        target = folder / path
        try:
            data = target.read_bytes()
        except OSError:
            problems.append(f"{path}: missing")
            continue
        if hashlib.sha256(data).hexdigest() != entry.get("sha256"):
            problems.append(f"{path}: sha256 differs from the lock ({len(data)} bytes)")
            continue
        problem = check_body(path, data)
        if problem:
            problems.append(f"{path}: {problem}")
            continue
        paths.append(path)
    problems.extend(f"{path}: not in the lock (a lock of an older list: fetch again)" for path in sorted(need))
    if not any(p.endswith(".whl") for p in paths):
        problems.append("the pygame wheel is not in the lock")
    if problems:
        raise RuntimeFilesError(f"{folder} does not match its lock:\n  " + "\n  ".join(problems))
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="skat web-runtime",
        description="Download pygbag's browser runtime once, to host it with the page (skat web-build --runtime DIR).",
    )
    sub = parser.add_subparsers(dest="action", required=True)
    p_fetch = sub.add_parser("fetch", help="download and check the runtime files into DIR and write DIR/" + LOCK_NAME)
    p_fetch.add_argument("dir", type=Path)
    p_fetch.add_argument("--base-url", default=DEFAULT_BASE, help=f"where to download from (default {DEFAULT_BASE})")
    p_fetch.add_argument("--timeout", type=float, default=60.0, help="seconds per file")
    p_verify = sub.add_parser("verify", help="check DIR against its lock file")
    p_verify.add_argument("dir", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.action == "fetch":
            lock = fetch(args.dir, args.base_url, args.timeout)
            total = sum(int(e["bytes"]) for e in lock["files"])
            print(f"{len(lock['files'])} files, {total / 1e6:.1f} MB, locked in {args.dir / LOCK_NAME}")
        else:
            paths = verify(args.dir)
            print(f"{len(paths)} files match {args.dir / LOCK_NAME}")
    except RuntimeFilesError as exc:
        print(f"web-runtime: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
