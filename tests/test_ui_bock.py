"""Bock and Ramsch rounds at the table and on the sheet: the person answers a Ramsch round's
Grand Hand offer by mouse, the table's info names the round, the sheet marks its lines and
counts the games to come, and the set-up's house page and the Club evening preset set them."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine.rules import STAMMTISCH  # noqa: E402
from skat.engine.tricks import GameType  # noqa: E402
from skat.lab.shots import bock_match  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.sheet import SheetScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from test_ui import button_center, click, settle  # noqa: E402
from test_ui_setup import forward, make_app, open_setup  # noqa: E402


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    a = App(size=(960, 540), store=Store(MemoryStorage(), language="en"), headless=True)
    a.settings["animation"] = "fast"
    a.start()
    a.frame(0.02)
    yield a
    pygame.event.clear()


def _table(app, want: str) -> TableScene:  # type: ignore[no-untyped-def]
    table = TableScene(app, MatchController(bock_match(want=want), human=0, seed=1))
    app.push(table)
    settle(app, table)
    return table


def _texts(app) -> list[str]:  # type: ignore[no-untyped-def]
    """Every text drawn in one frame."""
    app.painter.boxes = []
    app.frame(0.02)
    found = [b.label for b in app.painter.boxes if b.kind == "text"]
    app.painter.boxes = None
    return found


def test_the_person_declares_a_grand_hand_in_a_ramsch_round(app) -> None:  # type: ignore[no-untyped-def]
    table = _table(app, "ramsch")
    hand = table.c.hand
    assert hand.phase == 3 and hand.declarer is None and hand.to_move == 0
    dlg = table.current_dialog()
    assert dlg is not None and dlg.title == "Ramsch round"
    assert [b.label for b in dlg.group.buttons] == ["Play the Ramsch", "Grand Hand"]
    assert any("Ramsch round" in s for s in _texts(app))  # the info names the round
    click(app, button_center(table, "Grand Hand"))
    settle(app, table)
    assert (hand.declarer, hand.game, hand.hand_game) == (0, GameType.GRAND, True)


def test_the_person_plays_the_ramsch_and_the_others_decide(app) -> None:  # type: ignore[no-untyped-def]
    table = _table(app, "ramsch")
    hand = table.c.hand
    click(app, button_center(table, "Play the Ramsch"))
    settle(app, table)
    assert hand.history[0] == 38  # NO_CALL
    assert hand.phase > 3 or hand.declarer not in (None, 0)  # the Ramsch began, or a computer declared


def test_a_bock_game_is_named_at_the_table_and_marked_on_the_sheet(app) -> None:  # type: ignore[no-untyped-def]
    table = _table(app, "bock")
    assert any(s.endswith("· Bock") for s in _texts(app))
    m = table.c.match
    app.push(SheetScene(app, table.c))
    texts = _texts(app)
    shown = m.sheet[:12]  # the sheet's first page
    assert sum(1 for s in texts if s == "B") == sum(1 for r in shown if r.round == "bock") > 0
    waiting = m.rounds_waiting()
    assert any(f"Bock games to come: {waiting['bock']}" in s for s in texts)
    assert any(s.startswith("B Bock game") for s in texts)  # the legend
    doubled = [r for r in shown if r.round == "bock" and r.result.value]
    assert doubled
    for r in doubled:
        assert f"{r.result.value * 2:+d}" in texts


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_club_evening_preset_and_the_house_page_set_bock_rounds(lang: str) -> None:
    a = make_app(lang)
    setup = open_setup(a)
    forward(a, setup, "preset")
    forward(a, setup, "preset")  # ISkO, Lothar's table, Club evening
    assert setup.rules() == STAMMTISCH and setup.state["preset"] == "stammtisch"
    forward(a, setup, "page")
    keys = [r.key for r in setup.rows]
    assert "bock_events" in keys and "ramsch_round" in keys
    forward(a, setup, "bock_events")  # classic -> all
    assert setup.rules() == STAMMTISCH.with_options(bock_events="all") and setup.state["preset"] == "stammtisch"
    assert setup.preset_label == a.t("preset.custom")
    click(a, (setup.start.x + 10, setup.start.y + 10))
    table = a.stack.top
    assert isinstance(table, TableScene) and table.c.match.rules.bock_events == "all"


def test_the_result_of_a_bock_game_says_what_the_sheet_writes(app) -> None:  # type: ignore[no-untyped-def]
    from skat.lab.shots import _drive
    from skat.ui.result import ResultScene

    table = _table(app, "bock")
    _drive(table, lambda hand, pl: hand.legal_actions()[-1] if hand.phase < 6 else hand.legal_actions()[0])
    for _ in range(400):
        if isinstance(app.stack.top, ResultScene):
            break
        app.frame(0.05)
    assert isinstance(app.stack.top, ResultScene)
    row = table.c.match.sheet[-1]
    assert row.round == "bock" and row.factor == 2
    assert row.result.value  # this deal's scripted play ends in a game with a value
    assert f"Bock game: x 2 = {row.result.value * 2:+d} on the sheet" in _texts(app)
