"""``skat web-build``: build ``build/web/`` for any static web host with pygbag, offline.

pygbag packs a whole folder, so the game is first copied into a clean stage
(``build/stage/skat/``: ``main.py`` and the ``skat`` package without the
desktop tools, caches or tests) and pygbag packs that.  pygbag downloads its
page template and favicon from its CDN unless it is handed local files, and it
retries a failed download forever; so both are handed over (the project's
``index.html`` and an icon drawn by :mod:`skat.ui.icon`), and the build stops
at once if pygbag still starts a download.  The page loads pygbag's runtime
from pygbag's CDN when it is played, or, built with ``--runtime DIR`` (a folder
made by ``skat web-runtime fetch DIR``), from a copy next to the page.  Before
pygbag sees the template, the build writes the page's settings into it: the
loading screen's words in both languages (from :mod:`skat.i18n`), how long it
waits before it reports a failure, and the public address for share links
(``--url``, for pages inside an iframe such as itch.io).  After pygbag, it writes
the archive's exact size into the page (which checks what arrives against it) and
adds a web manifest (installable) and a service worker with this build's id and
files (offline after the first visit).  See ``docs/web.md``.

``python -m skat.desktop.webbuild`` does the same as ``skat web-build``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from importlib import metadata
from pathlib import Path
from urllib.parse import urlsplit

#: The pygbag this build and index.html are written for (also pinned in pyproject.toml's ``web`` extra).
#: 0.9.2 loads its runtime from pygbag's stable ``archives/0.9/`` CDN; on 0.9.3's ``cdn/0.9.3/``
#: browserfs.min.js is reported missing (pygbag issues #218, #227).
PYGBAG_VERSION = "0.9.2"

ROOT = Path(__file__).resolve().parents[3]
GAME_DIR = ROOT / "game"
TEMPLATE = ROOT / "index.html"
DEFAULT_OUT = ROOT / "build" / "web"
DEFAULT_STAGE = ROOT / "build" / "stage"

#: pygbag names the archive and the page's bundle after the staged folder.
APP_NAME = "skat"
ARCHIVE_NAME = f"{APP_NAME}.apk"
#: What pygbag writes, and what the build adds: the web manifest (installable) and the service worker (offline).
PYGBAG_FILES = ("index.html", ARCHIVE_NAME, "favicon.png")
MANIFEST_NAME = "manifest.webmanifest"
WORKER_NAME = "sw.js"
PAGE_FILES = (*PYGBAG_FILES, MANIFEST_NAME, WORKER_NAME)
WORKER_TEMPLATE = ROOT / WORKER_NAME
#: The line of sw.js that receives the build's id and file list.
WORKER_LINE = "const BUILD = SKAT_BUILD;"

#: Folders that stay on the desktop as a whole: the command line, terminal play, the
#: web build itself (``desktop/``), and the benchmarks, tours and experiments (``lab/``).
#: Nothing the browser runs imports them (tests/test_layering.py).
DESKTOP_ONLY_FOLDERS = ("skat/desktop/", "skat/lab/")
#: ``python -m skat``: it starts the command line.
DESKTOP_ONLY = frozenset({"skat/__main__.py"})


def desktop_only(name: str) -> bool:
    """Whether the file ``name`` (relative to the game folder) stays on the desktop."""
    return name in DESKTOP_ONLY or name.startswith(DESKTOP_ONLY_FOLDERS)

#: The only data files a browser build may carry.
ASSET_SUFFIXES = frozenset({".png", ".ogg"})

#: The archive budget (bytes).
MAX_ARCHIVE_BYTES = 1_000_000

ICON_SIZE = 192
DEFAULT_TIMEOUT = 120.0

#: Seconds without any sign of progress (before the first frame) after which the page reports a failure.
DEFAULT_LOAD_TIMEOUT = 60.0
#: The line of index.html that receives the page's settings.
SETTINGS_LINE = "    window.skatPageSettings = SKAT_PAGE_SETTINGS;"
#: Where a self-hosted runtime goes in the output folder; the page's ``config.cdn`` points into it.
RUNTIME_FOLDER = "runtime"
#: The words the loading screen and the share box use, from skat.i18n (keys without their ``page.`` prefix stay whole).
PAGE_WORDS = (
    "page.runtime", "page.python", "page.fetch", "page.prepare", "page.click", "page.deal",
    "page.failed_title", "page.failed_script", "page.failed_fetch", "page.failed_wasm", "page.failed_timeout",
    "page.failed_advice", "page.reload", "page.progress", "page.still_waiting", "page.failed_archive",
    "page.failed_error", "page.error_advice", "page.crash_title", "page.crash_cause", "page.crash_advice",
    "page.copy_details", "page.copied", "page.copy_by_hand",
)
#: Seconds without any byte or step after which the loading screen says it is still waiting, and why.
DEFAULT_STILL_WAITING = 15.0
#: The settings line of the finished page (its JSON is rewritten once the archive's size is known).
BUILT_SETTINGS = re.compile(r"^    window\.skatPageSettings = (\{.*\});$", re.M)


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

    Caches, hidden files, :data:`DESKTOP_ONLY` modules and :data:`DESKTOP_ONLY_FOLDERS` stay behind; any other
    kind of file than Python, PNG or OGG is an error rather than silently shipped.
    """
    files = ["main.py"]
    odd: list[str] = []
    for path in sorted((game_dir / "skat").rglob("*")):
        rel = path.relative_to(game_dir)
        if not path.is_file() or "__pycache__" in rel.parts or any(p.startswith(".") for p in rel.parts):
            continue
        name = rel.as_posix()
        if path.suffix in (".pyc", ".pyo") or desktop_only(name):
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
    from ..ui.icon import write_icon

    path.parent.mkdir(parents=True, exist_ok=True)
    write_icon(str(path), size)


def public_url(url: str) -> str:
    """Check ``--url``: an absolute http(s) address with a host; the query and fragment are dropped."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("https", "http") or not parts.netloc or any(c in url for c in "\"'<> "):
        raise WebBuildError(f"--url must be the page's public http(s) address, e.g. https://example.org/skat/: {url!r}")
    return f"{parts.scheme}://{parts.netloc}{parts.path or '/'}"


def page_settings(
    load_timeout: float = DEFAULT_LOAD_TIMEOUT, url: str = "", runtime: bool = False,
    still_waiting: float = DEFAULT_STILL_WAITING,
) -> dict:
    """What index.html's loading screen and skat.ui.web read from ``window.skatPageSettings``.

    ``archiveBytes`` (the archive's exact size) is filled in by :func:`publish` once pygbag wrote it.
    """
    from ..i18n import CATALOGS

    words = {lang: {key: CATALOGS[lang][key] for key in PAGE_WORDS} for lang in ("de", "en")}
    return {"timeout": float(load_timeout), "stillWaiting": float(still_waiting), "publicUrl": url,
            "runtime": runtime, "archiveBytes": 0, "words": words}


def settings_json(settings: dict) -> str:
    """The settings as a JavaScript literal inside the page: no ``</``, and no ``{{``/``}}`` (pygbag's markers)."""
    data = json.dumps(settings, ensure_ascii=True, sort_keys=True).replace("</", "<\\/")
    while "}}" in data or "{{" in data:
        data = data.replace("}}", "} }").replace("{{", "{ {")
    return data


def render_template(target: Path, settings: dict, template: Path = TEMPLATE) -> Path:
    """index.html with the page's settings written in, for pygbag to fill in the rest."""
    text = template.read_text(encoding="utf-8")
    if text.count(SETTINGS_LINE) != 1:
        raise WebBuildError(f"{template} must hold this line once: {SETTINGS_LINE.strip()}")
    data = settings_json(settings)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text.replace(SETTINGS_LINE, f"    window.skatPageSettings = {data};"), encoding="utf-8")
    return target


def pygbag_command(app_dir: Path, icon: Path, template: Path = TEMPLATE, cdn: str | None = None) -> list[str]:
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
        *(["--cdn", cdn] if cdn else []),
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


def manifest(title: str = "Skat") -> dict:
    """The web manifest: with it a browser offers to install the page as an app (full screen, the table's colours)."""
    return {
        "name": title,
        "short_name": title,
        "description": "Skat and Offiziersskat against computer opponents.",
        "start_url": "./",
        "scope": "./",
        "display": "fullscreen",
        "background_color": "#0e4028",
        "theme_color": "#0e4028",
        "icons": [{"src": "favicon.png", "sizes": f"{ICON_SIZE}x{ICON_SIZE}", "type": "image/png", "purpose": "any"}],
    }


def worker_build(files: dict[str, bytes], cdn: bool) -> dict:
    """sw.js's settings: the build's id (a hash of every file it serves) and what to keep offline.

    ``files``: the output folder's files by relative path (with a self-hosted runtime, that too).
    ``files`` of the result are kept when the worker installs, ``later`` (the runtime) once the game
    has started.  ``cdn``: a CDN build, whose runtime is the CDN's, whose answers are kept too.
    """
    import hashlib

    from .webruntime import CDN_WHEEL, DEFAULT_BASE, REPO_DIR, RUNTIME_DIR, RUNTIME_FILES

    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    prefixes: list[str] = []
    later = sorted(n for n in files if n.startswith(RUNTIME_FOLDER + "/"))
    if cdn:
        later = [DEFAULT_BASE + f.path for f in RUNTIME_FILES] + [DEFAULT_BASE + CDN_WHEEL]
        prefixes = [DEFAULT_BASE + RUNTIME_DIR, DEFAULT_BASE + REPO_DIR]
    own = ["./", *sorted(n for n in files if not n.startswith(RUNTIME_FOLDER + "/"))]
    return {"id": digest.hexdigest()[:16], "files": own, "later": later, "prefixes": prefixes}


def write_worker(out: Path) -> Path:
    """Write ``out/sw.js`` for the files in ``out`` (the service worker that keeps them for offline play)."""
    worker = WORKER_TEMPLATE.read_text(encoding="utf-8")
    if worker.count(WORKER_LINE) != 1:
        raise WebBuildError(f"{WORKER_TEMPLATE} must hold this line once: {WORKER_LINE}")
    files = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    files.pop(WORKER_NAME, None)
    cdn = not (out / RUNTIME_FOLDER).is_dir()
    info = json.dumps(worker_build(files, cdn), sort_keys=True)
    target = out / WORKER_NAME
    target.write_text(worker.replace(WORKER_LINE, f"const BUILD = {info};"), encoding="utf-8")
    return target


def worker_settings(out: Path) -> str:
    """The settings written into ``out/sw.js`` (JSON)."""
    found = re.search(r"^const BUILD = (\{.*\});$", (out / WORKER_NAME).read_text(encoding="utf-8"), re.M)
    if found is None:
        raise WebBuildError(f"{out / WORKER_NAME} has no build settings")
    return found.group(1)


def finish_page(page: str, archive_bytes: int) -> str:
    """The built page with the archive's exact size in its settings (the page checks what arrives against it)."""
    found = BUILT_SETTINGS.search(page)
    if found is None:
        raise WebBuildError("the built index.html lost its settings line")
    settings = json.loads(found.group(1))
    settings["archiveBytes"] = archive_bytes
    return page[: found.start(1)] + settings_json(settings) + page[found.end(1):]


def publish(built: Path, out: Path, runtime: Path | None = None, runtime_files: list[str] | None = None) -> None:
    """Copy the page, the archive and the icon (and a self-hosted runtime) to ``out``, check them, and add
    the manifest and the service worker."""
    missing = [name for name in PYGBAG_FILES if not (built / name).is_file()]
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
    if (out / RUNTIME_FOLDER).exists():
        shutil.rmtree(out / RUNTIME_FOLDER)
    (out / "index.html").write_text(finish_page(page, size), encoding="utf-8")
    for name in PYGBAG_FILES[1:]:
        shutil.copyfile(built / name, out / name)
    (out / MANIFEST_NAME).write_text(json.dumps(manifest(), indent=2) + "\n", encoding="utf-8")
    if runtime is not None:
        from .webruntime import LOCK_NAME

        for name in [*(runtime_files or []), LOCK_NAME]:
            target = out / RUNTIME_FOLDER / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(runtime / name, target)
    write_worker(out)


#: An absolute address in a page or script.
ABSOLUTE_URL = re.compile(r"""https?://[A-Za-z0-9.-]+[^\s"'`<>)]*""")


def foreign_hosts(out: Path) -> dict[str, list[str]]:
    """The hosts named in the page and in the self-hosted runtime's text files, by file (relative to ``out``)."""
    found: dict[str, list[str]] = {}
    files = [out / "index.html", *sorted((out / RUNTIME_FOLDER).rglob("*"))]
    for path in files:
        if not path.is_file() or path.suffix not in (".html", ".js", ".py", ".css", ".json"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        hosts = sorted({urlsplit(m).netloc for m in ABSOLUTE_URL.findall(text)})
        if hosts:
            found[path.relative_to(out).as_posix()] = hosts
    return found


def build(
    out: Path = DEFAULT_OUT,
    stage: Path = DEFAULT_STAGE,
    timeout: float = DEFAULT_TIMEOUT,
    verbose: bool = False,
    runtime: Path | None = None,
    url: str = "",
    load_timeout: float = DEFAULT_LOAD_TIMEOUT,
    still_waiting: float = DEFAULT_STILL_WAITING,
) -> Path:
    """Stage the game, run pygbag on the stage and put the page into ``out``; returns ``out``.

    ``runtime``: a folder from ``skat web-runtime fetch``, verified against its
    lock and copied to ``out/runtime/``, where the page then loads it from.
    ``url``: the public address share links use.  ``load_timeout``: seconds
    without progress before the page reports that loading failed.
    """
    require_pygbag()
    if not TEMPLATE.is_file():
        raise WebBuildError(f"the page template {TEMPLATE} is missing (the web build runs from a source checkout)")
    if not load_timeout > 0:
        raise WebBuildError(f"--load-timeout must be a positive number of seconds, not {load_timeout}")
    if not still_waiting > 0:
        raise WebBuildError(f"the still-waiting notice needs a positive number of seconds, not {still_waiting}")
    url = public_url(url) if url else ""
    runtime_files: list[str] = []
    cdn = None
    if runtime is not None:
        from .webruntime import RUNTIME_DIR, RuntimeFilesError, verify

        try:
            runtime_files = verify(runtime)
        except RuntimeFilesError as exc:
            raise WebBuildError(str(exc)) from None
        cdn = f"{RUNTIME_FOLDER}/{RUNTIME_DIR}"
    app_dir = stage / APP_NAME
    icon = stage / "favicon.png"  # beside the app folder, not in it: pygbag would pack it
    settings = page_settings(load_timeout, url, runtime is not None, still_waiting)
    template = render_template(stage / "index.html", settings)
    stage_game(app_dir)
    write_favicon(icon)
    # cwd = the stage: nothing of the checkout (a pygbag.ini, say) can steer pygbag.
    run_pygbag(pygbag_command(app_dir, icon, template, cdn), cwd=stage, timeout=timeout, verbose=verbose)
    publish(app_dir / "build" / "web", out, runtime, runtime_files)
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
    parser.add_argument(
        "--runtime", type=Path, metavar="DIR",
        help="host pygbag's runtime with the page: a folder made by  skat web-runtime fetch DIR  (default: the CDN)",
    )
    parser.add_argument(
        "--url", default="", metavar="URL",
        help="the page's public address for share links, e.g. https://you.itch.io/skat (default: the page's own)",
    )
    parser.add_argument(
        "--load-timeout", type=float, default=DEFAULT_LOAD_TIMEOUT, metavar="SECONDS",
        help=f"seconds without progress before the page says loading failed (default {DEFAULT_LOAD_TIMEOUT:g})",
    )
    args = parser.parse_args(argv)
    try:
        out = build(args.out, args.stage, args.timeout, args.verbose, args.runtime, args.url, args.load_timeout)
    except WebBuildError as exc:
        print(f"web-build: {exc}", file=sys.stderr)
        return 1
    for name in PAGE_FILES:
        print(f"{_display(out / name):40} {(out / name).stat().st_size / 1000:8.1f} kB")
    if args.runtime is not None:
        size = sum(p.stat().st_size for p in (out / RUNTIME_FOLDER).rglob("*") if p.is_file())
        print(f"{_display(out / RUNTIME_FOLDER) + '/':40} {size / 1e6:8.1f} MB (pygbag's runtime, self-hosted)")
        for name, hosts in foreign_hosts(out).items():
            print(f"note: {name} mentions {', '.join(hosts)} (check the page requests nothing from there)")
    print(f"Serve {_display(out)} over http(s), e.g. python3 -m http.server -d {_display(out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
