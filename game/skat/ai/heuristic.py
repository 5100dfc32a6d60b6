"""The heuristic computer player, for Skat and Officers' Skat and every role.

One class serves both games: it looks at the kind of view it is given and
hands the decision to :mod:`skat.ai.skat_player` or
:mod:`skat.ai.officers_player`.  It keeps no memory between decisions (the
view carries the whole visible history), so a player can be swapped, reset or
resumed at any point of a hand.  The one thing it notes is
``last_estimate``: its own winning chance of the game it declared last, which
the duel benchmark compares with the outcome (calibration).
"""

from __future__ import annotations

import random

from ..engine import actions as A
from ..engine.cards import mask_points
from ..engine.officers import OfficersObservation
from ..engine.rules import Rules
from ..engine.skat_hand import Phase, SkatObservation
from ..engine.tricks import GameType
from . import officers_player, skat_player
from .base import BENCH_ALIASES, HEURISTIC_STRENGTHS, Player, Thinking, View, check_strength, rules_of
from .evaluation import game_value, win_probability

OFFICERS_NULL_CHANCE = (0.7, 0.05)
"""The Officers' heuristic's chance for a Null with only low cards, and without
(the figures its Admirals' declaration weighs)."""


class HeuristicPlayer(Player):
    """Rule-of-thumb play at three strengths (see the package docstring);
    "heuristic" names the strongest of them."""

    def __init__(self, strength: str = "normal", rng: random.Random | None = None) -> None:
        strength = BENCH_ALIASES.get(strength, strength)
        super().__init__(check_strength(strength, HEURISTIC_STRENGTHS), rng)

    def think(self, view: View) -> Thinking:
        rules = rules_of(view)
        if isinstance(view, OfficersObservation):
            thinking = officers_player.think(view, rules, self.strength, self.rng)
        else:
            thinking = skat_player.think(view, rules, self.strength, self.rng)
        if view.phase == Phase.DECLARE:
            return self._noting_estimate(view, rules, thinking)
        return thinking

    def _noting_estimate(self, view: View, rules: Rules, thinking: Thinking) -> Thinking:
        action = yield from thinking
        if A.is_declaration(action):
            self.last_estimate = declaration_estimate(view, rules, action)
        return action


def declaration_estimate(view: View, rules: Rules, action: int) -> float:
    """The heuristic's own chance of winning the game ``action`` declares,
    computed as its declaration weighed it (0 for a game that cannot reach the bid)."""
    d = A.declaration(action)
    if isinstance(view, SkatObservation):
        forehand = view.seat == 0
        stage = "hand" if view.hand_game else "post"
        if d.game == GameType.NULL:
            return skat_player._null_option(view.hand, forehand, view.bid, stage, d.ouvert).p
        if game_value(d.game, view.hand | view.skat, view.hand_game) < view.bid:
            return 0.0
        return win_probability(d.game, view.hand, forehand, stage, mask_points(view.skat))
    mine = officers_player.own_known(view)
    if d.game == GameType.NULL:
        low = officers_player.null_suits_low(view.hand | view.playable[view.seat])
        return OFFICERS_NULL_CHANCE[0] if low else OFFICERS_NULL_CHANCE[1]
    theirs = officers_player.opp_known(view)
    context = "admirals" if rules.officers_layout == "admirals" else officers_player._context(view, rules)
    return officers_player.win_chance(context, d.game, officers_player.game_score(d.game, mine, theirs))
