"""The house rules of issue 21, each from the worked example in docs/rules-decisions.md.

Each test drives the real state machine (``SkatHand``) with a constructed deal and a
scripted, legal play; the engine refuses anything illegal.  Seats: 0 forehand,
1 middlehand, 2 rearhand.
"""

from __future__ import annotations

from skat.engine import GameType, SkatHand, parse_action, parse_card
from skat.engine.cards import mask_of, mask_points
from skat.engine.deal import SkatDeal
from skat.engine.rules import LOTHAR, Rules

FH, MH, RH = 0, 1, 2


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def deal(fh: str, mh: str, rh: str, skat: str) -> SkatDeal:
    return SkatDeal.from_hands(cards(fh), cards(mh), cards(rh), cards(skat))


def act(hand: SkatHand, script: str) -> None:
    for token in script.split():
        hand.apply(parse_action(token))


def play_tricks(hand: SkatHand, tricks: list[tuple[str, int]]) -> None:
    for text, winner in tricks:
        for token in text.split():
            hand.apply(parse_card(token))
        assert hand.tricks[-1].winner == winner, text


# The Ramsch of tests/test_rule_examples.py (rules decision 6).
RAMSCH_DEAL = (
    "D9 H8 H9 HT S7 C7 C9 CT CQ CA",
    "D7 D8 DJ DK H7 HJ HQ HA S8 CJ",
    "DT DQ DA HK S9 ST SJ SK C8 CK",
    "SQ SA",
)
RAMSCH_PLAY = [
    ("CT D7 C8", FH), ("CQ S8 CK", RH), ("DQ D9 D8", RH), ("S9 S7 HQ", RH), ("HK H8 HA", MH),
    ("CJ SJ CA", MH), ("DJ DA C7", MH), ("HJ ST C9", MH), ("DK DT HT", RH), ("SK H9 H7", RH),
]


def _ramsch(rules: Rules) -> SkatHand:
    h = SkatHand(rules, deal(*RAMSCH_DEAL))
    act(h, "pass pass pass")
    assert h.game == GameType.RAMSCH
    play_tricks(h, RAMSCH_PLAY)
    return h


def test_skat_to_the_last_trick_is_todays_ramsch() -> None:
    """Decision 27: tricks 10 / 55 / 41, the skat (SQ SA, 14) to rearhand, who took the last
    trick: 55 and 55, middlehand is earlier and loses 55."""
    r = _ramsch(LOTHAR).result
    assert r is not None and r.points == (10, 55, 55) and r.scores == (0, -55, 0)


def test_skat_to_the_loser_adds_it_to_the_most_points_in_tricks() -> None:
    """Decision 27: with the skat to the loser, middlehand (55 in tricks, the most) gets the 14
    and loses 69; rearhand keeps 41."""
    h = _ramsch(LOTHAR.with_options(ramsch_skat="loser"))
    r = h.result
    assert r is not None and mask_points(h.skat) == 14 and h.skat == mask_of(cards("SQ SA"))
    assert r.points == (10, 69, 41) and r.declarer == MH and r.scores == (0, -69, 0)
    assert sum(r.points) == 120
