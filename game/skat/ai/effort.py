"""How much a search player may think about one decision.

In the game a person waits for the computer, so the budget is wall-clock time:
a slower machine (a browser) samples fewer deals and keeps the same wait.  A
benchmark must be reproducible from its seed, so there the budget is a fixed
amount of work (sampled deals) and the clock plays no part in the choice.

>>> Effort.fixed(8).exhausted(started=0.0, samples=8, now=0.0)
True
>>> Effort.timed(0.3).exhausted(started=0.0, samples=100, now=0.2)
False
>>> Effort.timed(0.3).exhausted(started=0.0, samples=3, now=0.31)
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Effort:
    """A time budget (``seconds``) or a work budget (``samples``), never both.

    ``min_samples`` is the least work done even when time is short, so a
    decision is never a blind guess; ``max_samples`` caps the work on a fast
    machine where more samples no longer change the choice.
    """

    seconds: float | None = 0.3
    samples: int | None = None
    min_samples: int = 1
    max_samples: int = 10_000

    def __post_init__(self) -> None:
        if (self.seconds is None) == (self.samples is None):
            raise ValueError("an Effort is either timed (seconds) or fixed (samples)")

    @classmethod
    def timed(cls, seconds: float, min_samples: int = 1, max_samples: int = 10_000) -> Effort:
        return cls(seconds=seconds, samples=None, min_samples=min_samples, max_samples=max_samples)

    @classmethod
    def fixed(cls, samples: int) -> Effort:
        return cls(seconds=None, samples=samples, min_samples=samples, max_samples=samples)

    @property
    def reproducible(self) -> bool:
        """True when the clock has no influence on the decision."""
        return self.seconds is None

    def exhausted(self, started: float, samples: int, now: float | None = None) -> bool:
        """Whether a decision that began at ``started`` (``time.perf_counter()``)
        and has finished ``samples`` units of its work should stop."""
        if samples < self.min_samples:
            return False
        if samples >= self.max_samples:
            return True
        if self.samples is not None:
            return samples >= self.samples
        assert self.seconds is not None
        if now is None:
            now = time.perf_counter()
        return now - started >= self.seconds

    def scaled(self, factor: float) -> Effort:
        """The same kind of budget, ``factor`` times as large (e.g. more for a
        declaration that decides the whole hand)."""
        if self.samples is not None:
            n = max(1, round(self.samples * factor))
            return Effort.fixed(n)
        assert self.seconds is not None
        return Effort.timed(self.seconds * factor, self.min_samples, self.max_samples)


GAME_EFFORT = Effort.timed(0.3, min_samples=2, max_samples=400)
"""The expert's budget at the table: about the half second a person gladly waits."""
