"""The person announces Spitze at the table by the declaration dialog's Spitze toggle: only the
games whose Spitze card the hand holds stay enabled, the value grows by its level, the table
shows the Spitze card to everyone, and the set-up's house page sets the option."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine.deal import SkatDeal  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO  # noqa: E402
from skat.engine.tricks import GameType  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
import uihelp  # noqa: E402
from test_ui import button_center, cards, click, settle  # noqa: E402
from test_ui_setup import forward, make_app, open_setup  # noqa: E402

FH = "CJ SJ HJ DJ CA CT C9 C7 HA D8"
MH = "CK C8 SA ST SK HK H9 DA DK D9"
RH = "CQ SQ S9 S8 S7 HT HQ H8 DT DQ"
SKAT = "H7 D7"


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    yield uihelp.make_app("en", size=(960, 540), animation="fast")
    pygame.event.clear()


def test_the_person_announces_spitze_and_the_table_shows_its_card(app) -> None:  # type: ignore[no-untyped-def]
    match = Match.new("skat", ISKO.with_options(spitze=1), players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(cards(*FH.split()), cards(*MH.split()), cards(*RH.split()),
                                     cards(*SKAT.split())).deck)
    table = TableScene(app, MatchController(match, human=0, seed=1))
    app.push(table)
    settle(app, table)
    hand = table.c.hand
    if hand.phase == 0:  # both others passed: play at 18
        click(app, button_center(table, "Play at 18"))
        settle(app, table)
    click(app, button_center(table, "Play Hand"))
    settle(app, table)
    dlg = table.current_dialog()
    assert dlg is not None
    plain = {b.label: (b.enabled, b.note) for b in dlg.group.buttons}
    click(app, button_center(table, "Spitze"))
    dlg = table.current_dialog()
    assert dlg is not None
    spitze = {b.label: (b.enabled, b.note) for b in dlg.group.buttons}
    assert spitze["Clubs"][0] and not spitze["Hearts"][0] and not spitze["Grand"][0]  # the club 7; four Jacks
    assert plain["Clubs"] == (True, "~96") and spitze["Clubs"] == (True, "~108")  # with 6, game, Hand: +1 level
    click(app, button_center(table, "Clubs"))
    settle(app, table)
    assert hand.game == GameType.CLUBS and hand.spitze and hand.declarer == 0
    app.painter.boxes = []
    app.frame(0.02)
    texts = [b.label for b in app.painter.boxes if b.kind == "text"]
    app.painter.boxes = None
    assert any("Spitze: " in s and "7" in s for s in texts), texts  # the card, shown to all


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_house_page_sets_spitze(lang: str) -> None:
    a = make_app(lang)
    setup = open_setup(a)
    forward(a, setup, "page")
    forward(a, setup, "spitze")
    assert setup.rules().spitze == 1
    forward(a, setup, "spitze")
    assert setup.rules() == ISKO.with_options(spitze=2)
