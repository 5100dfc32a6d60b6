"""The calls of Schenken and Revolution for every strength (rules decisions 50 and 53).

:meth:`skat.ai.base.Player.begin` asks :func:`house_thinking` first: the Schenken question and
answer and the Revolution's exchange are decided here (the heuristic's rules, or the expert's
solved deals when the strength searches), and a declaration is looked at once more for a
Revolution.  Each decision draws from a generator of its own, seeded by what the seat sees, so
a replayed game decides alike and the player's own draws stay as they were.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..engine.skat_hand import Phase, SkatObservation
from .heuristic import gift_calls, revolution
from .strengths import Strength

Thinking = Generator[int | None, None, int]


def _rng(obs: SkatObservation) -> random.Random:
    return random.Random(hash((obs.seat, obs.hand, obs.skat, int(obs.phase), obs.bid, len(obs.gift_offers))))


def house_thinking(view: object, thinking: Thinking, profile: Strength) -> Thinking:
    """The thinking for ``view``: a house-rule call of its own, or ``thinking`` (a declaration
    checked for a Revolution afterwards)."""
    if not isinstance(view, SkatObservation):
        return thinking
    if gift_calls.is_gift_call(view):
        if profile.searches:
            from .expert import gift_calls as expert_gift

            return expert_gift.think(view, _rng(view))
        return gift_calls.think(view, profile)
    if revolution.is_exchange(view):
        if profile.searches:
            from .expert import revolution as expert_revolution

            return expert_revolution.think(view)
        return revolution.think(view)
    if view.phase == Phase.DECLARE and view.declarer == view.seat and revolution.REVOLUTION in view.legal:
        return _with_revolution(view, thinking, profile)
    return thinking


def _with_revolution(view: SkatObservation, thinking: Thinking, profile: Strength) -> Thinking:
    action = yield from thinking
    return revolution.choose_revolution(view, action, profile)
