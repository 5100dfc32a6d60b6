"""The heuristic's call in a Ramsch round: play the Ramsch, or declare a Grand Hand instead.

A Ramsch round (rules decision 43) offers each player in turn from forehand a Grand Hand before
the Ramsch begins.  The choice weighs what each costs on the sheet: the Grand Hand's expected
entry (its value when won, twice it when lost, at the model's chance of winning it Hand) against
the Ramsch's (a share of a typical charge, by the hand's risk).  A strength declares it only when
its chance also reaches its own line for playing Hand, so the one that never plays Hand never
declares one here either.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ...engine import actions as A
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import GameType
from ..model.evaluation import game_value, win_probability
from ..strengths import Strength
from .ramsch_calls import ramsch_risk

GRAND_HAND = A.declare(GameType.GRAND)
TYPICAL_CHARGE = 45.0
"""About what the player charged in a Ramsch loses (the most card points, some 40 to 60)."""
RISK_SCALE = 30.0
"""A risk (:func:`ramsch_risk`) of about this makes the hand the likely one charged."""


def is_grand_hand_offer(obs: SkatObservation) -> bool:
    """A Ramsch round's offer: declare a Grand Hand (or play the Ramsch)."""
    return obs.phase == Phase.DECLARE and obs.declarer is None and GRAND_HAND in obs.legal


def grand_hand_chance(obs: SkatObservation) -> float:
    """The model's chance to win a Grand Hand with this hand (forehand leads: it helps)."""
    return win_probability(GameType.GRAND, obs.hand, obs.seat == 0, "hand")


def grand_hand_expected(obs: SkatObservation, chance: float) -> float:
    """The sheet's expected entry of the Grand Hand at ``chance``: won its value, lost twice it."""
    value = game_value(GameType.GRAND, obs.hand, True)
    return chance * value - (1 - chance) * 2 * value


def ramsch_expected(obs: SkatObservation) -> float:
    """The Ramsch's expected entry for this hand: minus a typical charge, times how likely the
    hand's risk makes it the one charged."""
    share = min(1.0, ramsch_risk(obs.hand) / RISK_SCALE) * 2 / 3 + 1 / 9
    return -TYPICAL_CHARGE * share


def think(obs: SkatObservation, profile: Strength, rng: random.Random) -> Generator[None, None, int]:
    """Declare the Grand Hand when its chance reaches this strength's Hand line and it is worth
    more on the sheet than the Ramsch (with this strength's noise on the chance)."""
    yield None
    chance = grand_hand_chance(obs)
    if profile.bid_noise:
        chance += rng.gauss(0.0, profile.bid_noise)
    if chance >= profile.hand and grand_hand_expected(obs, chance) > ramsch_expected(obs):
        return GRAND_HAND
    return A.NO_CALL
