"""Long lists on a phone: past matches and score-sheet lines beyond the first page are reached by
taps on the page buttons (a phone has no wheel and no arrow keys), in portrait and landscape."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from random_play import play_match  # noqa: E402
from skat.engine import ISKO, Match  # noqa: E402
from skat.storage import MatchInProgress, MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.history import VISIBLE, HistoryScene  # noqa: E402
from skat.ui.sheet import SheetScene  # noqa: E402
from uihelp import tap  # noqa: E402


def played(seed: int, hands: int) -> Match:
    return play_match(Match.new("skat", ISKO, players=3, hands=hands, seed=seed), random.Random(seed))


def centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    x, y, w, h = box
    return x + w / 2, y + h / 2


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "desktop"])
def test_past_matches_beyond_the_first_page_are_reached_by_taps(size: tuple[int, int]) -> None:
    store = Store(MemoryStorage(), language="en")
    for i in range(VISIBLE + 4):
        store.keep_match(MatchInProgress(played(i + 1, 1), id=f"m{i:02d}"))
    app = App(size=size, store=store, headless=True)
    app.start()
    app.push(HistoryScene(app))
    app.frame(0.02)
    scene = app.stack.top
    assert isinstance(scene, HistoryScene) and len(scene.sheets) == VISIBLE + 4
    tap(app, centre(scene.pages.down))
    assert scene.scroll == 4 and app.stack.top is scene
    last = scene.sheets[-1]
    left, right, first, row_h = scene.rows_place()
    tap(app, ((left + right) / 2, first + (VISIBLE - 1) * row_h + row_h / 2))
    opened = app.stack.top
    assert isinstance(opened, SheetScene) and opened.c.match.id == last.id
    app.pop()
    tap(app, centre(scene.pages.up))
    assert scene.scroll == 0


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "desktop"])
def test_score_sheet_lines_beyond_the_first_page_are_reached_by_taps(size: tuple[int, int]) -> None:
    store = Store(MemoryStorage(), language="en")
    store.keep_match(MatchInProgress(played(3, 30), id="long"))
    app = App(size=size, store=store, headless=True)
    app.start()
    app.push(HistoryScene(app))
    app.frame(0.02)
    app.stack.top.open(0)
    app.frame(0.02)
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene) and len(sheet.c.match.sheet) == 30
    tap(app, centre(sheet.pages.down))
    assert sheet.scroll == 12
    tap(app, centre(sheet.pages.down))
    assert sheet.scroll == 18  # the last page ends at the last line
    tap(app, centre(sheet.pages.up))
    assert sheet.scroll == 6
