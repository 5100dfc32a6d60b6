"""The order the person's cards are sorted in, as chosen in the settings.

Skat players sort differently: trumps on the left or the right, strong cards
first or last, the suits as a Skat list names them (Kreuz, Pik, Herz, Karo) or
the other way round, and often so that no two suits of one colour lie side by
side.  :func:`sorted_cards` is the one sort of a hand for display; the table
and the hand replay both reach it through :func:`skat.ui.layout.sorted_hand`,
which reads the order last set by :func:`set_order` (the settings do that
whenever they change, so a change shows at once).

>>> from skat.engine.cards import card_name, parse_card as c
>>> hand = [c(x) for x in ("CJ", "SA", "H7", "DT", "HA", "CA")]
>>> def names(cards): return [card_name(x) for x in cards]
>>> names(sorted_cards(hand, None, HandOrder()))
['CJ', 'CA', 'SA', 'HA', 'H7', 'DT']
>>> names(sorted_cards(hand, None, HandOrder(rank="ascending", trumps="right")))
['CA', 'SA', 'H7', 'HA', 'DT', 'CJ']
>>> names(sorted_cards(hand, None, HandOrder(alternate=True)))
['CJ', 'CA', 'HA', 'H7', 'SA', 'DT']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.tricks import POWER, TRUMPS, GameType

SUIT_ORDERS = ("skat", "reverse")
"""'skat': Kreuz, Pik, Herz, Karo (clubs to diamonds, as a list ranks them); 'reverse': Karo first."""
RANK_ORDERS = ("descending", "ascending")
TRUMP_SIDES = ("left", "right")
_RED = (0, 1)  # diamonds, hearts (Schellen and Herz in a German deck)


@dataclass(frozen=True)
class HandOrder:
    """How to lay out a hand: suit order, strong or weak first, trumps' side, colours alternating."""

    suits: str = "skat"
    rank: str = "descending"
    trumps: str = "left"
    alternate: bool = False

    @classmethod
    def from_settings(cls, settings: dict) -> HandOrder:
        """The order the settings name (``sort_suits``, ``sort_rank``, ``sort_trumps``, ``sort_alternate``);
        an unknown value falls back to the default for that part."""
        default = cls()
        suits = settings.get("sort_suits", default.suits)
        rank = settings.get("sort_rank", default.rank)
        trumps = settings.get("sort_trumps", default.trumps)
        return cls(suits if suits in SUIT_ORDERS else default.suits, rank if rank in RANK_ORDERS else default.rank,
                   trumps if trumps in TRUMP_SIDES else default.trumps, settings.get("sort_alternate") is True)


def _suit_sequence(order: HandOrder, suits: set[int]) -> list[int]:
    """The plain suits held, left to right: in the chosen order, then (if asked) black and red alternating,
    starting with the colour held in more suits (or, at a tie, the first one's)."""
    base = [3, 2, 1, 0] if order.suits == "skat" else [0, 1, 2, 3]
    held = [s for s in base if s in suits]
    if not order.alternate:
        return held
    red = [s for s in held if s in _RED]
    black = [s for s in held if s not in _RED]
    first, second = (black, red) if len(black) > len(red) or (len(black) == len(red) and held and held[0] not in _RED) \
        else (red, black)
    out: list[int] = []
    for i in range(max(len(first), len(second))):
        out += first[i:i + 1] + second[i:i + 1]
    return out


def sorted_cards(cards: list[int], game: int | None, order: HandOrder) -> list[int]:
    """``cards`` as the person wants to see them in ``game`` (None before a game is declared: as in Grand)."""
    gt = GameType.GRAND if game is None else game
    trumps, power = TRUMPS[gt], POWER[gt]
    plain_suits = {c >> 3 for c in cards if not trumps >> c & 1}
    position = {s: i for i, s in enumerate(_suit_sequence(order, plain_suits))}
    sign = -1 if order.rank == "descending" else 1
    trump_group = -1 if order.trumps == "left" else len(position)

    def key(c: int) -> tuple[int, int]:
        group = trump_group if trumps >> c & 1 else position[c >> 3]
        return group, sign * power[c]

    return sorted(cards, key=key)


_CURRENT = [HandOrder()]


def set_order(order: HandOrder) -> None:
    """Make ``order`` the one every hand on screen is sorted by from now on."""
    _CURRENT[0] = order


def current_order() -> HandOrder:
    return _CURRENT[0]
