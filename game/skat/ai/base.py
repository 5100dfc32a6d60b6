"""The player interface: a decision that is worked out in slices.

The browser build has a single thread, so a computer player must never block
a frame for long.  ``player.begin(view)`` therefore returns a
:class:`Decision` at once; the caller runs ``decision.step(budget)`` once per
frame until it returns True and then reads ``decision.action``.  Thinking is
written as a generator that yields between units of work (and may yield a
provisional best action), so a heuristic finishes in one slice while a
search-based player can take many, behind the same interface.

A player only ever sees a *view*: the engine's ``observe(seat)`` result, which
carries the rule set.  It never touches the hand's state, so it cannot read
hidden cards.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Generator
from typing import TypeVar

from ..engine.games import Observation, game_of
from ..engine.rules import Rules
from ..engine.skat_hand import SkatObservation
from .strengths import strength_named

View = Observation
"""What a seat may know: an observation, rules included."""

T = TypeVar("T")

Thinking = Generator[int | None, None, int]
"""A decision's work: yields ``None`` or a provisional action between units of
work and returns the chosen action."""

TABLE_SLICE = 0.008
"""Seconds of thinking the table gives a computer player per frame.

Half a 60 Hz frame: drawing takes about a millisecond, so the frame rate holds,
and a timed search (which counts wall-clock time) gets about half of its budget
as work instead of a quarter at 4 ms, which left a discard about 25 sampled deals."""


def rules_of(view: View) -> Rules:
    """The rule set of a view; a view built without one gets its game's preset."""
    if view.rules is not None:
        return view.rules
    return game_of(view).default_rules


class Decision:
    """One decision in progress.

    ``step(budget_seconds)`` does work until the budget is used up (always at
    least one unit, so every call makes progress) and returns True when the
    decision is made; ``action`` then holds a legal action.  ``units`` counts
    the units of work done, a machine-independent measure of effort.
    """

    def __init__(self, legal: tuple[int, ...], thinking: Thinking) -> None:
        if not legal:
            raise ValueError("no legal action: it is not this seat's turn")
        self.legal = legal
        self._thinking: Thinking | None = thinking
        self._provisional = legal[0]
        self.action: int | None = None
        self.units = 0
        self.thinking_seconds = 0.0
        """Wall-clock time spent in :meth:`step` so far (a table ends a runaway decision by it)."""
        self.corrected = False
        """True when the thinking returned an illegal action and a legal one was
        substituted (a bug that tests look for; play goes on regardless)."""

    @property
    def done(self) -> bool:
        return self.action is not None

    def step(self, budget_seconds: float) -> bool:
        if self.action is not None:
            return True
        assert self._thinking is not None
        started = time.perf_counter()
        deadline = started + max(0.0, budget_seconds)
        while True:
            try:
                provisional = next(self._thinking)
            except StopIteration as stop:
                self._settle(stop.value)
                self.thinking_seconds += time.perf_counter() - started
                return True
            self.units += 1
            if provisional is not None and provisional in self.legal:
                self._provisional = provisional
            now = time.perf_counter()
            if now >= deadline:
                self.thinking_seconds += now - started
                return False

    def finish_now(self) -> int:
        """Stop thinking and take the best action found so far (for a caller
        that runs out of patience, e.g. a time control)."""
        if self.action is None:
            if self._thinking is not None:
                self._thinking.close()
            self._settle(self._provisional)
        assert self.action is not None
        return self.action

    def _settle(self, action: int | None) -> None:
        if action is None or action not in self.legal:
            self.corrected = True
            action = self._provisional
        self.action = action
        self._thinking = None


class Player(ABC):
    """A computer player.  ``strength`` (a name of :data:`skat.ai.strengths.STRENGTHS`,
    as saves carry it) changes how it plays (never a delay), by its ``profile``;
    every random choice goes through the injected ``rng`` so games replay."""

    def __init__(self, strength: str = "normal", rng: random.Random | None = None) -> None:
        self.profile = strength_named(strength)
        self.strength = strength
        self.rng = rng if rng is not None else random.Random()
        self.last_estimate: float | None = None
        """The player's own chance of winning the game it declared last (set by
        its declaration decision; None before any).  Benchmarks compare it with
        the outcome to check that the player knows how good its hands are."""

    def begin(self, view: View) -> Decision:
        """Start deciding for the seat of ``view``, whose turn it must be (a Spitze declarer's
        thinking sees its Spitze card only when nothing else may be played; rules decision 47)."""
        from .spitze import kept_back, with_spitze_calls

        narrowed = kept_back(view) if isinstance(view, SkatObservation) else view
        thinking = self.house_calls(view, self.think(narrowed))  # Schenken, Revolution
        return Decision(tuple(view.legal), with_spitze_calls(view, thinking, self.profile))

    def house_calls(self, view: View, thinking: Thinking) -> Thinking:
        """The house rules' own calls (Schenken, a Revolution's exchange) around ``thinking``,
        which each player decides its own way; a player without them just thinks."""
        return thinking

    @abstractmethod
    def think(self, view: View) -> Thinking:
        """The work of one decision, as a generator (see :data:`Thinking`)."""

    def ponder(self, view: View, budget: float) -> bool:
        """Think ahead for about ``budget`` seconds while it is not this seat's decision
        (``view``: the seat's observation now); returns whether more is left to prepare.
        A player that cannot think ahead has nothing to prepare."""
        return False


def decide_now(player: Player, view: View, budget: float = 0.05) -> int:
    """Run a decision to the end in slices of ``budget`` seconds."""
    decision = player.begin(view)
    while not decision.step(budget):
        pass
    assert decision.action is not None
    return decision.action


def run_steps(steps: Generator[object, None, T]) -> T:
    """A generator of work in steps run to its end, in one go: its value
    (for tests, benchmarks and the few callers whose work is short)."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
