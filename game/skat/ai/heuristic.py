"""The heuristic computer player, for Skat and Officers' Skat and every role.

One class serves both games: it looks at the kind of view it is given and
hands the decision to :mod:`skat.ai.skat_player` or
:mod:`skat.ai.officers_player`.  It keeps no memory between decisions (the
view carries the whole visible history), so a player can be swapped, reset or
resumed at any point of a hand.
"""

from __future__ import annotations

import random

from ..engine.officers import OfficersObservation
from . import officers_player, skat_player
from .base import BENCH_ALIASES, HEURISTIC_STRENGTHS, Player, Thinking, View, check_strength, rules_of


class HeuristicPlayer(Player):
    """Rule-of-thumb play at three strengths (see the package docstring);
    "heuristic" names the strongest of them."""

    def __init__(self, strength: str = "normal", rng: random.Random | None = None) -> None:
        strength = BENCH_ALIASES.get(strength, strength)
        super().__init__(check_strength(strength, HEURISTIC_STRENGTHS), rng)

    def think(self, view: View) -> Thinking:
        rules = rules_of(view)
        if isinstance(view, OfficersObservation):
            return officers_player.think(view, rules, self.strength, self.rng)
        return skat_player.think(view, rules, self.strength, self.rng)
