"""The browser build: ``skat web-build`` runs the pinned pygbag offline and ships only what the browser runs.

The build runs for real once per module (a second or two).  pygbag missing is a
failure, not a skip: CI installs it with the ``dev`` extra.
"""

from __future__ import annotations

import ast
import re
import tomllib
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from skat.desktop import webbuild

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
BUDGET = 1_000_000  # bytes, the archive's budget

#: Desktop tools that must never reach the browser (the build may exclude more).
TOOLS = {
    "skat/__main__.py",
    "skat/desktop/cli.py",
    "skat/desktop/replay.py",
    "skat/desktop/webbuild.py",
    "skat/desktop/textmode.py",
    "skat/lab/engine_bench.py",
    "skat/lab/shots.py",
    "skat/lab/ui_bench.py",
    "skat/lab/idle_bench.py",
    "skat/lab/fit.py",
    "skat/lab/duel.py",
    "skat/lab/solver_bench.py",
}

#: Modules the browser cannot use: no threads or processes, no blocking network.
FORBIDDEN_MODULES = (
    "threading",
    "multiprocessing",
    "concurrent.futures",
    "subprocess",
    "socket",
    "urllib.request",
    "requests",
    "time.sleep",
)
#: Calls that block the page (the frame loop must await instead) or spawn processes.
FORBIDDEN_CALLS = {"time.sleep", "input", "os.system", "os.popen"}
#: Functions that only ever run on the desktop, with why: (file, function) -> reason.
DESKTOP_ONLY_FUNCTIONS = {
    ("skat/storage_backends.py", "_held_lock"): "the data folder's file lock (FileStorage); the browser saves "
    "to localStorage, which has no lock, and returns before any wait where fcntl is missing",
}
#: Attributes that read the terminal, which a page does not have.
FORBIDDEN_ATTRIBUTES = {"sys.stdin"}


def pygbag_version() -> str | None:
    try:
        return metadata.version("pygbag")
    except metadata.PackageNotFoundError:
        return None


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real build into a temporary folder, with any download made to fail at once."""
    if pygbag_version() is None:
        pin = f"pygbag=={webbuild.PYGBAG_VERSION}"
        pytest.fail(f"pygbag is not installed: python3 -m pip install -e '.[dev]' (which pins {pin})")
    base = tmp_path_factory.mktemp("webbuild")
    with pytest.MonkeyPatch.context() as mp:
        for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY"):
            mp.setenv(name, "http://127.0.0.1:9")  # the discard port: a download attempt is refused, never waits
        for name in ("no_proxy", "NO_PROXY"):
            mp.delenv(name, raising=False)
        try:
            return webbuild.build(out=base / "web", stage=base / "stage", timeout=90)
        except webbuild.WebBuildError as exc:
            pytest.fail(f"web build failed: {exc}")


@pytest.fixture(scope="module")
def archive(web: Path) -> Iterator[zipfile.ZipFile]:
    with zipfile.ZipFile(web / webbuild.ARCHIVE_NAME) as zf:
        yield zf


def sources(zf: zipfile.ZipFile) -> dict[str, str]:
    """The archive's Python files by path inside the game folder (pygbag puts them under ``assets/``)."""
    out = {}
    for name in zf.namelist():
        assert name.startswith("assets/"), name
        if name.endswith(".py"):
            out[name.removeprefix("assets/")] = zf.read(name).decode("utf-8")
    return out


def module_name(path: str) -> str:
    """``skat/ui/app.py`` -> ``skat.ui.app``; ``skat/ui/__init__.py`` -> ``skat.ui``."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def imported(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of everything imported anywhere in ``tree`` (inside functions too).

    ``from a import b`` gives both ``a`` and ``a.b``; relative imports are made absolute.
    """
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def source_tree() -> list[str]:
    """The package's Python files in the checkout, relative to ``game/``."""
    return sorted(p.relative_to(GAME).as_posix() for p in (GAME / "skat").rglob("*.py") if "__pycache__" not in p.parts)


def dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{dotted(node.value)}.{node.attr}"
    return ""


# ------------------------------------------------------------------ pin


@pytest.mark.web
def test_pygbag_is_installed_at_the_pinned_version() -> None:
    found = pygbag_version()
    assert found is not None, "pygbag is not installed: python3 -m pip install -e '.[dev]'"
    assert found == webbuild.PYGBAG_VERSION


def test_pyproject_pins_the_same_pygbag() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    pin = f"pygbag=={webbuild.PYGBAG_VERSION}"
    assert extras["web"] == [pin]
    assert pin in extras["dev"]


# ------------------------------------------------------------------ page


@pytest.mark.web
def test_the_folder_holds_the_page_the_archive_the_icon_the_manifest_and_the_worker(web: Path) -> None:
    assert sorted(p.name for p in web.iterdir()) == sorted(webbuild.PAGE_FILES)
    assert (web / "favicon.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.web
def test_the_manifest_makes_the_page_installable(web: Path) -> None:
    import json

    manifest = json.loads((web / webbuild.MANIFEST_NAME).read_text(encoding="utf-8"))
    assert manifest["name"] == "Skat" and manifest["start_url"] == "./" and manifest["display"] == "fullscreen"
    icon = manifest["icons"][0]
    assert (web / icon["src"]).is_file() and icon["sizes"] == f"{webbuild.ICON_SIZE}x{webbuild.ICON_SIZE}"
    assert '<link rel="manifest" href="manifest.webmanifest">' in (web / "index.html").read_text(encoding="utf-8")


@pytest.mark.web
def test_the_service_worker_keeps_every_file_of_this_build_and_the_cdns_runtime(web: Path) -> None:
    import hashlib
    import json

    from skat.desktop import webruntime

    info = json.loads(webbuild.worker_settings(web))
    served = sorted(p.name for p in web.iterdir() if p.name != webbuild.WORKER_NAME)
    assert info["files"] == ["./", *served]
    # The runtime is kept once the game has started (not twice at once on the first visit).
    assert webruntime.DEFAULT_BASE + webruntime.CDN_WHEEL in info["later"]
    assert webruntime.DEFAULT_BASE + webruntime.RUNTIME_DIR + "cpython312/main.wasm" in info["later"]
    # The id follows every byte the worker serves: another archive, another cache.
    assert len(info["id"]) == 16
    before = info["id"]
    archive = web / webbuild.ARCHIVE_NAME
    data = archive.read_bytes()
    try:
        archive.write_bytes(data + b"\0")
        webbuild.write_worker(web)
        assert json.loads(webbuild.worker_settings(web))["id"] != before
    finally:
        archive.write_bytes(data)
        webbuild.write_worker(web)
    assert json.loads(webbuild.worker_settings(web))["id"] == before
    assert hashlib.sha256(archive.read_bytes()).hexdigest()  # restored


@pytest.mark.web
def test_the_page_knows_the_archives_exact_size(web: Path) -> None:
    settings = page_settings_of((web / "index.html").read_text(encoding="utf-8"))
    assert settings["archiveBytes"] == (web / webbuild.ARCHIVE_NAME).stat().st_size > 100_000


@pytest.mark.web
def test_the_page_has_no_unfilled_placeholder(web: Path) -> None:
    page = (web / "index.html").read_text(encoding="utf-8")
    for marker in ("{{", "}}", "{%", "%}", "cookiecutter"):
        assert marker not in page, marker
    assert not re.search(r"%[A-Za-z_][A-Za-z0-9_.]*%", page)


@pytest.mark.web
def test_the_page_loads_the_pinned_runtime_and_this_archive(web: Path) -> None:
    page = (web / "index.html").read_text(encoding="utf-8")
    cdn = "https://pygame-web.github.io/archives/0.9/"  # pygbag 0.9.2's runtime
    assert f'<script src="{cdn}pythons.js"' in page
    # config.cdn is made absolute in the browser (vtx.js imports config.cdn + "vt/xterm.js" as a module).
    assert f'cdn: new URL("{cdn}", document.baseURI).href' in page
    assert f'archive: "{webbuild.APP_NAME}"' in page
    assert 'href="favicon.png"' in page
    assert "<title>Skat</title>" in page


@pytest.mark.web
def test_the_pages_boot_code_is_python(web: Path) -> None:
    page = (web / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script src="[^"]*pythons\.js"[^>]*>(.*?)</script>', page, re.S)
    assert found, "no pythons.js script"
    tree = ast.parse(found.group(1), "index.html")
    assert "custom_site" in {n.name for n in ast.walk(tree) if isinstance(n, ast.AsyncFunctionDef)}


# ------------------------------------------------------------------ archive


@pytest.mark.web
def test_the_archive_is_within_budget(web: Path) -> None:
    size = (web / webbuild.ARCHIVE_NAME).stat().st_size
    assert size <= BUDGET, f"{webbuild.ARCHIVE_NAME} is {size} bytes"


@pytest.mark.web
def test_the_archive_holds_main_and_every_game_module(archive: zipfile.ZipFile) -> None:
    assert all(webbuild.desktop_only(name) for name in TOOLS)
    want = {"main.py", *(p for p in source_tree() if not webbuild.desktop_only(p))}
    have = {n.removeprefix("assets/") for n in archive.namelist() if n.endswith(".py")}
    assert have == want
    for name in have:
        assert archive.read(f"assets/{name}") == (GAME / name).read_bytes(), f"{name} differs from the source"


@pytest.mark.web
def test_the_archive_has_no_caches_tests_or_tools(archive: zipfile.ZipFile) -> None:
    for name in archive.namelist():
        path = name.removeprefix("assets/")
        assert "__pycache__" not in path and not path.endswith((".pyc", ".pyo")), name
        assert not path.startswith(("tests/", "tools/", "build/", "docs/")), name
        assert path not in TOOLS, name


@pytest.mark.web
def test_the_archive_assets_are_png_or_ogg(archive: zipfile.ZipFile) -> None:
    for name in archive.namelist():
        if not name.endswith("/") and not name.endswith(".py"):
            assert Path(name).suffix.lower() in {".png", ".ogg"}, name


@pytest.mark.web
def test_every_python_file_in_the_archive_compiles(archive: zipfile.ZipFile) -> None:
    for path, text in sources(archive).items():
        compile(text, path, "exec")


@pytest.mark.web
def test_browser_code_does_not_block_or_use_threads_processes_or_sockets(archive: zipfile.ZipFile) -> None:
    problems = []
    for path, text in sources(archive).items():
        tree = ast.parse(text, path)
        for line, name in imported(tree, module_name(path), path.endswith("__init__.py")):
            if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN_MODULES):
                problems.append(f"{path}:{line}: imports {name}")
        exempt = {
            id(inner)
            for fn in ast.walk(tree)
            if isinstance(fn, ast.FunctionDef) and (path, fn.name) in DESKTOP_ONLY_FUNCTIONS
            for inner in ast.walk(fn)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and dotted(node.func) in FORBIDDEN_CALLS and id(node) not in exempt:
                problems.append(f"{path}:{node.lineno}: calls {dotted(node.func)}()")
            if isinstance(node, ast.Attribute) and dotted(node) in FORBIDDEN_ATTRIBUTES:
                problems.append(f"{path}:{node.lineno}: uses {dotted(node)}")
    assert not problems, "\n".join(problems)


@pytest.mark.web
def test_browser_code_imports_only_what_the_archive_holds(archive: zipfile.ZipFile) -> None:
    """Every ``skat`` import in the archive resolves inside it: a desktop-only module is never imported."""
    code = sources(archive)
    shipped = {module_name(p) for p in code}
    source_modules = {module_name(p) for p in source_tree()}
    problems = []
    for path, text in code.items():
        tree = ast.parse(text, path)
        for line, name in imported(tree, module_name(path), path.endswith("__init__.py")):
            if (name == "skat" or name.startswith("skat.")) and name in source_modules and name not in shipped:
                problems.append(f"{path}:{line}: imports {name}, which is not in the archive")
    assert not problems, "\n".join(problems)
    assert "main" in shipped and "skat.ui.app" in shipped


# ------------------------------------------------------------------ loading screen (issue 9)


def page_settings_of(page: str) -> dict:
    import json

    found = re.search(r"window\.skatPageSettings = (\{.*\});", page)
    assert found, "the page has no settings"
    return json.loads(found.group(1))


@pytest.mark.web
def test_the_page_carries_the_loading_words_of_both_catalogs_and_a_60_s_timeout(web: Path) -> None:
    from skat.i18n import CATALOGS

    settings = page_settings_of((web / "index.html").read_text(encoding="utf-8"))
    assert settings["timeout"] == 60.0 and settings["runtime"] is False and settings["publicUrl"] == ""
    assert settings["stillWaiting"] == 15.0
    for lang in ("de", "en"):
        assert settings["words"][lang] == {key: CATALOGS[lang][key] for key in webbuild.PAGE_WORDS}
    assert settings["words"]["de"]["page.failed_title"] != settings["words"]["en"]["page.failed_title"]


def test_every_word_the_page_asks_for_is_in_its_settings() -> None:
    template = webbuild.TEMPLATE.read_text(encoding="utf-8")
    asked = set(re.findall(r"""word\("(page\.[a-z_]+)"\)|stage\("(page\.[a-z_]+)"\)""", template))
    asked = {a or b for a, b in asked}
    asked |= {f"page.failed_{kind}" for kind in ("script", "fetch", "wasm", "timeout", "archive", "error")}
    assert asked <= set(webbuild.PAGE_WORDS), asked - set(webbuild.PAGE_WORDS)


@pytest.mark.web
def test_the_cdn_page_names_only_pygbags_cdn(web: Path) -> None:
    assert webbuild.foreign_hosts(web) == {"index.html": ["pygame-web.github.io"]}


@pytest.mark.web
def test_the_pages_javascript_parses(web: Path, tmp_path: Path) -> None:
    import shutil
    import subprocess

    if not shutil.which("node"):
        pytest.skip("node is not installed (the browser test runs the page for real)")
    page = (web / "index.html").read_text(encoding="utf-8")
    scripts = [body for attrs, body in re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
               if "src=" not in attrs and body.strip()]
    assert len(scripts) >= 3
    for i, body in enumerate(scripts):
        path = tmp_path / f"script{i}.js"
        path.write_text(body, encoding="utf-8")
        out = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
