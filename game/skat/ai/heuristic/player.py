"""The heuristic computer player, for Skat and Officers' Skat and every role.

One class serves both games: it looks up the game of the view it is given
(:func:`~skat.engine.games.game_of`) and hands the decision to that game's calls (:mod:`.skat_calls`,
:mod:`.officers_calls`) or cards (:mod:`.skat_cards`, :mod:`.officers_cards`).
It keeps no memory between decisions (the view carries the whole visible
history), so a player can be swapped, reset or resumed at any point of a hand.  The one thing it notes is
``last_estimate``: its own winning chance of the game it declared last, which
the duel benchmark compares with the outcome (calibration).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...engine import actions as A
from ...engine.games import OFFICERS, SKAT, Game, game_of
from ...engine.officers import OfficersObservation, OPhase
from ...engine.rules import Rules
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import GameType
from ..base import Player, Thinking, View, rules_of
from ..solve.skat_endgame import endgame_card
from ..strengths import Strength, strength_named
from . import officers_calls, officers_cards, skat_calls, skat_cards
from .house_calls import house_thinking

OFFICERS_NULL_CHANCE = (0.7, 0.05)
"""The Officers' heuristic's chance for a Null with only low cards, and without
(the figures its Admirals' declaration weighs)."""


class HeuristicPlayer(Player):
    """Rule-of-thumb play at three strengths (see the package docstring);
    "heuristic" names the strongest of them."""

    def __init__(self, strength: str = "normal", rng: random.Random | None = None) -> None:
        super().__init__(strength_named(strength, heuristic_only=True).name, rng)

    def house_calls(self, view: View, thinking: Thinking) -> Thinking:
        return house_thinking(view, thinking, self.profile)  # the heuristic's rules

    def think(self, view: View) -> Thinking:
        rules = rules_of(view)
        thinking = THINK[game_of(view)](view, rules, self.profile, self.rng)
        if view.phase == Phase.DECLARE:
            return self._noting_estimate(view, rules, thinking)
        return thinking

    def _noting_estimate(self, view: View, rules: Rules, thinking: Thinking) -> Thinking:
        action = yield from thinking
        if A.is_declaration(action):
            self.last_estimate = declaration_estimate(view, rules, action)
        return action


def skat_think(obs: SkatObservation, rules: Rules, profile: Strength, rng: random.Random) -> Thinking:
    """The heuristic's generator for one Skat decision (see :class:`skat.ai.base.Decision`)."""
    if obs.phase == Phase.PLAY and len(obs.legal) > 1:
        if profile.searches_endgame:  # the last tricks searched, when the search finds a card
            card = yield from endgame_card(obs, profile, rng)
            if card is not None:
                return card
        yield None
        return skat_cards.choose_card(obs, profile, rng)
    return (yield from skat_calls.think(obs, rules, profile, rng))


def officers_think(obs: OfficersObservation, rules: Rules, profile: Strength, rng: random.Random) -> Thinking:
    """The heuristic's generator for one Officers' Skat decision."""
    if obs.phase == OPhase.PLAY and len(obs.legal) > 1:
        return (yield from officers_cards.choose_card(obs, profile, rng))
    return (yield from officers_calls.think(obs, rules, profile, rng))


THINK: dict[Game, Callable[[Any, Rules, Strength, random.Random], Thinking]] = {
    SKAT: skat_think,
    OFFICERS: officers_think,
}
"""Each game's generator of one decision."""


def declaration_estimate(view: View, rules: Rules, action: int) -> float:
    """The heuristic's own chance of winning the game ``action`` declares,
    computed as its declaration weighed it (0 for a game that cannot reach the bid)."""
    return DECLARATION_ESTIMATE[game_of(view)](view, rules, action)


def skat_declaration_estimate(view: SkatObservation, rules: Rules, action: int) -> float:
    """:func:`declaration_estimate` of a Skat declaration."""
    d = A.declaration(action)
    return skat_calls.declared_chance(view, d.game, d.ouvert)


def officers_declaration_estimate(view: OfficersObservation, rules: Rules, action: int) -> float:
    """:func:`declaration_estimate` of an Officers' Skat declaration."""
    d = A.declaration(action)
    mine = officers_calls.own_known(view)
    if d.game == GameType.NULL:
        low = officers_calls.null_suits_low(view.hand | view.playable[view.seat])
        return OFFICERS_NULL_CHANCE[0] if low else OFFICERS_NULL_CHANCE[1]
    theirs = officers_calls.opp_known(view)
    context = "admirals" if rules.officers_layout == "admirals" else officers_calls._context(view, rules)
    return officers_calls.win_chance(context, d.game, officers_calls.game_score(d.game, mine, theirs))


DECLARATION_ESTIMATE: dict[Game, Callable[[Any, Rules, int], float]] = {
    SKAT: skat_declaration_estimate,
    OFFICERS: officers_declaration_estimate,
}
