"""The last tricks of a Skat suit game or Grand, searched instead of guessed.

With four tricks or fewer to go a strong player deals the unseen cards at
random a few times, consistent with everything it knows (cards played, voids
shown, an open hand: :class:`skat.ai.model.worlds.WorldSampler`), and
solves each deal to the end with the double-dummy solver
(:class:`skat.ai.solve.skat_solver.SkatSolver`, exact card points).  The card
that does best on average is played.

The search runs in slices like any other decision: it is a generator that
pauses after every :data:`NODES_PER_UNIT` solver nodes (and after each deal),
so no unit of work is longer than a frame can absorb, whatever the position.
The solver keeps what it learned across a pause and across the deals of one
decision, and its values are exact, so pausing never changes a card's value:
only where the decision's :data:`NODE_LIMIT` is reached can a pause (whose
resumed search repeats a few nodes) drop a deal that an uninterrupted search
would have finished.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence

from ...engine.skat_hand import SkatObservation
from ...engine.tricks import GameType
from ..model.knowledge import SkatKnowledge
from ..model.worlds import WorldSampler
from ..strengths import Strength
from .skat_solver import SearchAborted, SkatSolver

MAX_TRICKS = 4
SAMPLES = {1: 1, 2: 12, 3: 8, 4: 6}
"""Deals searched, by tricks left (one trick left needs no guessing about the order)."""
NODE_LIMIT = 8000
"""Solver nodes per decision, a hard cap: a deal whose search would pass it is
dropped, so no decision takes long even on a slow machine."""
NODES_PER_UNIT = 250
"""Solver nodes between two pauses (the solver may run the few nodes of one
trick past it before it checks): well under a millisecond (the expert's card
play measured 600 at about 1.5 ms), inside the 5 ms a frame can give."""

last_solver: SkatSolver | None = None
"""The solver of the latest endgame decision, kept so that tests and
benchmarks can count its work (``nodes``) unit by unit."""


class _OutOfNodes(Exception):
    pass


def searched(game: int, held: int) -> bool:
    """Does a strong player search this position (a trump game, ``held``
    cards in the hand of the seat to move) instead of applying its rules?"""
    return game <= GameType.GRAND and held <= MAX_TRICKS


def endgame_card(
    obs: SkatObservation, profile: Strength, rng: random.Random
) -> Generator[int | None, None, int | None]:
    """Best card by sampled perfect-information search, or None when the
    position is not an endgame of a suit game or Grand (or no deal fits).
    Yields the best card so far after each deal searched."""
    global last_solver
    legal = list(obs.legal)
    game = obs.game
    if game is None or len(legal) < 2 or obs.declarer is None or not searched(game, obs.hand.bit_count()):
        return None
    kn = SkatKnowledge(obs, game, profile)
    tricks_left = kn.held[kn.me]
    worlds = WorldSampler.for_view(kn, kn.known_skat)
    solver = last_solver = SkatSolver(game, obs.declarer)
    budget = _Budget(solver)
    totals = dict.fromkeys(legal, 0.0)
    trick = [c for _, c in obs.trick]
    leader = obs.trick[0][0] if obs.trick else obs.seat
    sign = 1.0 if kn.me == kn.declarer else -1.0
    dealt = 0
    for _ in range(SAMPLES[tricks_left]):
        world = worlds.draw(rng)
        if world is None:
            break
        try:
            values = yield from card_values(solver, world.hands, trick, leader, legal, budget)
        except _OutOfNodes:
            break
        dealt += 1
        for c in legal:
            totals[c] += values[c]
        yield max(legal, key=lambda c: sign * totals[c])
    if not dealt:
        return None
    return max(legal, key=lambda c: sign * totals[c])


class _Budget:
    """A decision's solver nodes: a pause every :data:`NODES_PER_UNIT`, the
    end at :data:`NODE_LIMIT`."""

    def __init__(self, solver: SkatSolver) -> None:
        self.solver = solver
        self.pause_at = NODES_PER_UNIT

    def slice(self) -> int:
        """Nodes the next search may run before it must pause."""
        return min(self.pause_at, NODE_LIMIT) - self.solver.nodes - 1  # the node that stops it counts

    def spent(self) -> Generator[None, None, None]:
        """A search ran out of its slice: pause, or end the decision once no
        node is left for the next slice (one node short of the limit, a slice
        of none would pause again and again, for ever)."""
        self.pause_at = self.solver.nodes + NODES_PER_UNIT
        if self.slice() <= 0:
            raise _OutOfNodes
        yield None


def card_values(
    solver: SkatSolver,
    hands: Sequence[int],
    trick: Sequence[int],
    leader: int,
    legal: Sequence[int],
    budget: _Budget | None = None,
) -> Generator[None, None, dict[int, float]]:
    """The declarer's card points from here on (the trick on the table
    included) after each of ``legal`` by the seat to move, all hands open,
    by the solver (``hands``: every seat's cards now).  With a ``budget``
    it pauses and may give up (:class:`_OutOfNodes`); without, one go."""
    solver.reset(hands, trick, leader)
    values: dict[int, float] = {}
    for c in legal:
        solver.play(c)
        while True:
            limit = budget.slice() if budget else None
            try:
                if limit is not None and limit <= 0:
                    raise SearchAborted  # the slice is spent: pause before the next search
                values[c] = float(solver.exact(node_limit=limit))
                break
            except SearchAborted:
                assert budget is not None
                yield from budget.spent()
        solver.undo()
    return values
