"""What happened in the bidding stays in view (issue 7, finding 6): the status
panel shows each bidder's last call until play starts, then the declared game
with its bid; speech bubbles stay long enough to be read.  Driven by clicks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine import actions as A  # noqa: E402
from skat.engine.cards import parse_card  # noqa: E402
from skat.engine.deal import SkatDeal  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.layout import RATIO  # noqa: E402
from skat.ui.painter import DrawnBox  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, make_app, press_in_dialog, settle  # noqa: E402

PANEL = pygame.Rect(10, 10, 300, 112)  # the status panel, logical


def cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def drawn(app: App) -> list[DrawnBox]:
    p = app.painter
    p.start_recording()
    app.draw()
    return p.stop_recording()


def panel_texts(app: App) -> list[str]:
    area = app.painter.rect(*PANEL)
    return [b.label for b in drawn(app) if b.kind == "text" and area.contains(b.rect)]


def bubbles(app: App) -> list[str]:
    return [b.label for b in drawn(app) if b.kind == "bubble"]


def strong_forehand_table(app: App) -> TableScene:
    """The person is forehand with a Grand; the others hold nothing and pass."""
    fh = cards("CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "SA", "ST", "HA")
    mh = cards("C8", "S9", "SQ", "H7", "HT", "HK", "D8", "DT", "DK", "C9")
    rh = cards("C7", "CQ", "S7", "S8", "SK", "H8", "H9", "HQ", "D9", "DQ")
    match = Match.new("skat", ISKO, players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(fh, mh, rh, cards("D7", "DA")).deck)
    table = TableScene(app, MatchController(match, human=0, seed=1))
    app.push(table)
    settle(app, table)
    return table


@pytest.mark.parametrize(("lang", "passed", "play18", "take", "put", "grand", "declarer"), [
    ("en", "Ben: passed", "Play at 18", "Take the skat", "Put away", "Grand · bid to 18", "Declarer: You"),
    ("de", "Ben: passt", "18 spielen", "Skat aufnehmen", "Drücken", "Grand · gereizt bis 18",
     "Alleinspieler: Du"),
])
def test_the_status_panel_keeps_the_bidding_until_play_then_shows_game_and_bid(
    lang: str, passed: str, play18: str, take: str, put: str, grand: str, declarer: str,
) -> None:
    app = make_app(lang, animation="fast")
    table = strong_forehand_table(app)
    hand = table.c.hand
    assert hand.phase == 0 and A.PASS in hand.history  # both others passed
    shown = " · ".join(panel_texts(app))
    assert passed in shown and "Clara: " in shown
    press_in_dialog(app, table, play18)
    shown = " · ".join(panel_texts(app))
    assert passed in shown and ": 18" in shown  # the person's own call joins the others
    press_in_dialog(app, table, take)
    for c in cards("D7", "DA"):
        sp = table.sprites[c]
        click(app, (sp.x, sp.y + sp.w * RATIO / 2 - 12))
    shown = " · ".join(panel_texts(app))
    assert passed in shown  # still there while the skat is put away
    press_in_dialog(app, table, put)
    press_in_dialog(app, table, "Grand")
    assert hand.phase == 6
    shown = panel_texts(app)
    assert grand in shown and declarer in shown and not any(passed in s for s in shown)


def test_the_bidding_shows_after_a_resume_without_any_event() -> None:
    app = make_app("en", animation="fast")
    table = strong_forehand_table(app)
    app.pop()
    fresh = TableScene(app, table.c)  # what loading a saved match does: the same state, no events
    app.push(fresh)
    settle(app, fresh)
    assert not fresh.bubbles
    shown = " · ".join(panel_texts(app))
    assert "Ben: passed" in shown and "Clara: passed" in shown


def test_speech_bubbles_stay_long_enough_to_read() -> None:
    app = make_app("en", animation="fast")
    strong_forehand_table(app)
    assert bubbles(app).count("Pass") == 2
    for _ in range(60):  # three more seconds with nothing happening
        app.frame(0.05)
    assert bubbles(app).count("Pass") == 2
