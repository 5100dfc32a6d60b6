"""Game values: the bidding ladder, matadors, and the Skat value formula.

>>> BID_VALUES[:8]
(18, 20, 22, 23, 24, 27, 30, 33)
>>> BID_VALUES[-1]
264
>>> matadors(GameType.CLUBS, mask_of([parse_card("CJ"), parse_card("SJ")]))
2
"""

from __future__ import annotations

from .cards import mask_of, parse_card  # noqa: F401  (doctest names)
from .tricks import GameType, trump_order

NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
"""Null game values keyed by (hand, ouvert)."""
NULL_STEPS = (23, 35, 46, 59)
REVOLUTION_VALUE = 92
"""A Revolution's value, from the skat or Hand alike (rules decision 51)."""

MAX_SUIT_MULTIPLIER = 11 + 7  # with 11, game, hand, schneider (+ann), schwarz (+ann), ouvert
MAX_GRAND_MULTIPLIER = 4 + 7


def _ladder() -> tuple[int, ...]:
    values = set(NULL_STEPS)
    for base in (9, 10, 11, 12):
        values.update(base * m for m in range(2, MAX_SUIT_MULTIPLIER + 1))
    values.update(24 * m for m in range(2, MAX_GRAND_MULTIPLIER + 1))
    return tuple(sorted(values))


BID_VALUES: tuple[int, ...] = _ladder()
BID_INDEX = {v: i for i, v in enumerate(BID_VALUES)}

_LADDERS = {gt: tuple(trump_order(gt)) for gt in GameType if gt.is_suit or gt == GameType.GRAND}
_JACK_LADDER = _LADDERS[GameType.GRAND]


def matadors(gt: GameType | int, cards: int, jacks_only: bool = False) -> int:
    """Signed matadors: +n "with n", -n "without n" over the card mask ``cards``.

    Suit games count through all 11 trumps, Grand through the 4 Jacks;
    ``jacks_only`` stops at the Jacks (standard Officers' Skat).
    """
    ladder = _JACK_LADDER if jacks_only else _LADDERS[GameType(gt)]
    have = cards >> ladder[0] & 1
    n = 0
    for c in ladder:
        if (cards >> c & 1) != have:
            break
        n += 1
    return n if have else -n


def smallest_multiple_reaching(base: int, bid: int) -> int:
    """Overbid charge: the smallest multiple of ``base`` that is at least ``bid``."""
    return -(-bid // base) * base


def next_null_step(bid: int) -> int | None:
    for v in NULL_STEPS:
        if v >= bid:
            return v
    return None

