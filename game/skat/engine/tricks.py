"""Game types, trumps, following suit and trick winners, as precomputed tables.

Every game type gets three 32-entry tables built once at import: which cards
must follow a lead (``FOLLOW``), the trump mask, and a strength (``POWER``).
Legal play and trick winners are then a couple of mask operations, which is
what makes thousands of random hands per second possible in pure Python.
"""

from __future__ import annotations

from enum import IntEnum

from .cards import CLUBS, JACK, JACKS_MASK, SUIT_MASKS, SUITS


class GameType(IntEnum):
    """What is played.  The first four double as suit numbers."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3
    GRAND = 4
    NULL = 5
    RAMSCH = 6  # Skat's Ramsch: Jacks trump as in Grand
    NO_TRUMP = 7  # Officers' Ramsch: no trumps at all, not even the Jacks

    @property
    def is_suit(self) -> bool:
        return self <= 3

    @property
    def key(self) -> str:
        return self.name.lower()


BASE_VALUES = {
    GameType.DIAMONDS: 9,
    GameType.HEARTS: 10,
    GameType.SPADES: 11,
    GameType.CLUBS: 12,
    GameType.GRAND: 24,
}

# Strength of a rank within a plain suit, indexed by rank (7 8 9 T J Q K A).
_NORMAL = (0, 1, 2, 5, -1, 3, 4, 6)  # Jack never in a plain suit of a trump game
_NULL = (0, 1, 2, 3, 4, 5, 6, 7)  # A K Q J 10 9 8 7
_NO_TRUMP = (0, 1, 2, 6, 3, 4, 5, 7)  # A 10 K Q J 9 8 7 (documented decision)


def _tables(gt: GameType) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    if gt == GameType.NULL:
        trumps, order = 0, _NULL
    elif gt == GameType.NO_TRUMP:
        trumps, order = 0, _NO_TRUMP
    elif gt.is_suit:
        trumps, order = JACKS_MASK | SUIT_MASKS[gt], _NORMAL
    else:  # Grand, Ramsch
        trumps, order = JACKS_MASK, _NORMAL
    follow = []
    power = []
    for c in range(32):
        suit, rank = c >> 3, c & 7
        if trumps >> c & 1:
            follow.append(trumps)
            power.append(110 + suit if rank == JACK else 100 + order[rank])
        else:
            follow.append(SUIT_MASKS[suit] & ~trumps)
            power.append(order[rank])
    return trumps, tuple(follow), tuple(power)


_ALL = [_tables(gt) for gt in GameType]
TRUMPS: tuple[int, ...] = tuple(t[0] for t in _ALL)
FOLLOW: tuple[tuple[int, ...], ...] = tuple(t[1] for t in _ALL)
POWER: tuple[tuple[int, ...], ...] = tuple(t[2] for t in _ALL)
del _ALL


def legal_follow(gt: int, lead: int, hand: int) -> int:
    """Cards of ``hand`` (mask) that may be played to a trick led by ``lead``."""
    m = hand & FOLLOW[gt][lead]
    return m if m else hand


def trick_winner(gt: int, trick: list[int] | tuple[int, ...]) -> int:
    """Index into ``trick`` of the winning card."""
    follow = FOLLOW[gt][trick[0]]
    trumps = TRUMPS[gt]
    power = POWER[gt]
    best, best_key = 0, power[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        if (trumps | follow) >> c & 1:
            k = power[c]
            if k > best_key:
                best, best_key = i, k
    return best


def strongest(gt: int, mask: int) -> int:
    """The card of ``mask`` that beats all its others in a trick of game ``gt``
    (by :data:`POWER`; -1 for an empty mask).

    >>> from skat.engine.cards import ACE, DIAMONDS, JACK
    >>> jack, ace = DIAMONDS * 8 + JACK, DIAMONDS * 8 + ACE
    >>> strongest(GameType.GRAND, 1 << jack | 1 << ace) == jack  # a Jack is a trump in Grand
    True
    >>> strongest(GameType.NULL, 1 << jack | 1 << ace) == ace  # in Null the Ace is highest
    True
    """
    power = POWER[gt]
    best, best_power = -1, -1000
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        if power[c] > best_power:
            best, best_power = c, power[c]
        mask ^= low
    return best


def trump_order(gt: int) -> list[int]:
    """Trumps from highest to lowest (the matador ladder)."""
    t = TRUMPS[gt]
    cards = [c for c in range(32) if t >> c & 1]
    return sorted(cards, key=lambda c: -POWER[gt][c])


def sort_key(gt: int | None, c: int) -> tuple[int, int]:
    """Sorting for display: trumps first, then suits clubs..diamonds, strong first."""
    if gt is None:
        gt = GameType.GRAND
    if TRUMPS[gt] >> c & 1:
        return (0, -POWER[gt][c])
    return (1 + (CLUBS - (c >> 3)), -POWER[gt][c])


assert set(SUITS) == {0, 1, 2, 3}
