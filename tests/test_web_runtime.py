"""``skat web-runtime fetch/verify`` and ``skat web-build --runtime`` against stand-ins on 127.0.0.1.

The real runtime cannot be downloaded here (pygbag's CDN is out of reach), so
the fetch runs against a local server with stand-in files under the real paths,
including a 404, a truncated body, a file without the wasm magic number and a
broken wheel.  What the real download does is only proven on a machine with
internet (docs/web.md says so).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

from skat.desktop import webbuild, webruntime

sys.path.insert(0, str(Path(__file__).parent))  # the stand-ins live next to the tests
from web_standins import WHEEL_PATH, runtime_files, serving  # noqa: E402

STANDINS = runtime_files()


def fetch(tmp_path: Path, files: dict[str, bytes] | None = None, **faults: set[str]) -> tuple[Path, object]:
    dest = tmp_path / "rt"
    with serving(files if files is not None else STANDINS) as server:
        server.missing = faults.get("missing", set())
        server.truncated = faults.get("truncated", set())
        try:
            result: object = webruntime.fetch(dest, server.url, timeout=10, log=lambda *_: None)
        except webruntime.RuntimeFilesError as exc:
            result = exc
    return dest, result


def test_the_list_names_every_file_with_where_pygbag_asks_for_it() -> None:
    paths = [f.path for f in webruntime.RUNTIME_FILES]
    assert len(paths) == len(set(paths))
    for item in webruntime.RUNTIME_FILES:
        assert item.path.startswith((webruntime.RUNTIME_DIR, webruntime.REPO_DIR)) and item.why
    for needed in ("pythons.js", "browserfs.min.js", "cpython312/main.wasm", "cpython312/main.data",
                   "cpython312/main.js", "cpythonrc.py"):
        assert webruntime.RUNTIME_DIR + needed in paths
    # What the archives/0.9 runtime (pygbag 0.9.0pre's pep0723) asks for, not the pip package's 0.9.2 names.
    assert webruntime.REPO_DIR + "index-090-cp312.json" in paths
    assert not any("0.9.2" in p for p in paths)
    assert webruntime.CDN_WHEEL == webruntime.REPO_DIR + "cp312/pygame_static-1.0-cp312-cp312-wasm32_bi_emscripten.whl"
    assert webruntime.PYGBAG_VERSION == webbuild.PYGBAG_VERSION


def test_fetch_downloads_checks_and_locks_every_file(tmp_path: Path) -> None:
    dest, lock = fetch(tmp_path)
    assert isinstance(lock, dict), lock
    locked = {e["path"]: e for e in lock["files"]}
    assert set(locked) == set(STANDINS)  # the wheel came from the index, with <abi>/<api> filled in
    assert WHEEL_PATH in locked
    for path, data in STANDINS.items():
        assert (dest / path).read_bytes() == data
        assert locked[path]["sha256"] == hashlib.sha256(data).hexdigest()
    on_disk = json.loads((dest / webruntime.LOCK_NAME).read_text())
    assert on_disk == lock and on_disk["pygbag"] == "0.9.2"
    assert sorted(webruntime.verify(dest)) == sorted(STANDINS)


def test_a_404_stops_the_fetch_with_its_name_and_no_lock(tmp_path: Path) -> None:
    dest, result = fetch(tmp_path, missing={"archives/0.9/cpython312/main.data"})
    assert isinstance(result, webruntime.RuntimeFilesError)
    assert "archives/0.9/cpython312/main.data: HTTP 404" in str(result)
    assert not (dest / webruntime.LOCK_NAME).exists()


def test_a_truncated_download_is_refused(tmp_path: Path) -> None:
    dest, result = fetch(tmp_path, truncated={"archives/0.9/cpython312/main.wasm"})
    assert isinstance(result, webruntime.RuntimeFilesError)
    assert re.search(r"archives/0\.9/cpython312/main\.wasm: truncated", str(result)), str(result)
    assert not (dest / "archives/0.9/cpython312/main.wasm").exists()
    assert not (dest / webruntime.LOCK_NAME).exists()


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("archives/0.9/cpython312/main.wasm", b"<html>Not here</html>", "not WebAssembly"),
        ("archives/0.9/browserfs.min.js", b"", "empty body"),
        ("archives/repo/repodata.json", b"{not json", "not JSON"),
        (WHEEL_PATH, b"PK\x03\x04 but then nothing", "not a valid wheel"),
    ],
)
def test_a_wrong_body_is_refused(tmp_path: Path, path: str, body: bytes, message: str) -> None:
    files = dict(STANDINS, **{path: body})
    _, result = fetch(tmp_path, files)
    assert isinstance(result, webruntime.RuntimeFilesError)
    assert f"{path}: {message}" in str(result), str(result)


def test_a_damaged_wheel_member_is_refused() -> None:
    data = bytearray(STANDINS[WHEEL_PATH])
    data[60] ^= 0xFF  # inside the first member's compressed data: its CRC no longer matches
    problem = webruntime.check_body(WHEEL_PATH, bytes(data))
    assert problem is not None and ("damaged" in problem or "not a valid wheel" in problem)


def test_an_index_without_pygame_is_refused(tmp_path: Path) -> None:
    index = webruntime.REPO_DIR + "index-090-cp312.json"
    _, result = fetch(tmp_path, dict(STANDINS, **{index: b'{"numpy": "cp312/numpy.whl"}'}))
    assert isinstance(result, webruntime.RuntimeFilesError) and "no wheel for 'pygame.base'" in str(result)


def test_verify_finds_a_changed_or_missing_file(tmp_path: Path) -> None:
    dest, lock = fetch(tmp_path)
    assert isinstance(lock, dict)
    (dest / "archives/0.9/pythons.js").write_text("// changed")
    (dest / "archives/0.9/vtx.js").unlink()
    with pytest.raises(webruntime.RuntimeFilesError) as err:
        webruntime.verify(dest)
    assert "archives/0.9/pythons.js: sha256 differs" in str(err.value)
    assert "archives/0.9/vtx.js: missing" in str(err.value)


def test_a_lock_of_the_old_list_is_refused_with_what_to_do(tmp_path: Path) -> None:
    """Locks written before the list followed the archives/0.9 runtime name index-0.9.2 and cp312-0.9.2/."""
    dest, lock = fetch(tmp_path)
    assert isinstance(lock, dict)
    old = dict(lock, files=[e for e in lock["files"] if not e["path"].endswith("index-090-cp312.json")])
    (dest / webruntime.LOCK_NAME).write_text(json.dumps(old))
    with pytest.raises(webruntime.RuntimeFilesError, match=r"index-090-cp312\.json: not in the lock .*fetch again"):
        webruntime.verify(dest)


def test_the_command_line_fetches_and_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with serving(STANDINS) as server:
        assert webruntime.main(["fetch", str(tmp_path / "rt"), "--base-url", server.url]) == 0
    assert webruntime.main(["verify", str(tmp_path / "rt")]) == 0
    assert f"{len(STANDINS)} files match" in capsys.readouterr().out
    assert webruntime.main(["verify", str(tmp_path / "nothing")]) == 1
    assert "skat web-runtime fetch" in capsys.readouterr().err


@pytest.fixture(scope="module")
def runtime_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("rtbuild")
    with serving(STANDINS) as server:
        webruntime.fetch(base / "rt", server.url, timeout=10, log=lambda *_: None)
    try:
        return webbuild.build(out=base / "web", stage=base / "stage", timeout=90, runtime=base / "rt")
    except webbuild.WebBuildError as exc:
        pytest.fail(f"web build failed: {exc}")


@pytest.mark.web
def test_the_runtime_build_carries_the_runtime_next_to_the_page(runtime_build: Path) -> None:
    for path, data in STANDINS.items():
        assert (runtime_build / "runtime" / path).read_bytes() == data
    assert (runtime_build / "runtime" / webruntime.LOCK_NAME).is_file()
    page = (runtime_build / "index.html").read_text(encoding="utf-8")
    assert 'cdn: new URL("runtime/archives/0.9/", document.baseURI).href' in page
    assert '<script src="runtime/archives/0.9/pythons.js"' in page
    assert '<script src="runtime/archives/0.9/browserfs.min.js"' in page


@pytest.mark.web
def test_the_runtime_builds_page_and_loaders_name_no_other_host(runtime_build: Path) -> None:
    page = (runtime_build / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"(?i)\b(?:https?:)?//[a-z0-9-]+\.[a-z0-9.-]+", page), "the page names a host"
    for src in re.findall(r'src="([^"]+)"', page):
        assert not re.match(r"(?i)[a-z][a-z0-9+.-]*:|//", src), src  # relative, so it resolves to the page's host
    hosts = webbuild.foreign_hosts(runtime_build)
    assert {k: v for k, v in hosts.items() if k.endswith((".js", ".html"))} == {}
    settings = json.loads(re.search(r"window\.skatPageSettings = (\{.*\});", page).group(1))
    assert settings["runtime"] is True and settings["publicUrl"] == ""


@pytest.mark.web
def test_a_build_without_runtime_removes_an_old_one_and_uses_the_cdn(runtime_build: Path, tmp_path: Path) -> None:
    out = tmp_path / "web"
    (out / "runtime" / "archives").mkdir(parents=True)
    webbuild.build(out=out, stage=tmp_path / "stage", timeout=90)
    assert not (out / "runtime").exists()
    page = (out / "index.html").read_text(encoding="utf-8")
    assert 'cdn: new URL("https://pygame-web.github.io/archives/0.9/", document.baseURI).href' in page


@pytest.mark.web
def test_a_runtime_that_does_not_match_its_lock_stops_the_build(tmp_path: Path) -> None:
    dest, lock = fetch(tmp_path)
    assert isinstance(lock, dict)
    with zipfile.ZipFile(dest / WHEEL_PATH, "a") as zf:
        zf.writestr("extra.txt", "tampered")
    with pytest.raises(webbuild.WebBuildError, match="sha256 differs"):
        webbuild.build(out=tmp_path / "web", stage=tmp_path / "stage", timeout=90, runtime=dest)


@pytest.mark.web
def test_url_and_load_timeout_reach_the_page(tmp_path: Path) -> None:
    out = webbuild.build(out=tmp_path / "web", stage=tmp_path / "stage", timeout=90,
                         url="https://someone.itch.io/skat?x=1#y", load_timeout=12.5)
    page = (out / "index.html").read_text(encoding="utf-8")
    settings = json.loads(re.search(r"window\.skatPageSettings = (\{.*\});", page).group(1))
    assert settings["publicUrl"] == "https://someone.itch.io/skat"
    assert settings["timeout"] == 12.5
    assert settings["words"]["de"]["page.failed_title"] == "Skat konnte nicht geladen werden"
    for bad in ("itch.io/skat", "ftp://x.org/", "https://"):
        with pytest.raises(webbuild.WebBuildError, match="--url"):
            webbuild.public_url(bad)


def test_the_skat_command_passes_the_options_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from skat.desktop.cli import main as skat

    with serving(STANDINS) as server:
        assert skat(["web-runtime", "fetch", str(tmp_path / "rt"), "--base-url", server.url]) == 0
    assert skat(["web-runtime", "verify", str(tmp_path / "rt")]) == 0
    with pytest.raises(SystemExit) as done:
        skat(["web-build", "--help"])
    assert done.value.code == 0
    assert "--runtime DIR" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        skat(["replay", "x.txt", "--runtime", "y"])  # other commands still refuse unknown options
