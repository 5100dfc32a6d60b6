"""main.py in the browser: the window size it asks for, and an uncaught exception shown on the page.

pygbag's ``shell.runpy`` only queues main.py, so main.py itself must hand an uncaught exception to the
page (index.html's ``skatLoader.crash``, shown by tests/test_browser_page.py); on the desktop it only
raises.  The page is a stand-in object here; ``sys.platform`` is set to ``"emscripten"`` as under pygbag.
"""

from __future__ import annotations

import platform
import runpy
import sys
import types
from pathlib import Path

import pytest

from skat.ui import app as app_module
from skat.ui.web import MAX_PIXEL_RATIO, MAX_WINDOW_PIXELS, browser_window_size, page_window_size

MAIN = Path(__file__).resolve().parents[1] / "game" / "main.py"


class Loader:
    def __init__(self) -> None:
        self.crashes: list[str] = []

    def crash(self, text: str) -> None:
        self.crashes.append(text)


def page(width: float = 390, height: float = 844, dpr: float = 3) -> types.SimpleNamespace:
    return types.SimpleNamespace(innerWidth=width, innerHeight=height, devicePixelRatio=dpr, skatLoader=Loader())


class FailingApp:
    sizes: list[object] = []

    def __init__(self, size: object = None) -> None:
        FailingApp.sizes.append(size)

    def start_from_link(self) -> None:
        pass

    async def run(self) -> None:
        raise ZeroDivisionError("in play")


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> types.SimpleNamespace:
    window = page()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", window, raising=False)
    monkeypatch.setattr(app_module, "App", FailingApp)
    FailingApp.sizes = []
    return window


def test_an_exception_in_play_reaches_the_page_with_its_traceback_and_still_raises(browser) -> None:
    with pytest.raises(ZeroDivisionError):
        runpy.run_path(str(MAIN), run_name="__main__")
    (text,) = browser.skatLoader.crashes
    assert text.startswith("Traceback (most recent call last):") and "ZeroDivisionError: in play" in text
    # The window the game asked for: fixed, from the page's viewport and pixel ratio.
    assert FailingApp.sizes == [browser_window_size(390, 844, 3)] == [(780, 1688)]


def test_a_failing_import_at_start_up_reaches_the_page(browser, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "skat.ui.app", None)  # import skat.ui.app raises ImportError
    with pytest.raises(ImportError):
        runpy.run_path(str(MAIN), run_name="__main__")
    (text,) = browser.skatLoader.crashes
    assert "ModuleNotFoundError" in text and "from skat.ui.app import App" in text


def test_pygame_missing_at_start_up_reaches_the_page(browser, monkeypatch: pytest.MonkeyPatch) -> None:
    """The wheel did not install: pygbag still runs main.py, whose first import fails."""
    monkeypatch.setitem(sys.modules, "pygame", None)
    with pytest.raises(ImportError):
        runpy.run_path(str(MAIN), run_name="__main__")
    (text,) = browser.skatLoader.crashes
    assert "import pygame" in text


def test_main_still_names_pygame_for_pygbags_import_scan() -> None:
    """pygbag installs the wheels of the imports it finds anywhere in main.py (ast.walk)."""
    import ast

    names = {a.name for n in ast.walk(ast.parse(MAIN.read_text())) if isinstance(n, ast.Import) for a in n.names}
    assert "pygame" in names


def test_on_the_desktop_nothing_is_sent_to_a_page(browser, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    with pytest.raises(ZeroDivisionError):
        runpy.run_path(str(MAIN), run_name="__main__")
    assert browser.skatLoader.crashes == []
    assert FailingApp.sizes == [None]  # the desktop's default (resizable) window


@pytest.mark.parametrize(
    ("viewport", "want"),
    [
        ((1280, 720, 1), (1280, 720)),
        ((1920, 1080, 1), (1920, 1080)),
        ((390, 844, 3), (780, 1688)),  # DPR capped at 2: crisp, and a third of DPR 3's pixels
        ((844, 390, 3), (1688, 780)),
        ((1440, 900, 2), (2429, 1518)),  # 2880 x 1800 is over the pixel budget: shrunk, shape kept
        ((360, 640, 1.5), (540, 960)),
    ],
)
def test_the_browser_window_has_the_screens_shape_at_a_capped_pixel_ratio(viewport: tuple, want: tuple) -> None:
    got = browser_window_size(*viewport)
    w, h, dpr = viewport
    assert abs(got[0] - want[0]) <= 1 and abs(got[1] - want[1]) <= 1, got
    assert got[0] * got[1] <= MAX_WINDOW_PIXELS + max(got)
    assert abs(got[0] / got[1] - w / h) < 0.01  # the page scales it with the shape kept: no bars
    assert got[0] <= w * MAX_PIXEL_RATIO + 1
    assert (got[1] > got[0]) == (h > w)  # portrait stays portrait


@pytest.mark.parametrize("bad", [(0, 0, 1), (-5, 10, 1), (float("nan"), 10, 1), ("x", 1, 1), (800, 600, float("inf"))])
def test_nonsense_from_the_page_gives_a_usable_window(bad: tuple) -> None:
    w, h = browser_window_size(*bad)
    assert 1 <= w <= 2560 and 1 <= h <= 2560


def test_the_pages_viewport_is_read_once_and_a_missing_page_gives_the_default() -> None:
    assert page_window_size(page(844, 390, 3)) == (1688, 780)
    assert page_window_size(types.SimpleNamespace()) == (1280, 720)
