"""The person plays the house rules' calls at the table by mouse: takes the skat in Schieberamsch
and pushes two cards (a Jack is refused), passes it on unseen, knocks; the set-up's second page
sets them and the match starts with them."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine import actions as A  # noqa: E402
from skat.engine.cards import parse_card  # noqa: E402
from skat.engine.deal import SkatDeal  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import LOTHAR  # noqa: E402
from skat.engine.tricks import GameType  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
import uihelp  # noqa: E402
from test_ui import button_center, card_center, cards, click, settle  # noqa: E402
from test_ui_setup import forward, make_app, open_setup  # noqa: E402

FH = "CJ SJ CA CT CK SA ST HA DA DK"
MH = "C9 C8 S9 S8 S7 H9 H8 H7 D9 D8"
RH = "CQ SQ SK HK HQ HT HJ DJ DQ D7"
SKAT = "C7 DT"


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    yield uihelp.make_app("en", size=(960, 540), animation="fast")
    pygame.event.clear()


def _table(app, rules) -> TableScene:  # type: ignore[no-untyped-def]
    match = Match.new("skat", rules, players=3, hands=3, seed=1, first_dealer=2)  # the person is forehand
    match.redeal(SkatDeal.from_hands(cards(*FH.split()), cards(*MH.split()), cards(*RH.split()),
                                     cards(*SKAT.split())).deck)
    table = TableScene(app, MatchController(match, human=0, seed=1))
    app.push(table)
    settle(app, table)
    return table


def test_the_person_takes_the_skat_pushes_two_cards_and_knocks(app) -> None:  # type: ignore[no-untyped-def]
    table = _table(app, LOTHAR.with_options(ramsch_always=True, schieberamsch=True, klopfen=True))
    hand = table.c.hand
    assert hand.game == GameType.RAMSCH and hand.phase == 1 and hand.to_move == 0
    click(app, button_center(table, "Take the skat"))
    settle(app, table)
    assert hand.phase == 2 and sorted(table.skat_in_hand()) == sorted(cards("C7", "DT"))  # marked as from the skat
    click(app, card_center(table, parse_card("CJ")))  # a Jack may not be pushed
    assert table.selected == set()
    for c in cards("CA", "SA"):
        click(app, card_center(table, c))
    assert table.selected == set(cards("CA", "SA"))
    click(app, button_center(table, "Push"))
    settle(app, table)  # the computers take or pass the skat on, then the knocking comes to the person
    assert hand.history[0] == A.PICKUP and sorted(hand.history[1:3]) == sorted(cards("CA", "SA"))
    assert hand.phase == 4 and hand.to_move == 0
    dlg = table.current_dialog()
    assert dlg is not None and dlg.title == "Knock?"
    click(app, button_center(table, "Knock!"))
    settle(app, table)
    assert hand.knocked[:1] == [0] and (hand.phase == 6 or hand.done)


def test_the_person_passes_the_skat_on_unseen(app) -> None:  # type: ignore[no-untyped-def]
    table = _table(app, LOTHAR.with_options(ramsch_always=True, schieberamsch=True))
    hand = table.c.hand
    click(app, button_center(table, "Pass it on"))
    settle(app, table)
    assert hand.skat_passed[:1] == [0] and hand.hands[0] == sum(1 << c for c in cards(*FH.split()))
    assert hand.phase == 6  # the others decided; play begins with the person's lead


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_second_page_of_the_set_up_sets_the_house_rules(lang: str) -> None:
    a = make_app(lang)
    setup = open_setup(a)
    forward(a, setup, "preset")  # Lothar's table (Ramsch when all pass)
    assert setup.page == "main" and not any(r.key == "schieberamsch" for r in setup.rows)
    forward(a, setup, "page")
    assert setup.page == "house"
    for k in ("schieberamsch", "klopfen", "ramsch_skat", "kontra_bidders_only"):
        forward(a, setup, k)
    rules = setup.rules()
    assert rules == LOTHAR.with_options(schieberamsch=True, klopfen=True, ramsch_skat="loser",
                                        kontra_bidders_only=True)
    forward(a, setup, "page")  # the third page: Schenken and Revolution
    assert setup.page == "more" and {r.key for r in setup.rows} >= {"schenken", "revolution"}
    forward(a, setup, "page")  # back to the first page: the options stay
    assert setup.page == "main" and setup.rules() == rules
    click(a, (setup.start.x + 10, setup.start.y + 10))
    table = a.stack.top
    assert isinstance(table, TableScene) and table.c.match.rules == rules
    assert a.services.store.load_match().match.rules == rules
