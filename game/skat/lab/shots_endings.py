"""The screenshot tour's states for ending a hand early (issue 20, points 1 to 5; rules
decisions 23 and 24): the toolbar's claim, give-up and take-back buttons, the two questions,
a claim judged and a decided hand laid open, each with the line that says why."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..engine import actions as A
from ..engine.cards import parse_card
from ..engine.deal import SkatDeal
from ..engine.match import Match
from ..engine.rules import ISKO
from ..ui.app import App
from ..ui.controller import MatchController
from ..ui.menu import TitleScene
from ..ui.overlays import ConfirmScene
from ..ui.result import ResultScene
from ..ui.table import TableScene

TOP_GRAND = ("CJ SJ HJ DJ CA CT SA ST HA HT", "CK CQ C9 C8 SK SQ S9 HK HQ DA",
             "C7 S8 S7 H9 H8 H7 DT DK DQ D9", "D8 D7")
"""The person (forehand) holds four jacks and the top of clubs, spades and hearts: a Grand
Hand that takes every trick, so a claim holds and the hand is decided from the first card."""


def _table(app: App, tricks: int = 0) -> TableScene:
    """The person declares Grand Hand on :data:`TOP_GRAND` and ``tricks`` tricks are played."""
    cards = [[parse_card(c) for c in h.split()] for h in TOP_GRAND]
    deck = SkatDeal.from_hands(cards[0], cards[1], cards[2], cards[3]).deck
    match = Match.new("skat", ISKO, players=3, hands=3, seed=1, first_dealer=2, deck=deck)
    for token in ("pass", "pass", "18", "hand", "game:G"):
        match.apply(A.parse_action(token))
    hand = match.current
    assert hand is not None
    while len(hand.tricks) < tricks:
        match.apply(hand.legal_actions()[0])
    table = TableScene(app, MatchController(match, human=0, seed=1))
    app.stack.reset(TitleScene(app))
    app.push(table)
    return table


def _frames_until(app: App, done: Callable[[], bool], limit: int = 4000) -> None:
    for _ in range(limit):
        if done():
            return
        app.frame(0.02)


def _frames(app: App, n: int) -> None:
    for _ in range(n):
        app.frame(0.02)


def ending_states(app: App) -> Iterator[str]:
    """Yields a name for each state; leaves the settings as it found them."""
    saved = {k: app.settings.get(k) for k in ("takeback", "shorten")}
    app.settings["takeback"] = True
    app.settings["shorten"] = False
    table = _table(app)
    _frames_until(app, lambda: table.c.human_to_move and not table.animating)
    app.frame(0.02)
    yield "22-endings-offered"  # claim, give up and take back on the toolbar
    table.ask_claim()
    app.frame(0.02)
    yield "22b-claim-question"
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    question.group.buttons[0].action()  # "Claim the rest"
    _frames_until(app, lambda: table.c.hand.done and table.c.ending is not None)
    _frames(app, 20)
    yield "22c-claim-holds"  # the cards laid open, the line saying why
    _frames_until(app, lambda: isinstance(app.stack.top, ResultScene))
    _frames(app, 2)
    yield "22d-claim-result"
    table = _table(app)
    _frames_until(app, lambda: table.c.human_to_move and not table.animating)
    table.ask_concede()
    app.frame(0.02)
    yield "23-give-up-question"
    app.settings["shorten"] = True
    table = _table(app, tricks=5)
    _frames_until(app, lambda: table.c.hand.done and table.c.ending is not None)
    _frames(app, 20)
    yield "24-decided-hand-laid-open"
    app.settings.update(saved)
    app.stack.reset(TitleScene(app))
