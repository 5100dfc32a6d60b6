"""What a Skat auction says about each seat's hand.

One reading of the bidding for every player that weighs sampled worlds by
it: the expert's card play (:mod:`skat.ai.expert.sampling`) and its calls
(:mod:`skat.ai.expert.skat_calls`).  A seat that bid or held a value showed
a hand worth at least that; one that passed refused the next value it would
have had to say (a sayer) or to hold (a listener).  How much a bound weighs
is the caller's choice: the calls reject a world whose hands contradict it
(:func:`fits_auction`), the card play scales a world's weight by the chance
of the games the bound names (:func:`best_chance`).
"""

from __future__ import annotations

from ...engine import actions as A
from ...engine.tricks import GameType
from ...engine.values import BID_INDEX, BID_VALUES, NULL_VALUES
from .evaluation import TRUMP_GAMES, game_value, win_probability

Bounds = tuple[int, int]
"""(the least value a seat's hand showed, the first value it refused); 0: no bound."""


def bidding_bounds(bidding: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> dict[int, Bounds]:
    """Per seat that spoke, its :data:`Bounds`.  A sayer who passes refused
    the next value; a listener who passes refused to hold the value said.

    >>> from skat.engine import actions as A
    >>> bidding_bounds(((1, A.bid(18)), (0, A.HOLD), (1, A.bid(20)), (0, A.PASS), (2, A.PASS)))
    {0: (18, 20), 1: (20, 0), 2: (0, 22)}
    """
    lo = [0, 0, 0]
    hi = [0, 0, 0]
    current = 0
    previous: int | None = None
    for seat, action in bidding:
        if A.is_bid(action):
            current = A.bid_value(action)
            lo[seat] = max(lo[seat], current)
        elif action == A.HOLD:
            lo[seat] = max(lo[seat], current)
        elif action == A.PASS:
            asked_to_hold = previous is not None and A.is_bid(previous)
            if asked_to_hold:
                hi[seat] = current
            else:
                i = BID_INDEX[current] + 1 if current else 0
                hi[seat] = BID_VALUES[min(i, len(BID_VALUES) - 1)]
        previous = action
    return {s: (lo[s], hi[s]) for s in range(3) if lo[s] or hi[s]}


def hand_support(hand: int, forehand: bool) -> int:
    """Roughly the highest bid a sensible player would make with ``hand``:
    the value of the best game the hand-evaluation model gives an even
    chance before the skat (0: none)."""
    best = 0
    for g in TRUMP_GAMES:
        if win_probability(g, hand, forehand, "pre") >= 0.5:
            best = max(best, game_value(g, hand, False))
    if best < NULL_VALUES[(False, False)] and win_probability(GameType.NULL, hand, forehand, "pre") >= 0.5:
        best = NULL_VALUES[(False, False)]
    return best


def fits_bounds(support: int, bounds: Bounds) -> bool:
    """Does a hand that supports a bid of ``support`` fit ``bounds``, with room
    for players who bid a little higher or stop a little lower?"""
    lo, hi = bounds
    if lo and support < lo * 0.85:
        return False
    return not (hi and support >= hi + 6)


def fits_auction(hands: tuple[int, int, int], bounds: dict[int, Bounds]) -> bool:
    """Do the ten-card hands among ``hands`` fit their seats' bounds?"""
    for s, b in bounds.items():
        if hands[s].bit_count() == 10 and not fits_bounds(hand_support(hands[s], s == 0), b):
            return False
    return True


def best_chance(hand: int, forehand: bool, value: int) -> float:
    """The best chance (before the skat) of a game worth at least ``value``."""
    best = 0.0
    for g in TRUMP_GAMES:
        if game_value(g, hand, False) >= value or game_value(g, hand, True) >= value:
            best = max(best, win_probability(g, hand, forehand, "pre"))
    if NULL_VALUES[(False, False)] >= value:
        best = max(best, win_probability(GameType.NULL, hand, forehand, "pre"))
    return best
