"""The game's window in the browser follows the page's viewport: a phone in portrait gets the portrait
layout filling its screen, turned sideways the landscape one, on a shared link as on the plain page.

The page is a stand-in object with what index.html gives the game (``skatPage.viewport``: the CSS size,
the device pixel ratio, and ``changes``, the count of times it settled on a new size) and the address;
``sys.platform`` is ``"emscripten"`` as under pygbag, so the App builds what it builds in the browser.
tests/test_browser_page.py shows the page's side in Chromium (what the page measures and counts).
"""

from __future__ import annotations

import platform
import sys
import types

import pytest

from skat.engine.rules import ISKO
from skat.engine.share import encode_deal
from skat.lab import fit
from skat.storage import Store
from skat.storage_backends import MemoryStorage
from skat.ui.app import App
from skat.ui.table import TableScene
from skat.ui.web import browser_window_size, page_window_size

CODE = encode_deal("skat", ISKO, range(32))


class Page(types.SimpleNamespace):
    """The page as the game sees it through pygbag's ``platform.window``."""

    def turn(self, width: float, height: float, dpr: float | None = None) -> None:
        """The viewport settled on another size (a phone turned): the page counts it."""
        view = self.skatPage.viewport
        view.width, view.height = width, height
        view.dpr = view.dpr if dpr is None else dpr
        view.changes += 1
        self.innerWidth, self.innerHeight = width, height


def page(width: float, height: float, dpr: float, search: str = "") -> Page:
    view = types.SimpleNamespace(width=width, height=height, dpr=dpr, changes=0)
    helpers = types.SimpleNamespace(viewport=view, publicUrl="")
    location = types.SimpleNamespace(search=search, origin="http://skat.test:8000", pathname="/games/skat/")
    return Page(innerWidth=width, innerHeight=height, devicePixelRatio=dpr, skatPage=helpers, location=location)


@pytest.fixture
def in_browser(monkeypatch: pytest.MonkeyPatch):
    def open_page(width: float, height: float, dpr: float, search: str = "", lang: str = "en") -> tuple[Page, App]:
        window = page(width, height, dpr, search)
        monkeypatch.setattr(sys, "platform", "emscripten")
        monkeypatch.setattr(platform, "window", window, raising=False)
        # As game/main.py starts the game in the browser.
        app = App(page_window_size(), store=Store(MemoryStorage(), language=lang), headless=True)
        app.start_from_link()
        app.frame(0.02)
        return window, app

    return open_page


def table(app: App) -> TableScene:
    scene = app.stack.top
    assert isinstance(scene, TableScene), app.stack.scenes
    return scene


@pytest.mark.parametrize("search", ["", f"?deal={CODE}"], ids=["plain", "deal-link"])
def test_a_phone_in_portrait_gets_the_portrait_layout_filling_its_screen(in_browser, search: str) -> None:
    window, app = in_browser(390, 844, 3, search)
    assert app.screen.get_size() == (780, 1688)  # the screen's shape, two device pixels per CSS pixel
    assert app.painter.portrait and not app.turn_hint_shown
    if search:
        assert tuple(table(app).c.match.decks[0]) == tuple(range(32))  # the shared deal is on the table


@pytest.mark.parametrize("search", ["", f"?deal={CODE}"], ids=["plain", "deal-link"])
def test_a_phone_turned_after_the_start_gets_the_other_layout_at_the_new_shape(in_browser, search: str) -> None:
    """Chosen once at the tap, the window kept that shape: turned, a small letterboxed canvas in the old layout."""
    window, app = in_browser(390, 844, 3, search)
    shown = app.stack.top
    window.turn(844, 390)
    app.step(0.02)
    assert app.screen.get_size() == browser_window_size(844, 390, 3) == (1688, 780)
    assert not app.painter.portrait and app.painter.scale == pytest.approx(780 / 720)
    assert app.stack.top is shown  # the same scene, laid out again: the hand goes on
    window.turn(390, 844)
    app.step(0.02)
    assert app.screen.get_size() == (780, 1688) and app.painter.portrait


def test_an_in_app_browser_sheet_that_grows_to_full_screen_gets_a_full_screen_window(in_browser) -> None:
    """A messenger opens the shared link in a sheet over half the screen, then the sheet fills the screen."""
    window, app = in_browser(360, 420, 2, f"?deal={CODE}")
    assert app.screen.get_size() == (720, 840)
    window.turn(360, 800)
    app.step(0.02)
    assert app.screen.get_size() == (720, 1600) and app.painter.portrait
    assert app.painter.scale == pytest.approx(1.0)  # 720 logical units across 720 pixels


def test_the_viewport_is_read_once_per_frame_and_the_size_only_when_it_changed(in_browser) -> None:
    """A frame costs one look at the page's counter; a counter that moved without a new size changes nothing."""
    window, app = in_browser(1280, 720, 1)
    reads: list[str] = []

    class Counting(types.SimpleNamespace):
        def __getattribute__(self, name: str) -> object:
            if not name.startswith("_"):
                reads.append(name)
            return super().__getattribute__(name)

    view = window.skatPage.viewport
    window.skatPage.viewport = Counting(**vars(view))
    for _ in range(3):
        app.step(0.02)
    assert reads == ["changes"] * 3
    window.skatPage.viewport.changes += 1  # e.g. a resize that came back to the same size
    surface = app.screen
    app.step(0.02)
    assert app.screen is surface and app.screen.get_size() == (1280, 720)


def test_an_older_page_without_the_viewport_keeps_the_window(in_browser) -> None:
    window, app = in_browser(390, 844, 3)
    del window.skatPage.viewport
    window.innerWidth, window.innerHeight = 844, 390
    app.step(0.02)
    assert app.screen.get_size() == (780, 1688)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_shared_deal_on_a_phone_fits_upright_and_turned_in_both_languages(in_browser, lang: str) -> None:
    """The shared link's first frames: the note "a shared deal: just this one hand..." and the table inside
    the screen, nothing cut or on top of anything else (skat.lab.fit), portrait and turned to landscape."""
    window, app = in_browser(390, 844, 3, f"?deal={CODE}", lang)
    for turn in (None, (844, 390)):
        if turn:
            window.turn(*turn)
            app.step(0.02)
        for _ in range(100):  # the cards dealt (or laid out again) come to rest: a still frame is judged
            if not table(app).animating:
                break
            app.frame(0.02)
        painter = app.painter
        painter.start_recording()
        app.draw()
        boxes = painter.stop_recording()
        shown = " ".join(b.label for b in boxes if b.kind == "text")
        assert table(app).message_time > 0 and table(app).message in shown, "the shared deal's note is on the table"
        assert fit.problems(boxes, painter) == [], (painter.portrait, fit.problems(boxes, painter))
