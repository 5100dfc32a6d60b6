"""``skat web-build``: build ``build/web/`` for any static web host with pygbag, offline.

pygbag packs a whole folder, so the game is first copied into a clean stage
(``build/stage/skat/``: ``main.py`` and the ``skat`` package without the
desktop tools, caches or tests) and pygbag packs that.  pygbag downloads its
page template and favicon from its CDN unless it is handed local files, and it
retries a failed download forever; so both are handed over (the project's
``index.html`` and an icon drawn by :mod:`skat.ui.icon`), and the build stops
at once if pygbag still starts a download.  The page loads pygbag's runtime
from pygbag's CDN when it is played.  See ``docs/web.md``.

``python -m skat.webbuild`` does the same as ``skat web-build``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import threading
from importlib import metadata
from pathlib import Path

#: The pygbag this build and index.html are written for (also pinned in pyproject.toml's ``web`` extra).
#: 0.9.2 loads its runtime from pygbag's stable ``archives/0.9/`` CDN; on 0.9.3's ``cdn/0.9.3/``
#: browserfs.min.js is reported missing (pygbag issues #218, #227).
PYGBAG_VERSION = "0.9.2"

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "game"
TEMPLATE = ROOT / "index.html"
DEFAULT_OUT = ROOT / "build" / "web"
DEFAULT_STAGE = ROOT / "build" / "stage"

#: pygbag names the archive and the page's bundle after the staged folder.
APP_NAME = "skat"
ARCHIVE_NAME = f"{APP_NAME}.apk"
PAGE_FILES = ("index.html", ARCHIVE_NAME, "favicon.png")

#: Modules of the package that only the desktop runs: command line, terminal play (stdin),
#: benchmarks, tours, calibration and this build.  Nothing the browser runs imports them.
DESKTOP_ONLY = frozenset(
    {
        "skat/__main__.py",
        "skat/cli.py",
        "skat/textmode.py",
        "skat/replay.py",
        "skat/bench.py",
        "skat/webbuild.py",
        "skat/ai/bench.py",
        "skat/ai/calibrate.py",
        "skat/ai/duel.py",
        "skat/ui/shots.py",
        "skat/ui/bench_ui.py",
    }
)

#: The only data files a browser build may carry.
ASSET_SUFFIXES = frozenset({".png", ".ogg"})

#: The archive budget (bytes).
MAX_ARCHIVE_BYTES = 1_000_000

ICON_SIZE = 192
DEFAULT_TIMEOUT = 120.0


class WebBuildError(Exception):
    """A build that cannot go on; the message says why and what to do."""


def require_pygbag() -> None:
    """Refuse to build with a missing or different pygbag: index.html follows this version's runtime."""
    try:
        found = metadata.version("pygbag")
    except metadata.PackageNotFoundError:
        raise WebBuildError(
            f"pygbag is not installed: python3 -m pip install -e '.[web]' (pygbag=={PYGBAG_VERSION})"
        ) from None
    if found != PYGBAG_VERSION:
        raise WebBuildError(
            f"pygbag {found} is installed, the web build is pinned to {PYGBAG_VERSION}: "
            f"python3 -m pip install 'pygbag=={PYGBAG_VERSION}'"
        )


def shipped_files(game_dir: Path = GAME_DIR) -> list[str]:
    """The files the browser gets, relative to ``game_dir``: ``main.py`` and the ``skat`` package.

    Caches, hidden files and :data:`DESKTOP_ONLY` modules stay behind; any other
    kind of file than Python, PNG or OGG is an error rather than silently shipped.
    """
    files = ["main.py"]
    odd: list[str] = []
    for path in sorted((game_dir / "skat").rglob("*")):
        rel = path.relative_to(game_dir)
        if not path.is_file() or "__pycache__" in rel.parts or any(p.startswith(".") for p in rel.parts):
            continue
        name = rel.as_posix()
        if path.suffix in (".pyc", ".pyo") or name in DESKTOP_ONLY:
            continue
        if path.suffix == ".py" or path.suffix.lower() in ASSET_SUFFIXES:
            files.append(name)
        else:
            odd.append(name)
    if odd:
        raise WebBuildError(f"only Python, PNG and OGG files can go to the browser, not: {', '.join(odd)}")
    return files


def stage_game(app_dir: Path, game_dir: Path = GAME_DIR) -> list[str]:
    """Copy :func:`shipped_files` into an emptied ``app_dir``; pygbag packs all of that folder."""
    files = shipped_files(game_dir)
    if app_dir.exists():
        shutil.rmtree(app_dir)
    for name in files:
        target = app_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(game_dir / name, target)
    return files


def write_favicon(path: Path, size: int = ICON_SIZE) -> None:
    """Draw the app icon (deterministic, see :mod:`skat.ui.icon`) so pygbag need not fetch its own."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .ui.icon import write_icon

    path.parent.mkdir(parents=True, exist_ok=True)
    write_icon(str(path), size)


def pygbag_command(app_dir: Path, icon: Path, template: Path = TEMPLATE) -> list[str]:
    """The pygbag call: build only, no asset rewriting, local template and icon (absolute: any miss would download)."""
    return [
        sys.executable,
        "-m",
        "pygbag",
        "--build",
        "--no_opt",
        "--template",
        str(template.resolve()),
        "--icon",
        str(icon.resolve()),
        "--title",
        "Skat",
        "--ume_block",
        "1",
        "--can_close",
        "1",
        str(app_dir.resolve()),
    ]


def run_pygbag(command: list[str], cwd: Path, timeout: float, verbose: bool = False) -> str:
    """Run pygbag, stopping it at its first download attempt or after ``timeout`` seconds.

    pygbag announces every download with ``urllib.request.urlretrieve(...)`` and
    retries a failed one every five seconds without end, so a download means a
    local file was missing and waiting would only hang.  On Linux pygbag also
    shells out to ``black`` (whenever it is importable, even with ``--no_opt``),
    which would reformat the stage; with no PATH it finds no tools to call.
    """
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONDONTWRITEBYTECODE="1")
    if sys.platform == "linux":
        env["PATH"] = os.devnull
    proc = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        errors="replace",
    )
    timed_out = threading.Event()

    def stop() -> None:
        timed_out.set()
        proc.kill()

    timer = threading.Timer(timeout, stop)
    timer.start()
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if verbose:
                print(line, end="")
            if "urlretrieve(" in line:
                proc.kill()
                raise WebBuildError(f"pygbag tried to download, the build must stay offline: {line.strip()}")
        proc.wait()
    finally:
        timer.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    output = "".join(lines)
    if timed_out.is_set():
        raise WebBuildError(f"pygbag did not finish within {timeout:g} s:\n{output[-2000:]}")
    if proc.returncode != 0:
        raise WebBuildError(f"pygbag failed (exit status {proc.returncode}):\n{output[-2000:]}")
    return output


def publish(built: Path, out: Path) -> None:
    """Copy the page, the archive and the icon from pygbag's build folder to ``out`` and check them."""
    missing = [name for name in PAGE_FILES if not (built / name).is_file()]
    if missing:
        raise WebBuildError(f"pygbag did not write {', '.join(missing)} in {built}")
    page = (built / "index.html").read_text(encoding="utf-8")
    if "{{" in page or "}}" in page:
        raise WebBuildError("index.html has a placeholder pygbag does not know: only {{cookiecutter.KEY}} of its list")
    size = (built / ARCHIVE_NAME).stat().st_size
    if size > MAX_ARCHIVE_BYTES:
        raise WebBuildError(f"{ARCHIVE_NAME} is {size} bytes, over the budget of {MAX_ARCHIVE_BYTES}")
    out.mkdir(parents=True, exist_ok=True)
    for stale in [*out.glob("*.apk"), *out.glob("*.tar.gz")]:
        stale.unlink()
    for name in PAGE_FILES:
        shutil.copyfile(built / name, out / name)


def build(
    out: Path = DEFAULT_OUT, stage: Path = DEFAULT_STAGE, timeout: float = DEFAULT_TIMEOUT, verbose: bool = False
) -> Path:
    """Stage the game, run pygbag on the stage and put the page into ``out``; returns ``out``."""
    require_pygbag()
    if not TEMPLATE.is_file():
        raise WebBuildError(f"the page template {TEMPLATE} is missing (the web build runs from a source checkout)")
    app_dir = stage / APP_NAME
    icon = stage / "favicon.png"  # beside the app folder, not in it: pygbag would pack it
    stage_game(app_dir)
    write_favicon(icon)
    # cwd = the stage: nothing of the checkout (a pygbag.ini, say) can steer pygbag.
    run_pygbag(pygbag_command(app_dir, icon), cwd=stage, timeout=timeout, verbose=verbose)
    publish(app_dir / "build" / "web", out)
    return out


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="skat web-build", description="Build the browser version with pygbag into a folder for any static host."
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: build/web)")
    parser.add_argument("--stage", type=Path, default=DEFAULT_STAGE, help="staging folder (default: build/stage)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds pygbag may take")
    parser.add_argument("-v", "--verbose", action="store_true", help="show pygbag's output")
    args = parser.parse_args(argv)
    try:
        out = build(args.out, args.stage, args.timeout, args.verbose)
    except WebBuildError as exc:
        print(f"web-build: {exc}", file=sys.stderr)
        return 1
    for name in PAGE_FILES:
        print(f"{_display(out / name):40} {(out / name).stat().st_size / 1000:8.1f} kB")
    print(f"Serve {_display(out)} over http(s), e.g. python3 -m http.server -d {_display(out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
