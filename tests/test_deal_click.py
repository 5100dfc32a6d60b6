"""A click during the deal lands every card at once, face up where the person may see it.

A card still waiting on the deck shows its face only when its flight begins; the first event
after the deal re-lays the table out, and that used to start a turn-over on such a card as
well, so a click that finished both turned the person's cards over twice: they stayed face
down while the game asked for a bid (seen in the screenshot tour, where the tour skips the
deal the same way)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, make_app  # noqa: E402


@pytest.mark.parametrize("animation", ["normal", "fast"])
@pytest.mark.parametrize("frames", [1, 3, 8, 20])
@pytest.mark.parametrize(("game", "rules", "players", "dealer"), [("skat", ISKO, 3, 1), ("skat", ISKO, 4, 3),
                                                                   ("officers", OFFICERS, 2, 1)])
def test_a_click_during_the_deal_leaves_the_cards_as_the_seat_sees_them(  # type: ignore[no-untyped-def]
        game: str, rules, players: int, dealer: int, frames: int, animation: str) -> None:
    app = make_app("en", animation=animation)
    match = Match.new(game, rules, players=players, hands=players, seed=11, first_dealer=dealer)
    table = TableScene(app, MatchController(match, human=0, seed=11))
    app.push(table)
    for _ in range(frames):
        app.frame(1 / 60)
    click(app, (640, 300))  # the middle of the table: lands what is in flight
    targets = table.targets()
    wrong = [c for c, tg in targets.items() if table.sprites[c].face_up != tg.face_up and table.sprites[c].flip >= 1]
    assert wrong == [], f"cards {wrong} show the wrong face after the click"
    shown = [c for c, tg in targets.items() if tg.face_up]
    assert shown  # the person's own cards at least
