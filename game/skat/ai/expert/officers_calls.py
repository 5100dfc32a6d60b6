"""The expert's Officers' Skat calls, by play-outs.

Declarations (trump choice, Null, passing), Kontra and Re are decided by
Monte Carlo: sample the hidden cards, play every candidate out on the same
samples (the strong heuristic in both seats, the last seven tricks solved
exactly) and take the best average score -- but the heuristic's calibrated
choice stands unless a candidate is clearly ahead; the declared game's
winning frequency in the play-outs becomes ``player.last_estimate``.  Admirals' Skat: taking the skat
or playing Hand is decided the same way; the auction and the discard are
left to the strong heuristic.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator

from ...engine import actions as A
from ...engine.officers import OfficersHand, OfficersObservation, OPhase
from ...engine.rules import Rules
from ...engine.tricks import GameType
from .. import scores
from ..base import Player, Thinking
from ..effort import Effort
from ..heuristic import officers_calls
from ..heuristic import player as heuristic_player
from ..strengths import STRONG
from .officers_layouts import Budget, Scorer, hand_position, materialize, outcome, quietly

DECLARE_EFFORT_FACTOR = 2.0
"""A declaration decides the whole hand: it may think this much longer."""
ROLLOUT_SOLVE_CARDS = 14
"""A play-out hands over to the solver once this many cards remain."""


def think(obs: OfficersObservation, rules: Rules, rng: random.Random, effort: Effort, player: Player) -> Thinking:
    """Generator for one Officers' Skat call of the expert (its cards: :func:`.officers_cards.think`)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    if obs.phase in (OPhase.DECLARE, OPhase.KONTRA, OPhase.RE, OPhase.SKAT):
        return (yield from _by_rollouts(obs, rules, rng, effort, player))
    return (yield from heuristic_player.officers_think(obs, rules, STRONG, rng))


def _rollout(
    h: OfficersHand, rules: Rules, rng: random.Random, me: int, budget: Budget
) -> Generator[None, None, tuple[float, bool]]:
    """Play the hand out with the strong heuristic in both seats, a slice per
    card, and solve the last tricks exactly: (score for ``me``, declarer won)."""
    while not h.done:
        if h.phase == OPhase.PLAY and len(h.trick) == 0:
            remaining = (h.up[0] | h.up[1] | h.down[0] | h.down[1] | h.handm[0] | h.handm[1]).bit_count()
            if remaining <= ROLLOUT_SOLVE_CARDS:
                scorer = Scorer(h, rules, me)
                value = yield from outcome(hand_position(h, rng), scorer, 99, {}, budget)
                won = h.declarer is not None and (value > 0) == (h.declarer == me)
                return value, won
        seat = h.to_move
        assert seat is not None
        obs = h.observe(seat)
        h.apply((yield from quietly(heuristic_player.officers_think(obs, rules, STRONG, rng))))
    r = h.result
    assert r is not None
    return float(r.scores[me] - r.scores[1 - me]), bool(r.won)


def _candidates(obs: OfficersObservation) -> list[int]:
    """The actions worth playing out: never announced Schneider or Schwarz,
    and of the trump games only the three the heuristic rates best."""
    out = []
    games = []
    for a in obs.legal:
        if A.is_declaration(a):
            d = A.declaration(a)
            if d.schneider or d.schwarz:
                continue
            if d.game == GameType.NULL:
                out.append(a)
            else:
                games.append(a)
        else:
            out.append(a)
    if games:
        mine, theirs = officers_calls.own_known(obs), officers_calls.opp_known(obs)

        def rating(a: int) -> float:
            g = A.declaration(a).game
            return officers_calls.game_score(g, mine, theirs) * (1.3 if g == GameType.GRAND else 1.0)

        games.sort(key=rating, reverse=True)
        out = games[:3] + out
    return out


TRUST_MARGIN = 1.0
"""A play-out winner replaces the heuristic's (calibrated) choice only when
it is ahead by this many standard errors of the paired difference: with a
few dozen play-outs the noise is of the size of the differences."""


MIN_OVERRIDE_SAMPLES = 6
"""Fewer play-outs than this never overrule the heuristic."""


def _clearly_better(a: list[float], b: list[float]) -> bool:
    n = len(a)
    if n < MIN_OVERRIDE_SAMPLES:
        return False
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > TRUST_MARGIN * (var / n) ** 0.5


def _by_rollouts(
    obs: OfficersObservation, rules: Rules, rng: random.Random, effort: Effort, player: Player
) -> Thinking:
    fallback = yield from quietly(heuristic_player.officers_think(obs, rules, STRONG, random.Random(rng.random())))
    yield fallback
    candidates = _candidates(obs)
    if fallback in obs.legal and fallback not in candidates:
        candidates.append(fallback)
    if len(candidates) == 1:
        return candidates[0]
    effort = effort.scaled(DECLARE_EFFORT_FACTOR) if obs.phase == OPhase.DECLARE else effort
    me = obs.seat
    totals = dict.fromkeys(candidates, 0.0)
    values: dict[int, list[float]] = {a: [] for a in candidates}
    wins = dict.fromkeys(candidates, 0)
    started = time.perf_counter()
    samples = 0
    failures = 0
    budget = Budget()
    while not effort.exhausted(started, samples):
        h = materialize(obs, rules, rng)
        if h is None:
            failures += 1
            if failures > 3:
                return fallback
            continue
        seed = rng.random()
        for a in candidates:
            h2 = h.clone()
            h2.apply(a)
            value, won = yield from _rollout(h2, rules, random.Random(seed), me, budget)
            totals[a] += value
            values[a].append(value)
            if won and h2.declarer == me:
                wins[a] += 1
        samples += 1
        if scores.active():
            scores.report("rollouts", {a: totals[a] / samples for a in candidates}, samples)
        yield max(candidates, key=lambda a: totals[a])
    choice = max(candidates, key=lambda a: (totals[a], a == fallback))
    if choice != fallback and fallback in values and not _clearly_better(values[choice], values[fallback]):
        choice = fallback
    if obs.phase == OPhase.DECLARE and A.is_declaration(choice) and samples:
        player.last_estimate = wins[choice] / samples
    return choice
