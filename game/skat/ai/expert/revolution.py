"""The expert's exchange in a Revolution (rules decision 53): every plan solved exactly.

In the exchange a defender sees every card that will be played (his own, his partner's and the
declarer's open ones; the skat is out of play), so the question is exact: does the declarer
still take no trick?  The expert solves the position after each one-suit plan of the heuristic
(:func:`~skat.ai.heuristic.revolution.plans`, the fewest cards moved first), and the position
without an exchange, and follows the first plan that beats the declarer, or the heuristic's
when none does.
"""

from __future__ import annotations

from collections.abc import Generator

from ...engine import actions as A
from ...engine.skat_hand import SkatObservation
from ...engine.tricks import GameType
from ..heuristic.revolution import Plan, hands_of, heuristic_plan, next_swap, plans
from ..solve.skat_solver import SearchAborted, SkatSolver

NODE_LIMIT = 200_000


def beats(obs: SkatObservation, plan: Plan | None) -> bool:
    """The declarer takes a trick after ``plan`` (None: no exchange) under best play."""
    assert obs.declarer is not None
    hands = dict(hands_of(obs))
    if plan is not None:
        partner = 3 - plan.catcher - obs.declarer
        for gets, gives in plan.pairs:
            hands[plan.catcher] = hands[plan.catcher] & ~(1 << gives) | 1 << gets
            hands[partner] = hands[partner] & ~(1 << gets) | 1 << gives
    solver = SkatSolver(int(GameType.NULL), obs.declarer)
    solver.reset([hands[0], hands[1], hands[2]], [], 0)
    try:
        return not solver.null_declarer_wins(node_limit=NODE_LIMIT)
    except SearchAborted:
        return False


def think(obs: SkatObservation) -> Generator[None, None, int]:
    if beats(obs, None):
        return A.NO_CALL
    for plan in plans(obs):
        yield None
        if beats(obs, plan):
            return next_swap(obs, plan)
    return next_swap(obs, heuristic_plan(obs))
