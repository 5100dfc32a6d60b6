"""The built page in a real browser: Debian's headless Chromium, driven by puppeteer-core (issues 9 and 17).

The page is served under a real-looking host name (Chromium maps skat.example.test and
itch.example.test to 127.0.0.1 and every other name to nothing; request interception in
tools/browser/drive.mjs blocks other hosts as a second fence), never as ``localhost``, which
pygbag's ``pythons.js`` treats apart.  It shows:

- the loading screen appears; with pygbag's CDN unreachable the failure message appears in the
  browser's language, inside the screen at 1280x720, 1920x1080, 390x844 and 844x390; a CDN that
  never answers first says it is still waiting (and for which host), then times out;
- built with ``--runtime`` from stand-in files that request and import modules the way the real
  ``pythons.js`` and ``vtx.js`` do, no request leaves the page's host and the page gets to the game's
  first frame; the canvas then has the backing size the game chose and the CSS box that fits the
  screen with the shape kept, at the four sizes;
- emulated phones, a tablet and a desktop (touch, a phone's browser) at a sub-path over plain http
  (``http://skat.test:PORT/games/skat/?deal=CODE``): the page tells the game the viewport, the window
  has its shape and fills the screen, and follows a turn; no request leaves the page's folder, pygbag's
  installer starts with ``PYGPI`` set there, no service worker, a refused copy shows the link's box;
- a slow download that keeps arriving is not cut off, and its real progress shows; an archive sent
  without Content-Length still arrives whole; an archive other than the build's gives its own message;
- an uncaught loader error ends in a readable message with details and no ``alert()``; an uncaught
  Python exception shows the crash box with the traceback to copy;
- a broken WebAssembly file, a missing runtime file, a stalled download give the failure message;
- the clipboard helper and the share box; the outer page's ``?deal=`` stays out of an iframe;
- offline after the first visit (service worker), and a new build replaces the old cache.

With ``SKAT_PYGBAG_ARCHIVES`` naming a snapshot of github.com/pygame-web/archives (a git directory),
the self-hosted tests also run with the real runtime files (tools/web_mirror.py; only the interpreter
``cpython312/main.*`` is the stand-in tools/browser/standin-main.js); without it they skip, saying so.

Screenshots go to build/test-artifacts/browser/.  The page's timeouts are built short here.  Without
Chromium, Node.js or tools/browser/node_modules the tests skip with the reason, except in CI
(``CI=true``), where they fail: .ci/run installs all three.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from skat.desktop import webbuild, webruntime
from skat.engine.rules import ISKO
from skat.engine.share import encode_deal
from skat.ui.web import browser_window_size

sys.path.insert(0, str(Path(__file__).parent))  # the stand-ins live next to the tests
from web_standins import (  # noqa: E402
    SNAPSHOT_VARIABLE,
    STAND_IN_LOADER,
    WHEEL_PATH,
    real_runtime_files,
    runtime_files,
    serving,
    snapshot,
)

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT / "tools" / "browser" / "drive.mjs"
ARTIFACTS = ROOT / "build" / "test-artifacts" / "browser"
LOAD_TIMEOUT = 5.0  # seconds, built into the test pages (the default is 60)

pytestmark = [pytest.mark.browser, pytest.mark.web]  # every test drives chromium on a page built here
STILL_WAITING = 2.0  # seconds (the default is 15)
HOST = "skat.example.test"
#: The four screens of issue 17: (CSS width, CSS height, device pixel ratio).
SCREENS = [(1280, 720, 1), (1920, 1080, 1), (390, 844, 3), (844, 390, 3)]
SCREEN_IDS = [f"{w}x{h}@{d}" for w, h, d in SCREENS]
#: A phone's browser, so pythons.js and the page take the page for a phone's (no terminal, touch).
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
               "Chrome/126.0.0.0 Mobile Safari/537.36")
#: Devices emulated with touch: (CSS width, CSS height, device pixel ratio), then the viewport they turn to.
DEVICES = {
    "phone-390x844@3": ((390, 844, 3), (844, 390, 3)),
    "phone-360x800@2": ((360, 800, 2), (800, 360, 2)),
    "phone-sideways-844x390@3": ((844, 390, 3), (390, 844, 3)),
    "tablet-820x1180@2": ((820, 1180, 2), (1180, 820, 2)),
    "in-app-sheet-360x420@2": ((360, 420, 2), (360, 800, 2)),  # a messenger's sheet, then the full screen
}
#: A desktop window made narrow and tall (no touch).
DESKTOP_TURN = ((1280, 720, 1), (700, 900, 1))
#: The itch.io-like iframe's viewport (test_inside_a_cross_origin_iframe_...).
IFRAME = (1200, 680, 1)
VIEWPORTS = {*SCREENS, *(v for pair in DEVICES.values() for v in pair), *DESKTOP_TURN, IFRAME}


def viewport_key(width: float, height: float, dpr: float) -> str:
    """A viewport as the stand-in game names it (JavaScript's numbers as text)."""
    return f"{width:g}x{height:g}@{dpr:g}"


#: The window the game chooses for each viewport the tests emulate (skat.ui.web), for the stand-in game.
TEST_WINDOWS = {viewport_key(*v): list(browser_window_size(*v)) for v in VIEWPORTS}


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


def options(url: str, name: str, lang: str = "en-US", offsite: str = "abort", wait: float = 20.0,
            screen: tuple[int, int, int] = SCREENS[0], **extra: object) -> dict:
    width, height, dpr = screen
    return {"url": url, "lang": lang, "offsite": offsite, "holdMs": 1000, "waitMs": int(wait * 1000),
            "shots": str(ARTIFACTS / name), "chromium": chromium(), "testWindows": TEST_WINDOWS,
            "viewport": {"width": width, "height": height, "deviceScaleFactor": dpr}, **extra}


def run_driver(settings: dict, timeout: float) -> dict:
    out = subprocess.run(["node", str(DRIVER), json.dumps(settings)], capture_output=True, text=True,
                         timeout=timeout, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def drive(url: str, name: str, lang: str = "en-US", offsite: str = "abort", wait: float = 20.0,
          screen: tuple[int, int, int] = SCREENS[0], **extra: object) -> dict:
    """Run tools/browser/drive.mjs on ``url``: its JSON report; screenshots in build/test-artifacts/browser/."""
    return run_driver(options(url, name, lang, offsite, wait, screen, **extra), wait + 90)


def drive_screens(url: str, name: str, cases: list[tuple[tuple[int, int, int], str]],
                  **extra: object) -> dict[tuple[tuple[int, int, int], str], dict]:
    """The page for each (screen, language), one Chromium, a fresh browser context each: reports by case."""
    runs = [options(url, f"{name}-{lang}-{s[0]}x{s[1]}", lang, screen=s, **{
        k: (v(s) if callable(v) else v) for k, v in extra.items()}) for s, lang in cases]
    reports = run_driver({**runs[0], "runs": runs}, 60 + 30 * len(runs))["runs"]
    return dict(zip(cases, reports, strict=True))


def build_with_runtime(base: Path, files: dict[str, bytes], **options: object) -> Path:
    with serving(files) as server:
        webruntime.fetch(base / "rt", server.url, timeout=10, log=lambda *_: None)
    return webbuild.build(out=base / "web", stage=base / "stage", timeout=90, runtime=base / "rt",
                          load_timeout=LOAD_TIMEOUT, still_waiting=STILL_WAITING, **options)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def cdn_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("cdnpage")
    return webbuild.build(out=base / "web", stage=base / "stage", timeout=90, load_timeout=LOAD_TIMEOUT,
                          still_waiting=STILL_WAITING)


@pytest.fixture(scope="module")
def runtime_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_with_runtime(tmp_path_factory.mktemp("rtpage"), runtime_files())


@pytest.fixture(scope="module")
def real_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = snapshot()
    if source is None:
        pytest.skip(f"no snapshot of github.com/pygame-web/archives: set {SNAPSHOT_VARIABLE} to one "
                    "(a git directory) to test with the real runtime files")
    return build_with_runtime(tmp_path_factory.mktemp("realpage"), real_runtime_files(source))


def inside(box: dict, screen: tuple[int, int, int]) -> bool:
    return box["left"] >= 0 and box["top"] >= 0 and box["right"] <= screen[0] and box["bottom"] <= screen[1]


# ------------------------------------------------------------------ the CDN build, the CDN out of reach


FAILED_WORDS = {
    "en-US": ("Skat could not be loaded", "A part of the game did not arrive", "Reload"),
    "de-DE": ("Skat konnte nicht geladen werden", "Ein Teil des Spiels ist nicht angekommen", "Neu laden"),
}
#: The self-hosted start and crash box: each screen in one language (the CDN failure has both at every size).
LANGS = ["de-DE", "en-US", "de-DE", "en-US"]


BOTH = [(s, lang) for s in SCREENS for lang in ("en-US", "de-DE")]


@pytest.fixture(scope="module")
def cdn_unreachable(cdn_page: Path) -> dict:
    with serving({}, root=cdn_page) as server:
        return drive_screens(server.at(HOST), "cdn-unreachable", BOTH)


@pytest.mark.parametrize(("screen", "lang"), BOTH, ids=[f"{i}-{lang}" for i in SCREEN_IDS for lang in ("en", "de")])
def test_with_the_cdn_unreachable_the_failure_message_appears_in_the_browsers_language(
    cdn_unreachable: dict, lang: str, screen: tuple[int, int, int]
) -> None:
    title, cause, button = FAILED_WORDS[lang]
    report = cdn_unreachable[(screen, lang)]
    loading, final = report["loading"], report["final"]
    assert loading["language"] == lang
    # The loading screen first: the CDN's answer is held back for 1.2 s.
    assert loading["state"] == "loading" and not loading["transferHidden"] and loading["status"]
    # Then the failure, well within the timeout, in the browser's language, inside the screen.
    assert final["state"] == "failed", report
    assert final["failure"]["kind"] == "script" and "pygame-web.github.io" in final["failure"]["what"]
    assert title in final["failureText"] and cause in final["failureText"] and button in final["failureText"]
    assert inside(final["failureBox"], screen), final["failureBox"]
    assert final["htmlLang"] == lang[:2]
    assert report["elapsedMs"] < LOAD_TIMEOUT * 1000
    assert report["offsite"] and all("pygame-web.github.io" in u for u in report["offsite"])
    assert report["dialogs"] == []


def test_a_cdn_that_never_answers_first_says_it_still_waits_then_times_out(cdn_page: Path) -> None:
    with serving({}, root=cdn_page) as server:
        report = drive(server.at(HOST), "cdn-silent-de-DE", "de-DE", offsite="hang", wait=LOAD_TIMEOUT + 15,
                       probeMs=int((STILL_WAITING + 1.5) * 1000))
    probe, final = report["probe"], report["final"]
    assert probe["state"] == "loading" and probe["status"].startswith("Noch keine Antwort"), probe
    assert "Sekunden ist nichts angekommen" in probe["status"] and "pygame-web.github.io" in probe["status"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "timeout", report
    assert "Seit 5 Sekunden tut sich nichts" in final["failureText"]
    assert LOAD_TIMEOUT * 1000 <= report["elapsedMs"] < (LOAD_TIMEOUT + 10) * 1000


# ------------------------------------------------------------------ the self-hosted build


def check_self_hosted_start(report: dict, screen: tuple[int, int, int]) -> None:
    assert report["offsite"] == [], report["offsite"]
    served = [u.split("/", 3)[3].split("?")[0] for u in report["requests"]]
    assert all(u.startswith(f"http://{HOST}:") for u in report["requests"]), report["requests"]
    final = report["final"]
    assert final["state"] == "started", (final, report["console"][-20:])
    assert final["standIn"]["state"] == "game" and "log: Python started" in report["console"]
    assert final["transferHidden"] and report["dialogs"] == []
    for item in webruntime.RUNTIME_FILES:
        assert f"runtime/{item.path}" in served, item.path
    assert f"runtime/{WHEEL_PATH}" in served and "skat.apk" in served
    # The game's window: the backing size it chose from the screen, scaled by the page to fit, shape kept.
    width, height, dpr = screen
    want = browser_window_size(width, height, dpr)
    canvas = final["canvas"]
    assert (canvas["width"], canvas["height"]) == want
    assert final["viewport"] == {"width": width, "height": height, "dpr": dpr}
    scale = min(width / want[0], height / want[1])
    assert abs(canvas["cssWidth"] - want[0] * scale) < 1 and abs(canvas["cssHeight"] - want[1] * scale) < 1, canvas
    assert abs(canvas["left"] - (width - canvas["cssWidth"]) / 2) < 1
    assert abs(canvas["top"] - (height - canvas["cssHeight"]) / 2) < 1


TRACEBACK = 'Traceback (most recent call last):\n  File "main.py", line 40, in main\nZeroDivisionError: x'


SELF_HOSTED = list(zip(SCREENS, LANGS, strict=True))


@pytest.fixture(scope="module")
def self_hosted(runtime_page: Path) -> dict:
    with serving({}, root=runtime_page) as server:
        return drive_screens(server.at(HOST), "runtime-standins", SELF_HOSTED, crash=TRACEBACK)


@pytest.mark.parametrize(("screen", "lang"), SELF_HOSTED, ids=SCREEN_IDS)
def test_the_self_hosted_runtime_starts_under_a_host_name_with_the_window_scaled_to_the_screen(
    self_hosted: dict, screen: tuple[int, int, int], lang: str
) -> None:
    """Stand-ins that import modules by config.cdn, as vtx.js does: a relative config.cdn fails here.

    Then a Python exception in play: main.py hands the traceback to skatLoader.crash
    (tests/test_web_main.py), and the page shows the crash box with it, inside the screen.
    """
    report = self_hosted[(screen, lang)]
    assert report["final"]["language"] == lang
    check_self_hosted_start(report, screen)
    crashed = report["crashed"]
    assert crashed["state"] == "crashed" and crashed["details"] == TRACEBACK
    title = "Skat stopped because of an error" if lang == "en-US" else "Skat wurde wegen eines Fehlers angehalten"
    assert title in crashed["failureText"]
    assert ("Copy details" if lang == "en-US" else "Details kopieren") in crashed["failureText"]
    assert inside(crashed["failureBox"], screen), crashed["failureBox"]


@pytest.mark.parametrize("screen", [SCREENS[0], SCREENS[2]], ids=[SCREEN_IDS[0], SCREEN_IDS[2]])
def test_with_the_real_runtime_files_the_page_reaches_python_started_on_its_own_host(
    real_page: Path, screen: tuple[int, int, int]
) -> None:
    """The real pythons.js, vtx.js, xterm, BrowserFS, cpythonrc.py, index and wheel (a snapshot)."""
    with serving({}, root=real_page) as server:
        report = drive(server.at(HOST), f"runtime-real-en-US-{screen[0]}x{screen[1]}", screen=screen)
        served = list(server.requests)
    check_self_hosted_start(report, screen)
    seen = {p.removeprefix("runtime/") for p in served if p.startswith("runtime/")}
    locked = {e["path"] for e in json.loads((real_page / "runtime" / webruntime.LOCK_NAME).read_text())["files"]}
    assert seen == locked, (seen ^ locked)  # the lock lists exactly what the runtime asks for


def test_with_the_real_pythons_js_a_loader_error_reaches_no_alert_and_is_explained(real_page: Path) -> None:
    """The real pythons.js alerts every uncaught error and rejection: a vtx.js that throws on import."""
    vtx = (real_page / "runtime/archives/0.9/vtx.js").read_bytes() + b"\nnull.boom();\n"
    with serving({"runtime/archives/0.9/vtx.js": vtx}, root=real_page) as server:
        report = drive(server.at(HOST), "runtime-real-loader-error-en-US")
    final = report["final"]
    assert report["dialogs"] == [], report["dialogs"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "error", final
    assert "The game's loader stopped with an error" in final["failureText"] and final["details"]


def test_with_the_real_cross_track_an_archive_without_content_length_arrives_whole(real_page: Path) -> None:
    with serving({}, root=real_page) as server:
        server.chunked = {"skat.apk"}
        report = drive(server.at(HOST), "runtime-real-chunked-en-US")
    final = report["final"]
    assert final["state"] == "started", (final, report["console"][-20:])
    size = (real_page / "skat.apk").stat().st_size
    assert final["standIn"]["archive"] == {"pos": size, "len": size, "zip": True}


# ------------------------------------------------------------------ phones and tablets, at a sub-path, on plain http


SUB_PATH = "games/skat/"
DEAL_CODE = encode_deal("skat", ISKO, range(32))
PLAIN_HOST = "skat.test"


def device_run(name: str, url: str, first: tuple[int, int, int], turn: tuple[int, int, int],
               touch: bool = True) -> dict:
    """Options for one emulated device that opens ``url``, then turns to ``turn`` (or is resized to it)."""
    def view(width: int, height: int, dpr: int) -> dict:
        extra = {"isMobile": True, "hasTouch": True, "isLandscape": width > height} if touch else {}
        return {"width": width, "height": height, "deviceScaleFactor": dpr, **extra}

    return options(url, f"device-{name}", screen=first, viewport=view(*first), turns=[view(*turn)],
                   userAgent=PHONE_AGENT if touch else None, clipboard=True)


@pytest.fixture(scope="module")
def devices(runtime_page: Path) -> tuple[dict[str, dict], str]:
    """Each device opens the self-hosted page at http://skat.test:PORT/games/skat/?deal=CODE (one phone the
    plain page too), one Chromium, a fresh context each: the reports by name, and the page's address."""
    with serving({}, root=runtime_page) as server:
        server.base = SUB_PATH
        page = server.at(PLAIN_HOST) + SUB_PATH
        runs = {name: device_run(name, f"{page}?deal={DEAL_CODE}", *pair) for name, pair in DEVICES.items()}
        runs["phone-390x844@3-plain"] = device_run("phone-390x844@3-plain", page, *DEVICES["phone-390x844@3"])
        runs["desktop-1280x720"] = device_run("desktop-1280x720", f"{page}?deal={DEAL_CODE}", *DESKTOP_TURN,
                                              touch=False)
        reports = run_driver({**next(iter(runs.values())), "runs": list(runs.values())}, 60 + 30 * len(runs))
    return dict(zip(runs, reports["runs"], strict=True)), page


def check_window(state: dict, viewport: tuple[int, int, int]) -> None:
    """The page told the game this viewport; the window has its shape at a crisp pixel ratio and fills it."""
    width, height, dpr = viewport
    assert state["viewport"] == {"width": width, "height": height, "dpr": dpr}
    stand_in = state["standIn"]
    assert stand_in["told"][-1] == state["viewport"] and stand_in["unknown"] == [], stand_in
    want = browser_window_size(width, height, dpr)
    canvas = state["canvas"]
    # The stand-in interpreter sizes its window by the same function, so this equality only checks that the
    # size the game asked for reached the canvas; what proves the page are the viewport it told (above), the
    # CSS box and the pixel ratio (below).
    assert (canvas["width"], canvas["height"]) == want, canvas
    assert (want[1] > want[0]) == (height > width)  # taller than wide: the game's portrait layout
    # The CSS box: the whole screen (the window has its shape), centred.
    assert canvas["cssWidth"] * canvas["cssHeight"] >= 0.99 * width * height, canvas
    assert abs(canvas["left"] - (width - canvas["cssWidth"]) / 2) < 1
    assert abs(canvas["top"] - (height - canvas["cssHeight"]) / 2) < 1
    # Crisp: about two backing pixels per CSS pixel on a phone (the ratio is capped at 2, the window's size
    # at 2560 x 1440 pixels' worth), one on a desktop at DPR 1.
    assert canvas["width"] / canvas["cssWidth"] >= 0.95 * min(dpr, 2), canvas


@pytest.mark.parametrize("name", [*DEVICES, "phone-390x844@3-plain", "desktop-1280x720"])
def test_a_device_gets_a_window_of_its_screens_shape_filling_it_and_following_a_turn(
    devices: tuple[dict[str, dict], str], name: str
) -> None:
    """Portrait on a phone held upright, landscape sideways, on a shared link as on the plain page; after a
    turn (or an in-app browser's sheet grown to the full screen) the window follows.  The stand-in game
    sizes its window as skat.ui.web does from what the page tells it (tests/test_web_viewport.py: the
    App's side).  Old page: a turned phone kept the first window, letterboxed small."""
    reports, _ = devices
    report = reports[name]
    first, turn = DESKTOP_TURN if name.startswith("desktop") else DEVICES[name.removesuffix("-plain")]
    final = report["final"]
    assert final["state"] == "started", (final, report["console"][-20:])
    assert final["touch"] > 0 if not name.startswith("desktop") else final["touch"] == 0
    check_window(final, first)
    (turned,) = report["turns"]
    check_window(turned, turn)
    assert turned["standIn"]["windows"] == [f"{w}x{h}" for w, h in (browser_window_size(*first),
                                                                   browser_window_size(*turn))]
    assert report["dialogs"] == []


@pytest.mark.parametrize("name", ["phone-390x844@3", "phone-390x844@3-plain", "desktop-1280x720"])
def test_the_self_hosted_page_starts_at_a_sub_path_under_a_plain_http_host_name(
    devices: tuple[dict[str, dict], str], name: str
) -> None:
    """http://skat.test:PORT/games/skat/?deal=CODE: not localhost, not https (no service worker, no
    clipboard), not the site's root.  Everything comes from the page's folder, pygbag's package installer
    included: old page: PYGPI was set by the boot code after pep0723's async_repos() had read the CDN's
    index, so the index, repodata and wheel came from pygame-web.github.io (blocked here)."""
    reports, page = devices
    report = reports[name]
    final = report["final"]
    assert final["state"] == "started", (final, report["console"][-20:])
    assert report["offsite"] == [], report["offsite"]
    assert all(u.startswith(page) for u in report["requests"]), report["requests"]
    repo = page + "runtime/archives/repo/"
    stand_in = final["standIn"]
    assert stand_in["environ"]["PYGPI"] == stand_in["repo"] == stand_in["wheels"] == repo, stand_in
    # The query reaches the game unchanged (pythons.js makes each NAME=value of it an environment variable).
    assert stand_in["environ"].get("deal") == (None if name.endswith("plain") else DEAL_CODE)
    assert report["search"] == ("" if name.endswith("plain") else f"?deal={DEAL_CODE}")
    # What plain http lacks degrades: no offline copy (no service worker), the link in a box to copy.
    assert not final["secure"] and not final["serviceWorker"] and not final["controlled"]
    assert not final["clipboard"]
    copy = report["clipboard"]["copy"]
    assert copy["state"] == "failed" and "no clipboard" in copy["error"], copy
    box = report["clipboard"]["noClipboard"]
    assert box["boxValue"] == box["selected"] == "http://127.0.0.1/?deal=TEST"
    assert report["dialogs"] == []


def test_with_the_real_runtime_files_a_phone_at_a_sub_path_starts_and_follows_a_turn(real_page: Path) -> None:
    """The real pythons.js on a phone (its mobile path: no terminal), cpythonrc.py, index and wheel."""
    with serving({}, root=real_page) as server:
        server.base = SUB_PATH
        page = server.at(PLAIN_HOST) + SUB_PATH
        report = run_driver(device_run("real-phone-390x844@3", f"{page}?deal={DEAL_CODE}",
                                       *DEVICES["phone-390x844@3"]), 120)
    final = report["final"]
    assert final["state"] == "started", (final, report["console"][-20:])
    assert report["offsite"] == [] and report["dialogs"] == []
    assert final["standIn"]["environ"]["PYGPI"] == page + "runtime/archives/repo/"
    assert any("is_mobile(true)" in line for line in report["console"])  # pythons.js took it for a phone
    check_window(final, DEVICES["phone-390x844@3"][0])
    check_window(report["turns"][0], DEVICES["phone-390x844@3"][1])


def test_a_slow_download_that_keeps_arriving_is_not_cut_off_and_shows_its_progress(runtime_page: Path) -> None:
    """The wheel trickles in for longer than the timeout: bytes keep arriving, so that is no failure."""
    wheel = bytes(range(256)) * 1000  # 256 kB at 40 kB/s: about 6.4 s, the timeout is 5 s
    with serving({f"runtime/{WHEEL_PATH}": wheel}, root=runtime_page) as server:
        server.throttle = {f"runtime/{WHEEL_PATH}": 40_000}
        report = drive(server.at(HOST), "runtime-slow-wheel-en-US", wait=30)
    final = report["final"]
    assert final["state"] == "started", report["final"]
    assert final["standIn"]["wheel"] == len(wheel)
    assert report["elapsedMs"] > LOAD_TIMEOUT * 1000
    steps = [line for line in report["statusLines"] if line.startswith("Dealing:") and "of 0.26 MB" in line]
    assert len(steps) >= 5, report["statusLines"]
    widths = sorted({float(w.rstrip("%")) for w in report["barWidths"]})
    assert len([w for w in widths if 0 < w < 100]) >= 5, widths
    # The interpreter's download showed its progress too (main.data through XHR, main.wasm through fetch).
    assert any(line.startswith("Fetching the game engine: ") for line in report["statusLines"]), report["statusLines"]


def test_an_archive_without_content_length_arrives_whole(runtime_page: Path) -> None:
    """The stand-in's cross_track sizes its buffer by Content-Length as pygbag's does; the page supplies it."""
    with serving({}, root=runtime_page) as server:
        server.chunked = {"skat.apk"}
        report = drive(server.at(HOST), "runtime-chunked-en-US")
    size = (runtime_page / "skat.apk").stat().st_size
    assert report["final"]["state"] == "started", report["final"]
    assert report["final"]["standIn"]["archive"] == {"pos": size, "len": size, "zip": True}


def test_an_archive_other_than_the_builds_gives_its_own_message(runtime_page: Path) -> None:
    other = (runtime_page / "skat.apk").read_bytes()[:-1000]
    with serving({"skat.apk": other}, root=runtime_page) as server:
        report = drive(server.at(HOST), "runtime-other-archive-de-DE", "de-DE")
    final = report["final"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "archive", final
    assert "nicht vollständig angekommen" in final["failureText"]


def test_an_uncaught_loader_error_is_explained_with_details_and_no_alert(runtime_page: Path) -> None:
    """What pythons.js would alert() in English: the page says it in the player's language."""
    broken = STAND_IN_LOADER.replace('await import("./vtx.js");', 'await import("./vtx.js"); null.boom();')
    with serving({"runtime/archives/0.9/pythons.js": broken.encode()}, root=runtime_page) as server:
        report = drive(server.at(HOST), "runtime-loader-error-de-DE", "de-DE", screen=SCREENS[2])
    final = report["final"]
    assert report["dialogs"] == []
    assert final["state"] == "failed" and final["failure"]["kind"] == "error", final
    assert "mit einem Fehler stehen geblieben" in final["failureText"] and "TypeError" in final["failureText"]
    assert "Details kopieren" in final["failureText"] and "TypeError" in final["details"]
    assert "Internetverbindung" not in final["failureText"]
    assert inside(final["failureBox"], SCREENS[2])


def test_inside_a_cross_origin_iframe_the_clipboard_refuses_and_the_deal_stays_outside(runtime_page: Path) -> None:
    """As on itch.io: the game page in an iframe of another origin (itch.example.test inside skat.example.test)."""
    with serving({}, root=runtime_page) as server:
        server.files["outer.html"] = (
            f'<!doctype html><meta charset="utf-8"><title>host</title>'
            f'<iframe src="{server.at("itch.example.test")}index.html" width="{IFRAME[0]}" height="{IFRAME[1]}">'
            f'</iframe>'
        ).encode()
        report = drive(server.at(HOST) + "outer.html?deal=1ABC", "iframe-en-US", clipboard=True,
                       frame="itch.example.test")
    assert report["frameUrl"].startswith("http://itch.example.test:")
    assert report["final"]["state"] == "started", report["final"]
    assert report["search"] == ""  # the outer page's ?deal= never reaches the game
    copy = report["clipboard"]["copy"]
    assert copy["state"] == "failed" and copy["error"], copy
    no_clipboard = report["clipboard"]["noClipboard"]
    assert no_clipboard["state"] == "failed" and "clipboard" in no_clipboard["error"]
    assert no_clipboard["boxValue"] == no_clipboard["selected"] == "http://127.0.0.1/?deal=TEST"
    assert report["offsite"] == []


def test_a_broken_webassembly_file_gives_the_failure_message(runtime_page: Path) -> None:
    broken = {"runtime/archives/0.9/cpython312/main.wasm": b"\0asm\x01\x00\x00\x00\xff\xff"}
    with serving(broken, root=runtime_page) as server:
        report = drive(server.at(HOST), "runtime-broken-wasm-en-US")
    final = report["final"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "wasm", report
    assert "could not start the game engine" in final["failureText"]
    assert report["offsite"] == []


def test_a_download_that_stalls_ends_in_the_timeout_message(runtime_page: Path) -> None:
    """The runtime keeps reporting the same progress (a stalled download): that is no sign of life."""
    stalled = (
        "window.Module = {locateFile: (p) => p}; window.custom_onload(true);"
        "setInterval(() => window.Module.setStatus('Downloading data... (1000/4000)'), 100);"
    )
    with serving({"runtime/archives/0.9/pythons.js": stalled.encode()}, root=runtime_page) as server:
        report = drive(server.at(HOST), "runtime-stalled-en-US", wait=LOAD_TIMEOUT + 15)
    final = report["final"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "timeout", report
    assert "Nothing has happened for 5 seconds" in final["failureText"]
    assert LOAD_TIMEOUT * 1000 <= report["elapsedMs"] < (LOAD_TIMEOUT + 10) * 1000


def test_a_missing_runtime_file_gives_the_failure_message(runtime_page: Path) -> None:
    with serving({}, root=runtime_page) as server:
        server.missing = {"runtime/archives/0.9/cpythonrc.py"}
        report = drive(server.at(HOST), "runtime-missing-file-de-DE", "de-DE")
    final = report["final"]
    assert final["state"] == "failed" and final["failure"]["kind"] == "fetch", report
    assert "cpythonrc.py" in final["failure"]["what"] and "404" in final["failure"]["what"]
    assert "Ein Download ist fehlgeschlagen" in final["failureText"]


# ------------------------------------------------------------------ offline


def test_after_one_visit_the_page_starts_offline_and_a_new_build_replaces_the_cache(
    runtime_page: Path, tmp_path: Path
) -> None:
    """Load once; the server goes away; reload: the service worker serves everything.  Then a new build."""
    second = tmp_path / "second"
    shutil.copytree(runtime_page, second)
    page = (second / "index.html").read_text(encoding="utf-8").replace("Skat and Offiziersskat", "Skat, Offiziersskat")
    (second / "index.html").write_text(page, encoding="utf-8")
    webbuild.write_worker(second)  # the second build: its own id and cache
    ids = [json.loads(webbuild.worker_settings(p))["id"] for p in (runtime_page, second)]
    assert ids[0] != ids[1]
    with serving({}, root=runtime_page) as server:
        def offline() -> None:
            server.offline = True

        def new_build() -> None:
            server.root = second
            server.offline = False

        server.hooks = {"__offline__": offline, "__new_build__": new_build}
        report = drive(server.at(HOST), "offline-en-US", secure=True,
                       cues=["wait-worker", "__offline__", "__new_build__", "wait-new-worker", "__new_build__",
                             "__offline__"])
    assert report["final"]["state"] == "started"
    # Once the game started, the worker kept the whole runtime of the lock.
    locked = json.loads((runtime_page / "runtime" / webruntime.LOCK_NAME).read_text())["files"]
    assert report["offlineKept"]["kept"] == report["offlineKept"]["of"] == len(locked) + 1  # and the lock
    phases = {p["cue"]: p["state"] for p in report["phases"]}
    after_offline = report["phases"][0]["state"]
    assert after_offline["state"] == "started" and after_offline["controlled"], after_offline
    assert after_offline["standIn"]["state"] == "game"
    # The new build's worker took over and dropped the old cache; offline again, the new build starts.
    assert phases["__offline__"]["caches"] == [f"skat-{ids[1]}"], report["phases"]
    assert phases["__offline__"]["state"] == "started"
    assert phases["__offline__"]["description"].startswith("Skat, Offiziersskat")
    assert report["offsite"] == []


def test_the_stand_in_loader_asks_for_what_the_list_names() -> None:
    """The stand-ins must not silently skip a file of the list (or the runtime test proves less)."""
    standins = STAND_IN_LOADER + (ROOT / "tools" / "browser" / "standin-main.js").read_text()
    from web_standins import STAND_IN_VTX

    standins += STAND_IN_VTX
    for item in webruntime.RUNTIME_FILES:
        name = item.path.removeprefix(webruntime.RUNTIME_DIR).removeprefix(webruntime.REPO_DIR)
        name = name.removeprefix("vt/").replace("cpython312/", "")
        assert name in standins or name in ("pythons.js", "browserfs.min.js", "cpythonrc.py"), name
