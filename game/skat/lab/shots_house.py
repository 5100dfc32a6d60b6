"""Screenshot states of Schenken and Revolution (rules decisions 48-53): the gift asked of the
person as a defender and as the declarer, its result, a Revolution declared and its exchange."""

from __future__ import annotations

from collections.abc import Iterator

from ..engine import actions as A
from ..engine.cards import parse_card
from ..engine.deal import SkatDeal
from ..engine.match import Match
from ..engine.rules import ISKO
from ..engine.tricks import GameType
from .shots import _drive, _frames, settle

GIFT_DEAL = ("CJ SJ HJ DJ CA CT C9 C7 HA D8", "CK C8 SA ST SK HK H9 DA DK D9", "CQ SQ S9 S8 S7 HT HQ H8 DT DQ",
             "H7 D7")
REVOLUTION_DEAL = ("D7 D9 DK SJ SQ SA C7 C8 CQ CA", "D8 DT DQ DA HJ S7 C9 CT CJ CK", "H7 H8 H9 HT HQ HK HA S8 S9 SK",
                   "DJ ST")


def _table(app, rules, deal: tuple[str, ...], human: int):
    from ..ui.controller import MatchController
    from ..ui.menu import TitleScene
    from ..ui.table import TableScene

    match = Match.new("skat", rules, players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(*[[parse_card(c) for c in text.split()] for text in deal]).deck)
    t = TableScene(app, MatchController(match, human=human, strength="normal", seed=1))
    app.stack.reset(TitleScene(app))
    app.push(t)
    return t


def _script(tokens: list[int]):
    """A policy that plays ``tokens`` in turn, then stops."""
    todo = list(tokens)
    return lambda hand, player: todo.pop(0) if todo else None


def house_call_states(app) -> Iterator[str]:
    from ..ui.result import ResultScene

    schenken = ISKO.with_options(schenken=True)
    clubs_hand = [A.PASS, A.PASS, A.bid(18), A.HAND, A.declare(GameType.CLUBS)]
    # The person in middlehand is asked; then rearhand gives too and forehand declines for Schneider.
    t = _table(app, schenken, GIFT_DEAL, human=1)
    _drive(t, _script(clubs_hand))
    settle(app)
    yield "17l-schenken-offer"
    _drive(t, _script([A.GIFT, A.GIFT, A.GIFT_SCHNEIDER]))
    settle(app)
    yield "17m-schenken-declined"
    # The person declares; both defenders give: the answer, then the result of a gift taken.
    t = _table(app, schenken, GIFT_DEAL, human=0)
    _drive(t, _script([*clubs_hand, A.GIFT, A.GIFT]))
    settle(app)
    yield "17n-schenken-answer"
    t.apply_human(A.GIFT_TAKEN)
    settle(app, until=lambda: isinstance(app.stack.top, ResultScene))
    yield "17o-schenken-result"
    # Revolution: the person in rearhand toggles it in the declaration dialog.
    revolution = ISKO.with_options(revolution=True)
    t = _table(app, revolution, REVOLUTION_DEAL, human=2)
    _drive(t, _script([A.PASS, A.bid(18), A.PASS, A.HAND]))
    settle(app)
    t.toggle_mod("revolution")
    t.dialog_key = None
    _frames(app, 1)
    yield "17p-revolution-declare"
    # The person in forehand defends: the partner's cards face up, the club Ace and the spade 7 picked.
    t = _table(app, revolution, REVOLUTION_DEAL, human=0)
    _drive(t, _script([A.PASS, A.bid(18), A.PASS, A.HAND, A.declare(GameType.NULL, revolution=True)]))
    settle(app)
    t.input.toggle_exchange(parse_card("CA"))
    t.input.toggle_exchange(parse_card("S7"))
    settle(app)
    yield "17q-revolution-exchange"
    t.swap_selected()
    settle(app)
    _drive(t, _script([A.NO_CALL, A.NO_CALL]))
    settle(app)
    yield "17r-revolution-play"
