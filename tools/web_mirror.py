"""Assemble a local mirror of pygbag's runtime from a snapshot of github.com/pygame-web/archives.

That repository is what pygbag's CDN serves under ``https://pygame-web.github.io/archives/``.  A
snapshot (a git directory, with or without work tree) holds every file the page needs except the three
interpreter files ``0.9/cpython312/main.{js,wasm,data}`` (each over 4 MiB, left out of the snapshots
this project can get).  They are replaced by stand-ins: ``tools/browser/standin-main.js`` (what
Emscripten's loader does first, then "Python started"), the smallest WebAssembly module, and filler
data.  Nothing of pygbag's is copied into this repository: the mirror goes where you say.

    python3 tools/web_mirror.py SNAPSHOT OUT        # OUT/archives/0.9/..., OUT/archives/repo/...
    python3 -m http.server -d OUT 8000              # then: skat web-runtime fetch RT --base-url http://127.0.0.1:8000/

The files are those of ``skat.webruntime.RUNTIME_FILES`` and the wheel that the package index names.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "game"))

from skat.desktop import webruntime  # noqa: E402

STANDIN_MAIN = ROOT / "tools" / "browser" / "standin-main.js"
#: The stand-in ``main.data``: filler (big enough for the loading screen to show its progress), and the line
#: of pygbag's ``aio/pep0723.py`` (which the real one packs) that names the package repository pygbag falls
#: back to without ``$PYGPI``: standin-main.js reads it there.
STANDIN_DATA = bytes(range(256)) * 1200 + b'\nPKG_BASE_DEFAULT = "%s"\n' % (
    webruntime.DEFAULT_BASE + webruntime.REPO_DIR).encode()
#: The interpreter files a snapshot lacks, and what stands in for them.
STAND_INS: dict[str, bytes] = {
    webruntime.RUNTIME_DIR + "cpython312/main.js": STANDIN_MAIN.read_bytes(),
    webruntime.RUNTIME_DIR + "cpython312/main.wasm": b"\0asm\x01\x00\x00\x00",
    webruntime.RUNTIME_DIR + "cpython312/main.data": STANDIN_DATA,
}


def read(snapshot: Path, path: str) -> bytes | None:
    """``path`` (under ``archives/``) from the snapshot: a work tree's file, else the git object at HEAD."""
    inner = path.removeprefix("archives/")
    if (snapshot / inner).is_file():
        return (snapshot / inner).read_bytes()
    git_dir = snapshot / ".git" if (snapshot / ".git").exists() else snapshot
    done = subprocess.run(["git", "--git-dir", str(git_dir), "cat-file", "blob", f"HEAD:{inner}"],
                          capture_output=True, timeout=60)
    return done.stdout if done.returncode == 0 else None


def runtime_files(snapshot: Path) -> tuple[dict[str, bytes], list[str]]:
    """The runtime files by CDN path, and which of them are stand-ins (absent from the snapshot)."""
    files: dict[str, bytes] = {}
    standing_in: list[str] = []
    missing: list[str] = []
    for item in webruntime.RUNTIME_FILES:
        data = read(snapshot, item.path)
        if data is None and item.path in STAND_INS:
            data = STAND_INS[item.path]
            standing_in.append(item.path)
        if data is None:
            missing.append(item.path)
        else:
            files[item.path] = data
    index = files.get(webruntime.REPO_DIR + webruntime.INDEX_NAME)
    if index is not None:
        wheel = webruntime.wheel_path(json.loads(index))
        data = read(snapshot, wheel)
        if data is None:
            missing.append(wheel)
        else:
            files[wheel] = data
    if missing:
        raise SystemExit(f"web_mirror: the snapshot {snapshot} lacks {', '.join(missing)}")
    return files, standing_in


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("snapshot", type=Path, help="a snapshot (git directory) of github.com/pygame-web/archives")
    parser.add_argument("out", type=Path, help="the mirror's folder (gets archives/0.9/ and archives/repo/)")
    args = parser.parse_args(argv)
    files, standing_in = runtime_files(args.snapshot)
    for path, data in files.items():
        target = args.out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        note = "  (stand-in: not in the snapshot)" if path in standing_in else ""
        print(f"{path:72} {len(data):>9} bytes{note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
