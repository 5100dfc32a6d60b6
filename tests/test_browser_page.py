"""The built page in a real browser: Debian's headless Chromium, driven by puppeteer-core (issue 9, point 6).

The page is served from 127.0.0.1 and every other host is blocked (request
interception in tools/browser/drive.mjs, and Chromium's host resolver as a
second fence).  It shows:

- the loading screen appears;
- with pygbag's CDN unreachable the failure message appears within the
  timeout, in English, and in German with a German browser language; a CDN
  that never answers ends in the timeout's message;
- built with ``--runtime`` from stand-in files, no request leaves 127.0.0.1 and
  the page gets as far as the game's first frame; a broken WebAssembly file or
  a missing runtime file gives the failure message;
- the page's clipboard helper reports the browser's real answer (inside a
  cross-origin iframe, as on itch.io, Chromium's NotAllowedError), and the box
  with the link appears, selected, when there is no clipboard; the outer page's
  ``?deal=`` does not reach the game in the iframe.

Screenshots go to build/test-artifacts/browser/.  The page's timeout is built
short here (``--load-timeout``); the default stays 60 s.  Without Chromium,
Node.js or tools/browser/node_modules the tests skip with the reason, except in
CI (``CI=true``), where they fail: .ci/run installs all three.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from skat import webbuild, webruntime

sys.path.insert(0, str(Path(__file__).parent))  # the stand-ins live next to the tests
from web_standins import STAND_IN_LOADER, runtime_files, serving  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT / "tools" / "browser" / "drive.mjs"
ARTIFACTS = ROOT / "build" / "test-artifacts" / "browser"
LOAD_TIMEOUT = 6.0  # seconds, built into the test pages (the default is 60)


def chromium() -> str:
    """``$CHROMIUM`` if set, else Debian's chromium."""
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def missing_tools() -> str | None:
    if not Path(chromium()).is_file():
        return f"chromium is not installed at {chromium()} (apt-get install -y chromium)"
    if not shutil.which("node"):
        return "node is not installed (apt-get install -y nodejs npm)"
    if not (ROOT / "tools" / "browser" / "node_modules" / "puppeteer-core").is_dir():
        return "puppeteer-core is not installed (cd tools/browser && npm ci)"
    return None


@pytest.fixture(scope="module", autouse=True)
def tools() -> None:
    reason = missing_tools()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser test must run in CI: {reason}")
        pytest.skip(reason)


def drive(url: str, name: str, lang: str = "en-US", offsite: str = "abort", wait: float = 20.0, **extra: object) -> dict:  # noqa: E501
    """Run tools/browser/drive.mjs on ``url``: its JSON report; screenshots in build/test-artifacts/browser/."""
    options = {"url": url, "lang": lang, "offsite": offsite, "holdMs": 2500, "waitMs": int(wait * 1000),
               "shots": str(ARTIFACTS / name), "chromium": chromium(), **extra}
    out = subprocess.run(["node", str(DRIVER), json.dumps(options)], capture_output=True, text=True,
                         timeout=wait + 60, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def cdn_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("cdnpage")
    return webbuild.build(out=base / "web", stage=base / "stage", timeout=90, load_timeout=LOAD_TIMEOUT)


@pytest.fixture(scope="module")
def runtime_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("rtpage")
    with serving(runtime_files()) as server:
        webruntime.fetch(base / "rt", server.url, timeout=10, log=lambda *_: None)
    return webbuild.build(out=base / "web", stage=base / "stage", timeout=90, runtime=base / "rt",
                          load_timeout=LOAD_TIMEOUT)


@pytest.mark.parametrize(
    ("lang", "title", "cause", "button"),
    [
        ("en-US", "Skat could not be loaded", "A part of the game did not arrive", "Reload"),
        ("de-DE", "Skat konnte nicht geladen werden", "Ein Teil des Spiels ist nicht angekommen", "Neu laden"),
    ],
)
def test_with_the_cdn_unreachable_the_failure_message_appears_in_the_browsers_language(
    cdn_page: Path, lang: str, title: str, cause: str, button: str
) -> None:
    with serving({}, root=cdn_page) as server:
        report = drive(server.url, f"cdn-unreachable-{lang}", lang)
    loading, final = report["loading"], report["final"]
    assert loading["language"] == lang
    # The loading screen first: the CDN's answer is held back for 2.5 s.
    assert loading["state"] == "loading" and not loading["transferHidden"] and loading["status"]
    assert loading["indeterminate"]
    # Then the failure, well within the timeout, in the browser's language.
    assert final["state"] == "failed", report
    assert final["failure"]["kind"] == "script" and "pygame-web.github.io" in final["failure"]["what"]
    assert title in final["failureText"] and cause in final["failureText"] and button in final["failureText"]
    assert final["htmlLang"] == lang[:2]
    assert report["elapsedMs"] < LOAD_TIMEOUT * 1000
    assert report["offsite"] and all("pygame-web.github.io" in u for u in report["offsite"])


def test_a_cdn_that_never_answers_ends_in_the_timeout_message(cdn_page: Path) -> None:
    with serving({}, root=cdn_page) as server:
        report = drive(server.url, "cdn-silent-de-DE", "de-DE", offsite="hang", wait=LOAD_TIMEOUT + 15)
    final = report["final"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "timeout", report
    assert "Seit 6 Sekunden tut sich nichts" in final["failureText"]
    assert LOAD_TIMEOUT * 1000 <= report["elapsedMs"] < (LOAD_TIMEOUT + 10) * 1000


def test_the_self_hosted_runtime_loads_everything_from_the_page_host(runtime_page: Path) -> None:
    with serving({}, root=runtime_page) as server:
        report = drive(server.url, "runtime-standins-en-US", clipboard=True, grantClipboard=True)
        served = list(server.requests)
    assert report["offsite"] == [], report["offsite"]
    assert all(u.startswith(server.url) for u in report["requests"]), report["requests"]
    assert report["final"]["state"] == "started", report
    assert report["final"]["transferHidden"]
    # The bar followed the download progress the runtime reported (1/4, 2/4, 3/4 of main.data).
    widths = [float(w.rstrip("%")) for w in report["barWidths"]]
    assert [w for w in widths if w in (25.0, 50.0, 75.0)] == [25.0, 50.0, 75.0], report["barWidths"]
    # Every runtime file was asked for, from runtime/ next to the page.
    for item in webruntime.RUNTIME_FILES:
        assert f"runtime/{item.path}" in served, item.path
    assert any(p.startswith("runtime/archives/repo/") and p.endswith(".whl") for p in served)
    assert "skat.apk" in served
    # The clipboard helper says what the browser said.
    assert report["clipboard"]["copy"]["state"] in ("copied", "failed")
    if report["clipboard"]["copy"]["state"] == "failed":
        assert report["clipboard"]["copy"]["error"]
    no_clipboard = report["clipboard"]["noClipboard"]
    assert no_clipboard["state"] == "failed" and "clipboard" in no_clipboard["error"]
    assert no_clipboard["boxValue"] == no_clipboard["selected"] == "http://127.0.0.1/?deal=TEST"


def test_inside_a_cross_origin_iframe_the_clipboard_refuses_and_the_deal_stays_outside(runtime_page: Path) -> None:
    """As on itch.io: the game page in an iframe of another origin (localhost inside 127.0.0.1)."""
    with serving({}, root=runtime_page) as server:
        port = server.url.rsplit(":", 1)[1].rstrip("/")
        server.files["outer.html"] = (
            f'<!doctype html><meta charset="utf-8"><title>host</title>'
            f'<iframe src="http://localhost:{port}/index.html" width="1200" height="680"></iframe>'
        ).encode()
        report = drive(server.url + "outer.html?deal=1ABC", "iframe-en-US", clipboard=True, frame="localhost")
    assert report["frameUrl"].startswith("http://localhost:")
    assert report["final"]["state"] == "started", report
    assert report["search"] == ""  # the outer page's ?deal= never reaches the game
    copy = report["clipboard"]["copy"]
    assert copy["state"] == "failed" and "NotAllowedError" in copy["error"], copy
    assert report["offsite"] == []


def test_a_broken_webassembly_file_gives_the_failure_message(runtime_page: Path) -> None:
    broken = {"runtime/archives/0.9/cpython312/main.wasm": b"\0asm\x01\x00\x00\x00\xff\xff"}
    with serving(broken, root=runtime_page) as server:
        report = drive(server.url, "runtime-broken-wasm-en-US")
    final = report["final"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "wasm", report
    assert "could not start the game engine" in final["failureText"]
    assert report["offsite"] == []


def test_a_download_that_stalls_ends_in_the_timeout_message(runtime_page: Path) -> None:
    """The runtime keeps reporting the same progress (a stalled download): that is no sign of life."""
    stalled = (
        "window.Module = {}; window.custom_onload(true);"
        "setInterval(() => window.Module.setStatus('Downloading data... (1000/4000)'), 100);"
    )
    with serving({"runtime/archives/0.9/pythons.js": stalled.encode()}, root=runtime_page) as server:
        report = drive(server.url, "runtime-stalled-en-US", wait=LOAD_TIMEOUT + 15)
    final = report["final"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "timeout", report
    assert "Nothing has happened for 6 seconds" in final["failureText"]
    assert LOAD_TIMEOUT * 1000 <= report["elapsedMs"] < (LOAD_TIMEOUT + 10) * 1000


def test_a_missing_runtime_file_gives_the_failure_message(runtime_page: Path) -> None:
    with serving({}, root=runtime_page) as server:
        server.missing = {"runtime/archives/0.9/cpythonrc.py"}
        report = drive(server.url, "runtime-missing-file-de-DE", "de-DE")
    final = report["final"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "fetch", report
    assert "cpythonrc.py" in final["failure"]["what"] and "404" in final["failure"]["what"]
    assert "Ein Download ist fehlgeschlagen" in final["failureText"]


def test_the_stand_in_loader_asks_for_what_the_list_names() -> None:
    """The stand-in must not silently skip a file of the list (or the runtime test proves less)."""
    for item in webruntime.RUNTIME_FILES:
        name = item.path.removeprefix(webruntime.RUNTIME_DIR).removeprefix(webruntime.REPO_DIR)
        assert name in STAND_IN_LOADER or name in ("pythons.js", "browserfs.min.js"), name
