"""The expert's call in a Ramsch round: a Grand Hand, or the Ramsch, by their expected entries.

The heuristic prices the Ramsch by a fixed share of its risk; the expert deals the unseen cards
out (:func:`skat.ai.expert.ramsch_calls.losing_chance`) to learn how often its hand would be the
one charged, and compares the Ramsch's expected entry at that chance with the Grand Hand's at
the model's chance of winning it.  It declares whenever the Grand Hand is worth more on the
sheet, with no line of its own to reach.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ...engine import actions as A
from ...engine.skat_hand import SkatObservation
from ..heuristic.round_calls import GRAND_HAND, TYPICAL_CHARGE, grand_hand_chance, grand_hand_expected
from .ramsch_calls import losing_chance


def think(obs: SkatObservation, samples: int, rng: random.Random) -> Generator[None, None, int]:
    chance = grand_hand_chance(obs)
    charged = yield from losing_chance(obs, rng, samples)
    if grand_hand_expected(obs, chance) > -TYPICAL_CHARGE * charged:
        return GRAND_HAND
    return A.NO_CALL
