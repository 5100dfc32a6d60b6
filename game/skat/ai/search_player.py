"""The search player: the "expert" strength.

It thinks within an :class:`~skat.ai.effort.Effort` budget (wall-clock time
at the table, a fixed number of sampled deals in a benchmark) and always in
short slices, like every player.  Skat card play -- declarer, defenders, Null
and Ramsch -- is perfect-information Monte Carlo over the double-dummy solver
(:mod:`skat.ai.pimc`); every decision of Officers' Skat is searched by
:mod:`skat.ai.officers_search`.

A Skat hand's bidding, skat, discard, declaration, Kontra and Re are the
strongest heuristic's.  The simulation bidder (:mod:`skat.ai.skat_bidding_sim`)
exists and is calibrated, but in duplicate matches it scored below heuristic
bidding with the same search card play (+6.7 against +8.5 Seeger-Fabian points
per game over the heuristic, 60 ISkO deals, seed 21), so it is not wired in
until it wins: :func:`skat_decision` is the one place to switch.
"""

from __future__ import annotations

import random

from ..engine import actions as A
from ..engine.cards import mask_points
from ..engine.officers import OfficersObservation
from ..engine.rules import Rules
from ..engine.skat_hand import Phase, SkatObservation
from ..engine.tricks import GameType
from . import officers_search, pimc, skat_player
from .base import Player, Thinking, View, rules_of
from .effort import GAME_EFFORT, Effort
from .evaluation import win_probability

HEURISTIC = "strong"
"""The heuristic strength that makes the decisions not yet searched."""


class SearchPlayer(Player):
    """The "expert": searches the card play within its ``effort``."""

    def __init__(
        self, strength: str = "expert", rng: random.Random | None = None, effort: Effort | None = None
    ) -> None:
        super().__init__(strength, rng)
        self.effort = effort if effort is not None else GAME_EFFORT

    def think(self, view: View) -> Thinking:
        rules = rules_of(view)
        if isinstance(view, OfficersObservation):
            return officers_decision(view, rules, self)
        if view.phase == Phase.PLAY and view.game is not None:
            return pimc.think(view, self.rng, self.effort)
        return skat_decision(view, rules, self)


# ---------------------------------------------------------------- the wiring points
def skat_decision(obs: SkatObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    """Bidding, skat, discard, declaration, Kontra and Re of a Skat hand: the
    strong heuristic (see the module docstring for why not yet the simulation
    bidder, ``skat_bidding_sim.think(obs, rules, player.rng, player.effort, player)``)."""
    return _heuristic_skat(obs, rules, player)


def officers_decision(obs: OfficersObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    """Every decision of Officers' Skat, by search over sampled face-down cards."""
    return officers_search.think(obs, rules, player.rng, player.effort, player)


# ---------------------------------------------------------------- heuristic stand-in
def _heuristic_skat(obs: SkatObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    action = yield from skat_player.think(obs, rules, HEURISTIC, player.rng)
    if obs.phase == Phase.DECLARE and action in obs.legal:
        player.last_estimate = declared_estimate(obs, action)
    return action


def declared_estimate(obs: SkatObservation, action: int) -> float:
    """The heuristic's chance of winning the game ``action`` declares."""
    d = A.declaration(action)
    stage = "hand" if obs.hand_game else "post"
    skat_points = mask_points(obs.skat) if d.game != GameType.NULL else 0
    return win_probability(d.game, obs.hand, obs.seat == 0, stage, skat_points)
