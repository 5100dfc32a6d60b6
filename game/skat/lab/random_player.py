"""A player that picks uniformly among the legal actions: the baseline that
benchmarks and tests measure the computer players against."""

from __future__ import annotations

import random
from typing import Protocol


class HasLegalActions(Protocol):
    def legal_actions(self) -> list[int]: ...


class RandomPlayer:
    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, state: HasLegalActions) -> int:
        return self.rng.choice(state.legal_actions())
