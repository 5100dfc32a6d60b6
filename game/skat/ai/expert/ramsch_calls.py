"""The expert's Ramsch calls: it compares its hand with the others' on sampled deals.

The heuristic asks how risky its own hand is (:func:`~skat.ai.heuristic.ramsch_calls.ramsch_risk`)
against a fixed line.  What decides a Ramsch is who is worst off, so the expert deals the unseen
cards out many times, scores the three hands by that same risk, and counts how often its own is
the riskiest: its chance to be the one charged.  It passes the skat on unseen (doubling) and
knocks only when that chance is small; it takes the skat otherwise and pushes what the
heuristic would push.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ...engine import actions as A
from ...engine.skat_hand import Phase, SkatObservation
from ..heuristic.ramsch_calls import push_card, ramsch_risk
from ..model.worlds import WorldSampler

PASS_ON_BELOW = 0.025
"""Pass the skat on unseen when the chance to be charged is below this.  The sampled chance is
coarse: over 900 Ramsch hands of the strong heuristic (``docs/bench/ramsch-estimate-calibration.md``)
hands it put below 2.5 % lost 11 % of the time, but those from 2.5 % to 25 % lost 24 to 35 %,
about the one in three at which a doubling stops paying; at 25 % and 12 % the expert lost
23.6 points a game to the heuristic (``docs/bench/duel-skat-ramsch-100-seed2029-before-calibration.json``)."""
KNOCK_BELOW = 0.025
"""Knock when the chance to be charged is below this (a knock doubles like an unseen pass)."""
SLICE = 8
"""Samples between two yields (a frame's budget)."""


def losing_chance(obs: SkatObservation, rng: random.Random, samples: int) -> Generator[None, None, float]:
    """How often, over ``samples`` deals of the cards this seat cannot see, its hand is the
    riskiest of the three (a tie counts against it)."""
    me = obs.seat
    gone = obs.played  # (the calls come before the first card: nothing yet)
    others = [s for s in range(3) if s != me]
    unseen = 32 - (obs.hand | obs.skat | gone).bit_count()
    worlds = WorldSampler.before_play({me: obs.hand}, obs.skat, {s: 10 for s in others}, max(0, unseen - 20), gone)
    mine = ramsch_risk(obs.hand)
    charged = 0
    for i in range(samples):
        world = worlds.draw(rng)
        if world is None:
            break
        first, second = (world.hands[s] for s in others)
        if mine >= max(ramsch_risk(first), ramsch_risk(second)):
            charged += 1
        if i % SLICE == SLICE - 1:
            yield None
    return charged / max(1, samples)


def think(obs: SkatObservation, samples: int, rng: random.Random) -> Generator[None, None, int]:
    """One Ramsch call of the expert (``samples`` deals for each estimate)."""
    legal = obs.legal
    if obs.phase == Phase.DISCARD:
        yield None
        return push_card(obs)
    if obs.phase == Phase.SKAT:
        chance = yield from losing_chance(obs, rng, samples)
        return A.SKAT_ON if chance < PASS_ON_BELOW and A.SKAT_ON in legal else A.PICKUP
    if obs.phase == Phase.KONTRA:
        chance = yield from losing_chance(obs, rng, samples)
        return A.KNOCK if chance < KNOCK_BELOW and A.KNOCK in legal else A.NO_CALL
    return legal[0]
