"""Shuffling, cutting and dealing, always through an injected ``random.Random``.

The deal is explicit data: the dealt deck order.  Records store it, so a
replay never depends on a random generator's internals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import mask_of
from .errors import RecordError


def shuffled_deck(rng: random.Random) -> tuple[int, ...]:
    """Shuffle, then cut (each packet at least four cards, as the ISkO asks)."""
    deck = list(range(32))
    rng.shuffle(deck)
    cut = rng.randint(4, 28)
    return tuple(deck[cut:] + deck[:cut])


def check_deck(deck: object) -> tuple[int, ...]:
    """``deck`` as a tuple if it lists each card 0..31 exactly once, as ints (a float or ``True`` is no card)."""
    if (
        not isinstance(deck, (list, tuple))
        or len(deck) != 32
        or not all(type(c) is int for c in deck)
        or sorted(deck) != list(range(32))
    ):
        raise RecordError("a deck must list each of the 32 cards exactly once")
    return tuple(deck)


@dataclass(frozen=True)
class SkatDeal:
    """Hands of forehand, middlehand, rearhand and the skat, as masks."""

    deck: tuple[int, ...]
    hands: tuple[int, int, int]
    skat: int

    @classmethod
    def from_deck(cls, deck: tuple[int, ...] | list[int]) -> SkatDeal:
        """Deal 3 each, 2 to the skat, 4 each, 3 each, starting with forehand."""
        deck = check_deck(deck)
        hands = [[], [], []]  # type: list[list[int]]
        pos = 0
        for packet in (3, None, 4, 3):
            if packet is None:
                skat = deck[pos : pos + 2]
                pos += 2
                continue
            for seat in range(3):
                hands[seat].extend(deck[pos : pos + packet])
                pos += packet
        return cls(deck, (mask_of(hands[0]), mask_of(hands[1]), mask_of(hands[2])), mask_of(skat))

    @classmethod
    def from_hands(cls, fh: list[int], mh: list[int], rh: list[int], skat: list[int]) -> SkatDeal:
        """Build the deck order that deals exactly these hands (for ISS records)."""
        if len(fh) != 10 or len(mh) != 10 or len(rh) != 10 or len(skat) != 2:
            raise RecordError("a Skat deal needs 10 cards for each player and 2 in the skat")
        deck = fh[:3] + mh[:3] + rh[:3] + skat + fh[3:7] + mh[3:7] + rh[3:7] + fh[7:] + mh[7:] + rh[7:]
        return cls.from_deck(deck)

    @classmethod
    def random(cls, rng: random.Random) -> SkatDeal:
        return cls.from_deck(shuffled_deck(rng))
