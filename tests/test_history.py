"""Giving up a match asks first and keeps its score sheet; Past matches lists every kept sheet and
opens it read-only in the score-sheet screen.  Driven by posted mouse and keyboard events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.storage import MatchInProgress, MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.history import HistoryScene  # noqa: E402
from skat.ui.menu import SetupScene, TitleScene  # noqa: E402
from skat.ui.overlays import ConfirmScene  # noqa: E402
from skat.ui.sheet import SheetScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, key, make_app, press  # noqa: E402


def play_hands(app: App, table: TableScene, hands: int) -> None:
    """Let the computer play the person's cards too until ``hands`` are on the sheet, then stop."""
    table.c.autoplay = True
    for _ in range(20000):
        if len(table.c.match.sheet) >= hands:
            break
        if type(app.stack.top).__name__ == "ResultScene":
            press(app, app.t("result.next"))
        app.frame(0.05)
    table.c.autoplay = False
    assert len(table.c.match.sheet) >= hands


def to_title_and_new(app: App) -> SetupScene:
    key(app, pygame.K_ESCAPE)  # the pause menu
    press(app, app.t("menu.to_title"))
    assert isinstance(app.stack.top, TitleScene)
    press(app, app.t("menu.new"))
    assert isinstance(app.stack.top, SetupScene)
    return app.stack.top


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_new_match_asks_before_giving_up_the_one_in_progress_and_keeps_its_sheet(lang: str) -> None:
    storage = MemoryStorage()
    app = make_app(lang, storage)
    press(app, app.t("menu.new"))
    setup = app.stack.top
    click(app, (setup.start.x + 10, setup.start.y + 10))
    table = app.stack.top
    assert isinstance(table, TableScene)
    old = table.c.match
    play_hands(app, table, 2)
    while app.stack.top is not table:
        app.pop()
    setup = to_title_and_new(app)
    click(app, (setup.start.x + 10, setup.start.y + 10))
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    assert ask.title == app.t("confirm.new_title")  # in the player's language
    assert f"{len(old.sheet)} " in ask.body and str(old.hands) in ask.body
    # No: nothing is lost, the match in progress stays.
    press(app, app.t("confirm.new_no"))
    assert app.stack.top is setup
    assert app.services.store.load_match().match.sheet == old.sheet and app.services.store.sheets() == []
    # Yes: the new match starts, the old one's sheet is kept as given up.
    click(app, (setup.start.x + 10, setup.start.y + 10))
    press(app, app.t("confirm.new_yes"))
    assert isinstance(app.stack.top, TableScene) and app.stack.top.c.match is not old
    [kept] = app.services.store.sheets()
    assert not kept.complete and list(kept.sheet) == list(old.sheet) and kept.hands == old.hands
    assert kept.rules == old.rules == ISKO
    assert app.services.store.load_match().match is not old


def test_past_matches_lists_finished_and_given_up_sheets_and_opens_them() -> None:
    storage = MemoryStorage()
    store = Store(storage, language="en")
    finished = Match.new("officers", OFFICERS, players=2, hands=2, seed=3)
    app = make_app(storage=storage)
    # A finished match, played through the real table.
    app.push(TableScene(app, MatchController(finished, human=0, seed=3)))
    table = app.stack.top
    play_hands(app, table, 2)
    assert finished.finished
    for _ in range(50):
        if isinstance(app.stack.top, SheetScene):
            break
        if type(app.stack.top).__name__ == "ResultScene":
            press(app, app.t("result.final"))
        app.frame(0.05)
    assert isinstance(app.stack.top, SheetScene)  # the final sheet
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)
    # A given-up one (kept by the store directly).
    given_up = Match.new("skat", ISKO.with_options(kontra_re=True), players=3, hands=36, seed=9)
    store.finish_match(MatchInProgress(given_up, id="gone"))
    press(app, app.t("menu.history"))
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    assert [m.complete for m in history.sheets] == [False, True]  # newest first
    app.draw()
    # Open the finished one (second row) with a click: the same score-sheet screen, read-only.
    click(app, (400, 130 + 58 + 20))
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene)
    assert list(sheet.c.match.sheet) == list(finished.sheet) and sheet.c.match.finished
    app.draw()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is history
    # The keyboard reaches it too.
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SheetScene) and not app.stack.top.c.match.finished
    app.draw()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_past_matches_with_none_kept() -> None:
    app = make_app("de", MemoryStorage())
    press(app, app.t("menu.history"))
    assert isinstance(app.stack.top, HistoryScene) and app.stack.top.sheets == []
    app.draw()
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)
