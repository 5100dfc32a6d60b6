"""The calls of Schenken and Revolution around a player's own thinking (rules decisions 50 and 53).

:meth:`skat.ai.base.Player.begin` asks the player's ``house_calls`` first, which both players
route here: the Schenken question and answer and the Revolution's exchange are decided by the
heuristic's rules, or by the functions the expert hands in (its solved deals), and a
declaration is looked at once more for a Revolution.  Each decision draws from a generator of
its own, seeded by what the seat sees, so a replayed game decides alike and the player's own
draws stay as they were.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator

from ...engine.skat_hand import Phase, SkatObservation
from ..strengths import Strength
from . import gift_calls, revolution
from .skat_calls import declared_chance

Thinking = Generator[int | None, None, int]


def call_rng(obs: SkatObservation) -> random.Random:
    """A generator for one house call, seeded by what the seat sees (a replay decides alike)."""
    return random.Random(hash((obs.seat, obs.hand, obs.skat, int(obs.phase), obs.bid, len(obs.gift_offers))))


Call = Callable[[SkatObservation], Thinking]


def house_thinking(
    view: object, thinking: Thinking, profile: Strength, gift: Call | None = None, exchange: Call | None = None
) -> Thinking:
    """The thinking for ``view``: a house-rule call of its own, or ``thinking`` (a declaration
    checked for a Revolution afterwards); ``gift`` and ``exchange`` decide those calls in place
    of the heuristic's rules."""
    if not isinstance(view, SkatObservation):
        return thinking
    if gift_calls.is_gift_call(view):
        return gift(view) if gift is not None else gift_calls.think(view, profile)
    if revolution.is_exchange(view):
        return exchange(view) if exchange is not None else revolution.think(view)
    if view.phase == Phase.DECLARE and view.declarer == view.seat and revolution.REVOLUTION in view.legal:
        return _with_revolution(view, thinking, profile)
    return thinking


def _with_revolution(view: SkatObservation, thinking: Thinking, profile: Strength) -> Thinking:
    action = yield from thinking
    return revolution.choose_revolution(view, action, profile, declared_chance)
