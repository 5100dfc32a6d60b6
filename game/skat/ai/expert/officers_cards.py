"""The expert's Officers' Skat card play: sampled layouts solved exactly.

Nobody sees the face-down cards, so card play is a game of perfect information
with chance.  For a card: sample the hidden cards (face-down cards, and the
hand cards the seat cannot see in Harlequin and Admirals' Skat) consistently
with everything seen, solve each sampled layout with
:class:`~skat.ai.solve.officers_solver.OfficersSolver` after each candidate card, and
play the card with the best average score under the game's own terms
(:mod:`.officers_layouts`).  Early in the hand the solver looks two tricks deep
and a static estimate stands in for the rest; from eight tricks to go it
solves to the end.  In Harlequin the search plays only once few cards are
unknown (see :data:`HARLEQUIN_MAX_UNKNOWN`); a Harlequin player's blind cards
come out in a sampled order, never by choice.

Every unit of work is one solver call with a node limit (about 10 ms), so a
decision runs in slices through the :class:`~skat.ai.base.Decision` generator.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator

from ...engine.cards import CARD_POINTS, mask_points
from ...engine.officers import OfficersObservation
from ...engine.rules import Rules
from ...engine.tricks import FOLLOW, trick_winner
from .. import scores
from ..base import Thinking
from ..effort import Effort
from ..heuristic import player as heuristic_player
from ..strengths import NORMAL, STRONG
from .officers_layouts import Budget, Layout, LayoutSampler, Position, Scorer, outcome, quietly

FULL_DEPTH_CARDS = 16
"""Solve to the end once at most this many cards remain in play (8 tricks)."""
EARLY_DEPTH = 2
"""Tricks searched before the static estimate, while more cards remain."""
PROVISIONAL_BONUS = 1e-3
"""Ties go to the strong heuristic's card (a robust, explainable default)."""
BLIND = -1
"""The root option "play a card I cannot see" (Harlequin)."""


class _PlayContext:
    """The facts of the hand that every sample and every card share."""

    def __init__(self, obs: OfficersObservation, rules: Rules) -> None:
        self.me = obs.seat
        self.game = obs.game
        self.declarer = obs.declarer
        self.scorer = Scorer(obs, rules, obs.seat)
        self.admirals = rules.officers_layout == "admirals"
        tricks = [0, 0]
        for t in obs.tricks:
            tricks[t.winner] += 1
        self.tricks = tricks
        self.points = list(obs.points)
        self.played_by = [obs.played_by(0), obs.played_by(1)]
        self.lead = obs.trick[0][1] if obs.trick else None
        self.leader = obs.trick[0][0] if obs.trick else obs.seat


def _evaluate(ctx: _PlayContext, lay: Layout, cache: dict, card: int, budget: Budget) -> Generator[None, None, float]:
    """The score for the thinking seat when it plays ``card`` in ``lay``."""
    me = ctx.me
    game = ctx.game
    assert game is not None
    hands = lay.hands[:]
    depth = 99 if (hands[0] | hands[1]).bit_count() <= FULL_DEPTH_CARDS else EARLY_DEPTH
    hands[me] &= ~(1 << card)
    covered = lay.covered
    u = lay.under[card]
    if u >= 0:
        covered &= ~(1 << u)
    points = ctx.points[:]
    tricks = ctx.tricks[:]
    if ctx.lead is None:
        leader, lead = me, card
    else:
        w = ctx.leader ^ trick_winner(game, (ctx.lead, card))
        points[w] += CARD_POINTS[ctx.lead] + CARD_POINTS[card]
        tricks[w] += 1
        leader, lead = w, None
    d = ctx.declarer
    own = 0
    if d is not None:
        own = ctx.played_by[d] | lay.hands[d] | (lay.skat if ctx.admirals else 0)
    skat_points = mask_points(lay.skat) if ctx.admirals else 0
    pos = Position(
        game, hands, covered, lay.under, lay.seen, leader, lead, points, tricks, skat_points, own, lay.blind_order
    )
    return (yield from outcome(pos, ctx.scorer, depth, cache, budget))


HARLEQUIN_MAX_UNKNOWN = 6
"""Harlequin: the search plays once at most this many cards are unknown.
Earlier the seat cannot see half of its own cards while the opponent sees
them, and the sampled layouts' hindsight misled the search (it lost to the
strong heuristic, duplicate match over 100 deals), so the heuristic plays."""


def think(obs: OfficersObservation, rules: Rules, rng: random.Random, effort: Effort) -> Thinking:
    legal = obs.legal
    sampler = LayoutSampler(obs, rules)
    if sampler.harlequin and sampler.pool.bit_count() > HARLEQUIN_MAX_UNKNOWN:
        return (yield from heuristic_player.officers_think(obs, rules, STRONG, rng))
    fallback = yield from quietly(heuristic_player.officers_think(obs, rules, NORMAL, random.Random(rng.random())))
    if not sampler.consistent:
        return fallback  # an observation we cannot account for: play safe
    yield fallback
    ctx = _PlayContext(obs, rules)
    mine_seen = sampler.visible[obs.seat]
    options = [c for c in legal if mine_seen >> c & 1]
    blind_legal = [c for c in legal if not mine_seen >> c & 1]
    if blind_legal:
        options.append(BLIND)
    if len(options) == 1:
        return fallback if options[0] == BLIND else options[0]
    totals = dict.fromkeys(options, 0.0)
    started = time.perf_counter()
    samples = 0
    best = fallback
    budget = Budget()
    while not effort.exhausted(started, samples):
        lay = sampler.sample(rng)
        cache: dict = {}
        for option in options:
            if option == BLIND:
                # The blind card that would come out: the first of this layout's order.
                order = lay.blind_order[obs.seat] if lay.blind_order else ()
                card = order[0] if order and _may_play(obs, lay, order[0]) else None
                if card is None:
                    totals[option] -= 1000.0
                    continue
            else:
                card = option
            totals[option] += yield from _evaluate(ctx, lay, cache, card, budget)
        samples += 1
        best = _best(totals, fallback, blind_legal, rng)
        if scores.active():  # the hint shows each option's average (the blind option as BLIND)
            scores.report("officers", {o: totals[o] / samples for o in options}, samples)
        yield best
    return best


def _may_play(obs: OfficersObservation, lay: Layout, c: int) -> bool:
    """Whether a blind card may be played now (a lead, or no seen card follows)."""
    if not obs.trick:
        return True
    game = obs.game
    assert game is not None
    lead = obs.trick[0][1]
    return not (obs.hand & FOLLOW[game][lead])


def _best(totals: dict[int, float], fallback: int, blind_legal: list[int], rng: random.Random) -> int:
    def key(option: int) -> float:
        return totals[option] + (PROVISIONAL_BONUS if option == fallback else 0.0)

    choice = max(totals, key=key)
    if choice == BLIND:
        return fallback if fallback in blind_legal else rng.choice(blind_legal)
    return choice
