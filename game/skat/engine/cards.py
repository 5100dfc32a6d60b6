"""Cards as ints 0..31 and card sets as 32-bit masks.

A card is ``suit * 8 + rank``.  Suits are numbered by their Skat base value
(diamonds 9 < hearts 10 < spades 11 < clubs 12) so that ``suit`` doubles as a
tie-break order; ranks are in the natural face order 7 8 9 10 J Q K A.  Trick
strength depends on the game and lives in :mod:`skat.engine.tricks`.

>>> card_name(parse_card("CJ"))
'CJ'
>>> mask_points(mask_of([parse_card(c) for c in ("CA", "HT", "SK")]))
25
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

DIAMONDS, HEARTS, SPADES, CLUBS = 0, 1, 2, 3
SUITS = (DIAMONDS, HEARTS, SPADES, CLUBS)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

SUIT_LETTERS = "DHSC"
RANK_LETTERS = "789TJQKA"
RANK_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)

ALL_CARDS = (1 << 32) - 1
CARD_POINTS = tuple(RANK_POINTS[c & 7] for c in range(32))
JACKS_MASK = sum(1 << (s * 8 + JACK) for s in SUITS)
SUIT_MASKS = tuple(0xFF << (8 * s) for s in SUITS)

# Points of every byte value of one suit, for fast point counts of a mask.
_BYTE_POINTS = tuple(sum(RANK_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256))


def card(suit: int, rank: int) -> int:
    return suit * 8 + rank


def card_name(c: int) -> str:
    """ISS-style name: suit letter then rank letter, e.g. ``CJ``, ``HT``."""
    if not 0 <= c < 32:
        raise ValueError(f"not a card: {c!r}")
    return SUIT_LETTERS[c >> 3] + RANK_LETTERS[c & 7]


def parse_card(text: str) -> int:
    """Parse ``CJ``/``HT``/``D7`` (also ``H10``) into a card int."""
    t = text.strip().upper()
    if t.endswith("10") and len(t) == 3:
        t = t[0] + "T"
    if len(t) != 2 or t[0] not in SUIT_LETTERS or t[1] not in RANK_LETTERS:
        raise ValueError(f"not a card: {text!r}")
    return SUIT_LETTERS.index(t[0]) * 8 + RANK_LETTERS.index(t[1])


def bit(c: int) -> int:
    return 1 << c


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """Cards of a mask in ascending order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    return mask.bit_count()


def mask_points(mask: int) -> int:
    """Card points (Augen) of a set of cards."""
    return (
        _BYTE_POINTS[mask & 0xFF]
        + _BYTE_POINTS[mask >> 8 & 0xFF]
        + _BYTE_POINTS[mask >> 16 & 0xFF]
        + _BYTE_POINTS[mask >> 24 & 0xFF]
    )


def names(mask_or_cards: int | Iterable[int]) -> str:
    cs = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return " ".join(card_name(c) for c in cs)
