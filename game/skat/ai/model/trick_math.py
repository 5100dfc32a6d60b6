"""Which card beats which, for the card-play heuristics of both games."""

from __future__ import annotations

from ...engine.cards import iter_cards
from ...engine.tricks import FOLLOW, POWER, TRUMPS


class TrickMath:
    """The game's trump mask, following classes and strengths, with the two
    questions every card-play heuristic asks of them."""

    def __init__(self, game: int) -> None:
        self.trumps = TRUMPS[game]
        self.follow = FOLLOW[game]
        self.power = POWER[game]

    def stronger(self, mask: int, c: int) -> int:
        """The cards of ``mask`` that rank above ``c`` (same strength scale)."""
        power = self.power
        pw = power[c]
        out = 0
        for x in iter_cards(mask):
            if power[x] > pw:
                out |= 1 << x
        return out

    def beats(self, lead: int, best: int, c: int) -> bool:
        """Does ``c`` beat ``best`` in a trick led with ``lead``?"""
        trumps = self.trumps
        power = self.power
        if trumps >> c & 1:
            return not trumps >> best & 1 or power[c] > power[best]
        if trumps >> best & 1:
            return False
        return bool(self.follow[lead] >> c & 1) and power[c] > power[best]
