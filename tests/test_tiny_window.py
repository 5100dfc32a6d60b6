"""Windows below the drawable minimum show one "window too small" line instead of crashing
(issue 15, finding 8: below about 160x90 drawing a card raised ValueError).

The desktop window cannot be made smaller than 640x360, but other hosts (a browser
canvas, a tiling window manager) may shrink it; every screen is resized here to
tiny sizes through the real resize event, drawn and clicked, then resized back.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine import ISKO, OFFICERS, Match  # noqa: E402
from skat.i18n import Translator  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.help import HelpScene  # noqa: E402
from skat.ui.painter import MIN_DRAWABLE  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

TINY = [(1, 1), (100, 50), (204, 115), (115, 204), (1000, 60), (80, 700)]


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size)
    app.step(0.016, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])], force_draw=True)


def table(app: App, game: str) -> TableScene:
    rules = ISKO if game == "skat" else OFFICERS
    match = Match.new(game, rules, players=3 if game == "skat" else 2, hands=3 if game == "skat" else 2, seed=4)
    scene = TableScene(app, MatchController(match, human=0, strength="normal", seed=4))
    app.push(scene)
    return scene


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("screen", ["title", "skat", "officers", "help"])
def test_every_tiny_window_shows_the_too_small_line_and_recovers(lang: str, screen: str) -> None:
    app = App(size=(1280, 720), store=Store(MemoryStorage(), language=lang), headless=True)
    app.start()
    if screen in ("skat", "officers"):
        table(app, screen)
    elif screen == "help":
        app.push(HelpScene(app))
    for _ in range(30):  # the deal runs, the computers bid
        app.frame(0.05)
    line = Translator(lang)("window.too_small")
    for size in TINY:
        resize(app, size)
        assert getattr(app.painter, "too_small", None) is not False
        app.painter.start_recording()
        for _ in range(20):  # animations and computer moves go on while it is tiny
            app.frame(0.05)
        app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(0, 0), button=1),
                         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1)])
        boxes = app.painter.stop_recording()
        assert [b.label for b in boxes if b.kind == "text"] and all(b.label == line for b in boxes), boxes[:3]
        if size[0] * size[1] > 100:
            assert any(app.screen.get_at((x, y))[:3] != (0, 0, 0)
                       for x in range(size[0]) for y in range(size[1])), "the line must be visible"
    for size in (MIN_DRAWABLE, MIN_DRAWABLE[::-1]):  # the smallest drawable windows, both ways round
        resize(app, size)
        assert not app.painter.too_small
        app.frame(0.05)
    resize(app, (1280, 720))
    app.painter.start_recording()
    app.frame(0.05)
    assert not any(b.label == line for b in app.painter.stop_recording())


@pytest.mark.parametrize("size", [MIN_DRAWABLE, MIN_DRAWABLE[::-1]], ids=["landscape", "portrait"])
@pytest.mark.parametrize("game", ["skat", "officers"])
def test_whole_hands_draw_at_the_smallest_drawable_window(size: tuple[int, int], game: str) -> None:
    """Every card the table draws (hands, the skat, tricks and the small trick piles) at the
    smallest window that is drawn at all, through a whole hand played by the computers."""
    app = App(size=size, store=Store(MemoryStorage(), language="en"), headless=True)
    app.settings["animation"] = "fast"
    app.start()
    rules = ISKO if game == "skat" else OFFICERS
    match = Match.new(game, rules, players=3 if game == "skat" else 2, hands=1, seed=4)
    scene = TableScene(app, MatchController(match, human=0, strength="normal", seed=4, autoplay=True))
    app.push(scene)
    assert not app.painter.too_small
    for _ in range(6000):
        app.frame(0.05)
        if scene.c.hand.done and not scene.animating:
            break
    assert scene.c.hand.done and len(scene.c.hand.tricks) >= 1
