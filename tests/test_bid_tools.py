"""The lab's bidding measurements (``tools/bid_discrimination.py``): the scores it
gives a hand before the skat."""

from __future__ import annotations

import random

from skat.engine.cards import parse_card
from skat.engine.tricks import GameType
from tool_modules import tool


def _mask(text: str) -> int:
    return sum(1 << parse_card(t) for t in text.split())


def test_the_double_dummy_score_wins_a_sure_grand_and_loses_a_hand_of_low_cards() -> None:
    """With every card open the chosen game of four Jacks and the top side cards is
    won on every sampled deal, a hand of sevens, eights and nines as a Null too, and a
    hand of scattered middle cards without a Jack or an Ace is lost on nearly every one;
    the game chosen discards two of its twelve cards."""
    tool("forced_declare")  # bid_discrimination imports it by name
    bids = tool("bid_discrimination")
    sure = _mask("CJ SJ HJ DJ CA CT CK SA ST HA")
    assert bids.double_dummy(sure, random.Random(1), 8) == 1.0
    game, (a, b), chance = bids.chosen_game(sure | _mask("D7 D8"))
    assert game == GameType.GRAND and chance > 0.9
    assert {a, b} <= {c for c in range(32) if (sure | _mask("D7 D8")) >> c & 1}
    assert bids.double_dummy(_mask("D7 D8 D9 H7 H8 H9 S7 S8 C7 C8"), random.Random(1), 8) == 1.0
    weak = _mask("D9 DQ HT HK S8 SK ST C9 CQ CK")
    assert bids.double_dummy(weak, random.Random(1), 8) <= 0.25
