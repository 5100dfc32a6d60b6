"""Every strength's Spitze (rules decisions 45-47): whether to announce it, and keeping its card.

A Spitze is a bet that the lowest trump (a suit's 7, Grand's Jack of diamonds) takes the last
trick, which it does only when no defender has a trump left by then.  The estimate counts what
the declarer needs for that: enough trumps besides the Spitze card to draw every trump out,
and high ones that win those tricks.  A strength announces it when the chance of winning the
game with it reaches its own line for playing Hand; the expert instead compares the sheet's
expected entry with and without it.  Once announced, every strength holds the card back to the
last trick unless it is the only card it may play.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from ..engine import actions as A
from ..engine.skat_hand import Phase, SkatObservation
from ..engine.tricks import BASE_VALUES, TRUMPS, GameType
from ..engine.values import matadors
from .model.evaluation import game_value, win_probability
from .strengths import Strength

TRUMP_COUNT = {GameType.GRAND: 4}
"""Trumps in the game (a suit game has 11)."""


def spitze_chance(hand: int, game: GameType) -> float:
    """The chance that the Spitze card of ``game`` takes the last trick from ``hand``: 0 when the
    other trumps cannot all be drawn, rising with the top trumps that draw them."""
    trumps = TRUMPS[game]
    own = (hand & trumps).bit_count()
    outside = TRUMP_COUNT.get(game, 11) - own
    spare = own - 1 - outside  # trumps besides the Spitze card beyond one per trump out
    if outside == 0:
        return 0.97
    if spare < 0:
        return 0.0
    tops = max(0, matadors(game, hand))  # the unbroken run from the top ("with"); "without" draws nothing
    if tops > outside:  # the top trumps alone draw every trump out, with one to spare for the lead
        return 0.99
    return max(0.0, min(0.95, 0.45 + 0.15 * (tops - outside) + 0.08 * spare))


def spitze_variant(obs: SkatObservation, action: int) -> int | None:
    """The same declaration with Spitze, when that is legal."""
    if not A.is_declaration(action):
        return None
    d = A.declaration(action)
    if d.game == GameType.NULL or d.spitze:
        return None
    with_spitze = A.declare(d.game, d.schneider, d.schwarz, d.ouvert, spitze=True)
    return with_spitze if with_spitze in obs.legal else None


def choose_spitze(obs: SkatObservation, action: int, profile: Strength) -> int:
    """``action`` (the declaration a player chose), with Spitze when this strength would bet on it."""
    with_spitze = spitze_variant(obs, action)
    if with_spitze is None or obs.rules is None or not profile.dares:
        return action
    game = A.declaration(action).game
    stage = "hand" if obs.hand_game else "post"
    p_game = win_probability(game, obs.hand, obs.seat == 0, stage)
    both = p_game * spitze_chance(obs.hand, game)
    if profile.searches:  # the expert: the sheet's expected entry with and without the Spitze
        value = game_value(game, obs.hand | obs.skat, obs.hand_game)
        more = value + BASE_VALUES[game] * obs.rules.spitze
        plain = p_game * value - (1 - p_game) * 2 * value
        bet = both * more - (1 - both) * 2 * more
        return with_spitze if bet > plain else action
    return with_spitze if both >= profile.hand else action


def kept_back(obs: SkatObservation) -> SkatObservation:
    """The declarer's view with the Spitze card out of the legal cards until it is the only one."""
    card = obs.spitze
    if card is None or obs.phase != Phase.PLAY or obs.seat != obs.declarer or card not in obs.legal:
        return obs
    others = tuple(a for a in obs.legal if a != card)
    return dataclasses.replace(obs, legal=others) if others else obs


def with_spitze_calls(view: object, thinking: Generator[int | None, None, int], profile: Strength,
                      ) -> Generator[int | None, None, int]:
    """A player's thinking, with its declaration considered for a Spitze."""
    action = yield from thinking
    if isinstance(view, SkatObservation) and view.phase == Phase.DECLARE and view.declarer == view.seat:
        return choose_spitze(view, action, profile)
    return action

