"""The expert's decisions before the card play, by simulation.

Bidding, Hand or skat, the discard, the declaration, Kontra and Re all ask
how a game would end.  Instead of a rule of thumb, this module deals the
unseen cards many times (consistent with the bidding, see
:mod:`skat.ai.expert.game_estimates`), plays each candidate game out and scores it
under the table's own rules: lost games cost double, Seeger-Fabian adds its
50 and 40, an overbid Null at Lothar's table is charged at the next step,
and passing into a Ramsch costs what the Ramsch is expected to cost.

- Bidding: the highest value at which the best game (Hand or with the skat)
  still has a positive expected score, better than passing.
- Skat: Hand when the best Hand game beats taking the skat, whose value is
  the game the player would choose from twelve cards, in each sampled deal.
- Discard: every promising game with its best few discards, each played out
  on the same deals; the pair and game with the best expected score.  The
  plan is remembered, so the second card and the declaration follow it.
- Kontra and Re: the declarer's chance in deals that fit his bid and game.

Every unit of work is one play-out (a few milliseconds), with a yield in
between, so a decision runs in slices.  The estimated chances are calibrated
(:func:`skat.ai.expert.game_estimates.calibrated`), and the declared game's chance
is left in ``player.last_estimate``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from itertools import combinations

from ...engine import actions as A
from ...engine.cards import ALL_CARDS, CARD_POINTS, mask_points
from ...engine.rules import Rules
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import TRUMPS, GameType
from ...engine.values import BID_VALUES, NULL_VALUES
from .. import scores
from ..base import Player, Thinking
from ..effort import Effort
from ..heuristic.skat_calls import _HAND_FLAG, bid_action, bid_options
from ..model.auction import bidding_bounds
from ..model.evaluation import TRUMP_GAMES, _side_value, game_value, null_deficits, win_probability
from ..model.worlds import World, WorldSampler
from ..strengths import STRONG
from .game_estimates import (
    NULL_PRIOR,
    NULL_WORLDS,
    Estimate,
    Outcome,
    auction_world,
    estimate,
    playing_out,
    playing_ramsch,
    raw_estimate,
)

CANDIDATE_FLOOR = 0.08
"""Least model chance for a game to be simulated at all."""
HAND_FLOOR = 0.25
NULL_FLOOR = 0.3
"""Least model chance for a Null to be solved (the model flatters Null)."""
NULL_PAIRS = 2
"""Least model chance for a Hand game to be simulated."""
MAX_TRUMP_GAMES = 3
DISCARD_PAIRS = 3
"""Discards tried per game after the skat (the best by a quick count)."""
BID_EFFORT = 2.0
SKAT_EFFORT = 2.0
DISCARD_EFFORT = 3.0
"""Budget factors: the auction, the Hand choice and the discard decide the hand."""
KONTRA_MAX_P = 0.35
"""A defender says Kontra when the declarer's chance is below this (doubling
pays for the side that is ahead; the declarer can answer Re)."""
RE_MIN_P = 0.8
CONFIRM_FLOOR = 0.40
"""Least bidding-model chance of a hand the heuristic passes that the simulation
looks at (:func:`confirmed_limit`)."""
CONFIRM_LINE = 0.70
"""Calibrated chance of taking the skat from which such a hand bids on."""
CONFIRM_MIN_DEALS = 8
"""Fewest sampled deals that may confirm a bid: on a slow machine the table's time
budget can leave two, and two won deals alone would clear :data:`CONFIRM_LINE`."""
NULL = GameType.NULL
_HAND_KEY = "hand"


@dataclass(frozen=True)
class Confirmed:
    """What :func:`confirmed_limit` found for a hand: the bid (0: pass), and the
    calibrated chance of taking the skat at each value up to it, over ``samples``
    sampled deals (the hint quotes them)."""

    limit: int
    chances: tuple[tuple[int, float], ...] = ()
    samples: int = 0

    def chance_at(self, value: int) -> float | None:
        """Taking the skat's chance at bid ``value`` (None: not confirmed there)."""
        return next((p for v, p in self.chances if v == value), None)


@dataclass
class _Memory:
    """What one player keeps from one decision to the next within a hand."""

    bid_limits: dict[tuple[int, int, tuple[tuple[int, int], ...]], int] = field(default_factory=dict)
    confirmed: dict[tuple[int, int, tuple[tuple[int, tuple[int, int]], ...]], Confirmed] = field(
        default_factory=dict)
    """(seat, hand, :func:`auction_key`) -> what :func:`confirmed_limit` found."""
    plans: dict[int, tuple[int, tuple[int, int], Estimate]] = field(default_factory=dict)
    hand_outcomes: dict[int, dict[int, list[Outcome]]] = field(default_factory=dict)
    declared: tuple[int, int, Estimate] | None = None
    """(cards, action, estimate) of the last declaration."""
    last_raw: tuple[int, float] | None = None
    """(game, raw chance) of the last declaration, for the calibration tool."""


def memory(player: Player) -> _Memory:
    mem = getattr(player, "_bidding_sim_memory", None)
    if not isinstance(mem, _Memory):
        mem = _Memory()
        player._bidding_sim_memory = mem  # type: ignore[attr-defined]
    return mem


def last_raw_estimate(player: Player) -> tuple[int, float] | None:
    """(game, uncalibrated chance) behind ``player.last_estimate``."""
    return memory(player).last_raw


def think(obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort, player: Player) -> Thinking:
    """Generator for one Skat decision other than card play."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    phase = obs.phase
    mem = memory(player)
    if phase == Phase.BIDDING:
        action = yield from _bid(obs, rules, rng, effort, mem)
    elif phase == Phase.SKAT:
        action = yield from _skat_choice(obs, rules, rng, effort, mem)
    elif phase == Phase.DISCARD:
        action = yield from _discard(obs, rules, rng, effort, mem)
    elif phase == Phase.DECLARE:
        action = yield from _declare(obs, rules, rng, effort, mem, player)
    elif phase == Phase.KONTRA:
        action = yield from _kontra(obs, rules, rng, effort)
    elif phase == Phase.RE:
        action = yield from _re(obs, rules, rng, effort, mem)
    else:
        action = legal[0]
    return action if action in legal else legal[0]


# ------------------------------------------------------------------ helpers
def _others(seat: int) -> list[int]:
    return [s for s in (0, 1, 2) if s != seat]


def _model_expected(p: float, value: int) -> float:
    return p * value - (1 - p) * 2 * value


def trump_discards(cards: int, game: int, fixed: int, k: int) -> list[tuple[int, int]]:
    """The ``k`` best discards for a trump game by a quick count (points put
    away plus what the side suits left are worth); trumps only if needed."""
    trumps = TRUMPS[game]
    cand = [c for c in range(32) if cards >> c & 1 and not trumps >> c & 1]
    if len(cand) < 2:
        cand = [c for c in range(32) if cards >> c & 1]
    scored = []
    for a, b in _pairs(cand, fixed):
        rest = cards & ~(1 << a) & ~(1 << b)
        scored.append((CARD_POINTS[a] + CARD_POINTS[b] + _side_value(rest, game), (a, b)))
    scored.sort(key=lambda t: -t[0])
    return [p for _, p in scored[:k]]


def null_discards(cards: int, fixed: int, k: int) -> list[tuple[int, int]]:
    """The ``k`` discards that leave the Null hand hardest to force."""
    out = ALL_CARDS & ~cards
    cand = [c for c in range(32) if cards >> c & 1]
    scored = []
    for a, b in _pairs(cand, fixed):
        rest = cards & ~(1 << a) & ~(1 << b)
        deficits = null_deficits(rest, out)
        score = -10.0 * sum(deficits) - 4.0 * sum(1 for d in deficits if d > 0) + 3.0 * (4 - len(deficits))
        scored.append((score + 0.1 * ((a & 7) + (b & 7)), (a, b)))
    scored.sort(key=lambda t: -t[0])
    return [p for _, p in scored[:k]]


def _pairs(cand: list[int], fixed: int) -> list[tuple[int, int]]:
    if fixed:
        f = (fixed & -fixed).bit_length() - 1
        return [(f, c) for c in cand if c != f]
    return list(combinations(cand, 2))


def _value_after_pickup(game: int, cards12: int) -> int:
    return NULL_VALUES[(False, False)] if game == NULL else game_value(game, cards12, False)


@dataclass
class _PickupRecord:
    """One sampled deal's results of taking the skat: per game, the play-out,
    the value on these twelve cards and the model's chance after the discard."""

    per_game: dict[GameType, tuple[Outcome, int, float]]


def _choose_after_pickup(rec: _PickupRecord, bid: int) -> GameType:
    """The game a player would choose on twelve cards (it sees no other hand):
    the best model expectation among the games reaching the bid."""
    reaching = [(g, v, p) for g, (_, v, p) in rec.per_game.items() if v >= bid]
    if reaching:
        return max(reaching, key=lambda t: _model_expected(t[2], t[1]))[0]
    return max(rec.per_game.items(), key=lambda t: t[1][1])[0]


def _pickup_expected(records: list[_PickupRecord], bid: int, priors: dict[GameType, float], sf: bool) -> Estimate:
    """Expected table score of taking the skat at ``bid``: per deal the game
    chosen on its twelve cards, estimated per game and mixed by frequency."""
    groups: dict[GameType, list[Outcome]] = {}
    records = [rec for rec in records if rec.per_game]
    if not records:
        return Estimate(A.PICKUP, 0.0, 0.0, float("-inf"), 0)
    for rec in records:
        g = _choose_after_pickup(rec, bid)
        groups.setdefault(g, []).append(rec.per_game[g][0])
    n = len(records)
    total = 0.0
    p = 0.0
    p_raw = 0.0
    for g, outs in groups.items():
        e = estimate(A.declare(g), outs, bid, priors.get(g, 0.5), sf)
        w = len(outs) / n
        total += w * e.expected
        p += w * e.p
        p_raw += w * e.p_raw
    return Estimate(A.PICKUP, p_raw, p, total, n)


Job = Generator[None, None, None]
"""One play-out, run in small steps."""


def _into(results: list, steps: Generator[None, None, object]) -> Job:
    """Run ``steps`` and keep its result."""
    results.append((yield from steps))


def _run_worlds(
    effort: Effort,
    sample: Callable[[], Generator[None, None, World]],
    work: Callable[[World], list[Job]],
) -> Generator[None, None, int]:
    """Sample deals and run each deal's play-outs, one per unit, until the
    effort is spent; returns the number of deals done."""
    started = time.perf_counter()
    n = 0
    while not effort.exhausted(started, n):
        world = yield from sample()
        jobs = work(world)
        if not jobs:
            break  # every candidate has had all the deals it may use
        for job in jobs:
            yield from job
            yield None
        n += 1
    return n


# ------------------------------------------------------------------ before the skat
@dataclass
class _PreSkat:
    """Play-outs of one hand before the skat: Hand games and taking the skat."""

    hand_games: list[tuple[GameType, bool]]
    pickup_games: list[GameType]
    hand_outcomes: dict[tuple[GameType, bool], list[Outcome]]
    pickup: list[_PickupRecord]
    ramsch: list[float]
    priors_pre: dict[GameType, float]
    priors_hand: dict[tuple[GameType, bool], float]


def pre_candidates(
    hand: int, forehand: bool
) -> tuple[list[GameType], list[tuple[GameType, bool]], dict[GameType, float], dict[tuple[GameType, bool], float]]:
    """Games worth simulating before the skat: (games with the skat, Hand
    games as (game, ouvert), their model chances)."""
    pre: dict[GameType, float] = {}
    hand_p: dict[tuple[GameType, bool], float] = {}
    scored = []
    for g in TRUMP_GAMES:
        p = win_probability(g, hand, forehand, "pre")
        pre[g] = p
        if p >= CANDIDATE_FLOOR:
            scored.append((_model_expected(p, game_value(g, hand, False)), g))
    scored.sort(reverse=True)
    pickup_games = [g for _, g in scored[:MAX_TRUMP_GAMES]]
    hand_games: list[tuple[GameType, bool]] = []
    for g in pickup_games:
        p = win_probability(g, hand, forehand, "hand")
        if p >= HAND_FLOOR:
            hand_games.append((g, False))
            hand_p[(g, False)] = p
    p_null = win_probability(NULL, hand, forehand, "pre")
    pre[NULL] = p_null * NULL_PRIOR
    if p_null >= NULL_FLOOR:
        pickup_games.append(NULL)
    p_null_hand = win_probability(NULL, hand, forehand, "hand")
    if p_null_hand >= NULL_FLOOR:
        hand_games.append((NULL, False))
        hand_p[(NULL, False)] = p_null_hand * NULL_PRIOR
        if max(null_deficits(hand, ALL_CARDS & ~hand), default=0) == 0:
            hand_games.append((NULL, True))
            hand_p[(NULL, True)] = p_null_hand * NULL_PRIOR
    return pickup_games, hand_games, pre, hand_p


def _simulate_pre_skat(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort, with_ramsch: bool
) -> Generator[None, None, _PreSkat]:
    me = obs.seat
    hand = obs.hand
    forehand = me == 0
    pickup_games, hand_games, pre, hand_p = pre_candidates(hand, forehand)
    sim = _PreSkat(hand_games, pickup_games, {hg: [] for hg in hand_games}, [], [], pre, hand_p)
    if not pickup_games and not hand_games and not with_ramsch:
        return sim
    bounds = others_bounds(obs)
    others = _others(me)

    worlds = WorldSampler.before_play({me: hand}, 0, {others[0]: 10, others[1]: 10}, 2)

    def sample() -> Generator[None, None, World]:
        return auction_world(rng, worlds, bounds)

    def work(world: World) -> list[Job]:
        jobs: list[Job] = []
        for hg in hand_games:
            if hg[0] == NULL and len(sim.hand_outcomes[hg]) >= NULL_WORLDS:
                continue
            jobs.append(_into(sim.hand_outcomes[hg], playing_out(world, me, hg[0], rng, ouvert=hg[1])))
        null_done = sum(1 for r in sim.pickup if NULL in r.per_game) >= NULL_WORLDS
        games_now = [g for g in pickup_games if g != NULL or not null_done]
        if games_now:
            rec = _PickupRecord({})
            sim.pickup.append(rec)
            cards12 = hand | world.skat
            for g in games_now:
                jobs.append(_pickup_job(rec, world, me, g, cards12, forehand, rng))
        if with_ramsch:
            jobs.append(_into(sim.ramsch, playing_ramsch(world, me, rng)))
        return jobs

    yield from _run_worlds(effort, sample, work)
    return sim


def _pickup_job(
    rec: _PickupRecord, world: World, me: int, g: GameType, cards12: int, forehand: bool, rng: random.Random
) -> Job:
    pair = null_discards(cards12, 0, 1)[0] if g == NULL else trump_discards(cards12, g, 0, 1)[0]
    rest = cards12 & ~(1 << pair[0]) & ~(1 << pair[1])
    p = win_probability(g, rest, forehand, "post", mask_points((1 << pair[0]) | (1 << pair[1])))
    if g == NULL:
        p *= NULL_PRIOR
    outcome = yield from playing_out(world, me, g, rng, discard=pair)
    rec.per_game[g] = (outcome, _value_after_pickup(g, cards12), p)


def _best_at(sim: _PreSkat, bid: int, sf: bool) -> tuple[Estimate | None, Estimate | None]:
    """(best Hand declaration, taking the skat) at ``bid``."""
    best_hand: Estimate | None = None
    for (g, ouvert), outs in sim.hand_outcomes.items():
        if not outs:
            continue
        e = estimate(A.declare(g, ouvert=ouvert), outs, bid, sim.priors_hand[(g, ouvert)], sf)
        if best_hand is None or e.expected > best_hand.expected:
            best_hand = e
    pickup = _pickup_expected(sim.pickup, bid, sim.priors_pre, sf) if sim.pickup else None
    return best_hand, pickup


def _bid(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort, mem: _Memory
) -> Generator[None, None, int]:
    """Hold or bid up to the highest value with a positive expected score
    (better than the Ramsch that passing would start, at Lothar's table)."""
    limit = yield from bid_limit(obs, rules, rng, effort, mem)
    return bid_action(obs, limit)


def bid_limit(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort, mem: _Memory
) -> Generator[None, None, int]:
    """The highest bid with a positive expected score (remembered for the hand)."""
    ramsch_next = rules.all_pass == "ramsch" and obs.seat == 0 and all(a == A.PASS for _, a in obs.bidding)
    key = (obs.seat, obs.hand, tuple(obs.bidding) if ramsch_next else ())
    limit = mem.bid_limits.get(key)
    if limit is None:
        sim = yield from _simulate_pre_skat(obs, rules, rng, effort.scaled(BID_EFFORT), ramsch_next)
        pass_value = sum(sim.ramsch) / len(sim.ramsch) if sim.ramsch else 0.0
        limit = 0
        misses = 0
        for value in BID_VALUES:
            best_hand, pickup = _best_at(sim, value, rules.seeger_fabian)
            yield None
            best = max((e.expected for e in (best_hand, pickup) if e is not None), default=float("-inf"))
            if best > pass_value:
                limit, misses = value, 0
            else:
                misses += 1  # a higher value may still pay (Null at 23 over a suit game at 22)
                if misses >= 4:
                    break
        mem.bid_limits[key] = limit
    return limit


def others_bounds(obs: SkatObservation) -> dict[int, tuple[int, int]]:
    """What the auction has told ``obs.seat`` about the others: their bounds
    (:func:`~skat.ai.model.auction.bidding_bounds`), which the simulations sample to fit."""
    return {s: b for s, b in bidding_bounds(obs.bidding).items() if s != obs.seat}


def auction_key(obs: SkatObservation) -> tuple[tuple[int, tuple[int, int]], ...]:
    """:func:`others_bounds` as a key: the pre-skat simulation samples from it and
    from nothing else of the auction."""
    return tuple(sorted(others_bounds(obs).items()))


def confirmed_limit(
    obs: SkatObservation, rules: Rules, seed: int, effort: Effort, mem: _Memory
) -> Generator[None, None, Confirmed]:
    """How far to bid a hand the heuristic passes (limit 0: pass).

    The bidding model hardly tells apart the hands it rates 0.40 to 0.65 (AUC 0.53
    for the expert's wins); the pre-skat simulation does better (0.57): of the hands
    the model put at 0.40 to 0.58, those whose taking the skat it called 0.70 to
    0.80 were won 75% of the time, the others about 60%.  So a hand of :data:`CONFIRM_FLOOR`
    or more is simulated (on at least :data:`CONFIRM_MIN_DEALS` deals), and it
    bids on through each value from 18 at which taking the skat keeps a calibrated
    chance of :data:`CONFIRM_LINE` and a positive expected score; the first value
    that fails ends it (``tools/bid_discrimination.py``, ``docs/bench/strength.md``).

    The answer is remembered per hand and per :func:`auction_key`, and drawn from
    ``seed`` with that key: the same hand at the same news gets the same answer (a
    hint asked twice agrees with itself), and an opponent who holds higher is news
    that is simulated again (worlds where they can hold that much)."""
    news = auction_key(obs)
    key = (obs.seat, obs.hand, news)
    found = mem.confirmed.get(key)
    if found is None:
        found = Confirmed(0)
        options = yield from bid_options(obs.hand, obs.seat == 0, STRONG)
        best = max((o.p for o in options if not o.action & _HAND_FLAG), default=0.0)
        if best >= CONFIRM_FLOOR:
            rng = random.Random(hash((seed, obs.seat, obs.hand, news)))
            sim = yield from _simulate_pre_skat(obs, rules, rng, effort.scaled(BID_EFFORT), False)
            chances: list[tuple[int, float]] = []
            samples = 0
            for value in BID_VALUES:
                _, pickup = _best_at(sim, value, rules.seeger_fabian)
                yield None
                if pickup is None or pickup.n < CONFIRM_MIN_DEALS or pickup.p < CONFIRM_LINE or pickup.expected <= 0:
                    break
                chances.append((value, pickup.p))
                samples = pickup.n
            found = Confirmed(chances[-1][0] if chances else 0, tuple(chances), samples)
        mem.confirmed[key] = found
    return found


def _skat_choice(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort, mem: _Memory
) -> Generator[None, None, int]:
    """Hand when the best Hand game's expected score beats taking the skat."""
    sim = yield from _simulate_pre_skat(obs, rules, rng, effort.scaled(SKAT_EFFORT), False)
    best_hand, pickup = _best_at(sim, obs.bid, rules.seeger_fabian)
    if best_hand is not None and (pickup is None or best_hand.expected > pickup.expected):
        mem.hand_outcomes[obs.hand] = {g: outs for (g, ouvert), outs in sim.hand_outcomes.items() if not ouvert}
        return A.HAND
    return A.PICKUP


# ------------------------------------------------------------------ after the skat
def _discard(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort, mem: _Memory
) -> Generator[None, None, int]:
    """Put away the pair of the best (game, discard) plan, found by playing
    every promising plan out on the same sampled deals."""
    cards12 = obs.hand | obs.skat
    plan = mem.plans.get(cards12)
    if plan is None or (obs.skat and not (obs.skat >> plan[1][0] & 1 or obs.skat >> plan[1][1] & 1)):
        plan = yield from _plan_discard(obs, rules, rng, effort.scaled(DISCARD_EFFORT))
        mem.plans[cards12] = plan
    for c in plan[1]:
        if obs.hand >> c & 1:
            return c
    return obs.legal[0]


def _plan_discard(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort
) -> Generator[None, None, tuple[int, tuple[int, int], Estimate]]:
    me = obs.seat
    forehand = me == 0
    cards12 = obs.hand | obs.skat
    fixed = obs.skat
    bid = obs.bid
    sf = rules.seeger_fabian
    plans: list[tuple[GameType, bool, tuple[int, int], float]] = []  # game, ouvert, pair, prior
    scored = []
    for g in TRUMP_GAMES:
        pair = trump_discards(cards12, g, fixed, 1)[0]
        rest = cards12 & ~(1 << pair[0]) & ~(1 << pair[1])
        p = win_probability(g, rest, forehand, "post", mask_points((1 << pair[0]) | (1 << pair[1])))
        value = game_value(g, cards12, False)
        scored.append((_model_expected(p, value) - (10_000 if value < bid else 0), g, p))
    scored.sort(reverse=True)
    for _, g, p in scored[:MAX_TRUMP_GAMES]:
        if p < CANDIDATE_FLOOR and plans:
            continue
        for pair in trump_discards(cards12, g, fixed, DISCARD_PAIRS):
            rest = cards12 & ~(1 << pair[0]) & ~(1 << pair[1])
            prior = win_probability(g, rest, forehand, "post", mask_points((1 << pair[0]) | (1 << pair[1])))
            plans.append((g, False, pair, prior))
    if NULL_VALUES[(False, False)] >= bid or NULL_VALUES[(False, True)] >= bid:
        for pair in null_discards(cards12, fixed, NULL_PAIRS):
            rest = cards12 & ~(1 << pair[0]) & ~(1 << pair[1])
            prior = win_probability(NULL, rest, forehand, "post")
            if prior >= NULL_FLOOR:
                plans.append((NULL, False, pair, prior * NULL_PRIOR))
    outcomes: list[list[Outcome]] = [[] for _ in plans]
    others = _others(me)
    bounds = others_bounds(obs)
    mine = [c for c in range(32) if cards12 >> c & 1]

    sampler = WorldSampler.before_play({me: cards12}, 0, {others[0]: 10, others[1]: 10}, 0)
    taken = (1 << mine[0]) | (1 << mine[1])

    def sample() -> Generator[None, None, World]:
        w = yield from auction_world(rng, sampler, bounds)
        # Any two of the twelve serve as the skat taken up: the score counts all twelve.
        hands = list(w.hands)
        hands[me] = cards12 & ~taken
        return World((hands[0], hands[1], hands[2]), taken)

    def work(world: World) -> list[Job]:
        return [
            _into(outcomes[i], playing_out(world, me, pl[0], rng, discard=pl[2], ouvert=pl[1]))
            for i, pl in enumerate(plans)
            if pl[0] != NULL or len(outcomes[i]) < NULL_WORLDS
        ]

    if plans:
        worlds = yield from _run_worlds(effort, sample, work)
        scores.tally("discard_worlds", worlds)
    best: tuple[int, tuple[int, int], Estimate] | None = None
    for (g, _, pair, prior), outs in zip(plans, outcomes, strict=True):
        actions = [A.declare(g)]
        rest = cards12 & ~(1 << pair[0]) & ~(1 << pair[1])
        if g == NULL and max(null_deficits(rest, ALL_CARDS & ~cards12), default=0) == 0:
            actions.append(A.declare(NULL, ouvert=True))
        for action in actions:
            if A.declaration(action).game == NULL and NULL_VALUES[(False, A.declaration(action).ouvert)] < bid:
                continue
            e = estimate(action, outs, bid, prior, sf)
            if best is None or e.expected > best[2].expected:
                best = (action, pair, e)
        yield None
    if best is None:  # nothing worth simulating: the quick count's Grand discard
        pair = trump_discards(cards12, GameType.GRAND, fixed, 1)[0]
        best = (A.declare(GameType.GRAND), pair, Estimate(A.declare(GameType.GRAND), 0.0, 0.0, 0.0, 0))
    return best


def _declare(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort, mem: _Memory, player: Player
) -> Generator[None, None, int]:
    """The plan's game after the skat; after Hand, the declaration with the
    best expected score over the Hand play-outs (announcements included)."""
    cards = obs.hand | obs.skat
    chosen: Estimate | None = None
    if not obs.hand_game:
        plan = mem.plans.get(cards)
        if plan is not None and plan[0] in obs.legal and obs.skat == (1 << plan[1][0]) | (1 << plan[1][1]):
            chosen = plan[2]
        else:
            chosen = yield from _declare_by_simulation(obs, rules, rng, effort.scaled(SKAT_EFFORT), mem)
    else:
        chosen = yield from _declare_by_simulation(obs, rules, rng, effort.scaled(SKAT_EFFORT), mem)
    action = chosen.action if chosen.action in obs.legal else obs.legal[0]
    player.last_estimate = chosen.p
    game = A.declaration(action).game
    mem.last_raw = (int(game), chosen.p_raw)
    mem.declared = (cards, action, chosen)
    return action


def _declare_by_simulation(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort, mem: _Memory
) -> Generator[None, None, Estimate]:
    me = obs.seat
    forehand = me == 0
    hand = obs.hand
    stage = "hand" if obs.hand_game else "post"
    skat_points = mask_points(obs.skat)
    games: dict[tuple[int, bool], list[Outcome]] = {}
    cached = mem.hand_outcomes.get(hand) if obs.hand_game else None
    for action in obs.legal:
        d = A.declaration(action)
        key = (int(d.game), d.ouvert if d.game == NULL else False)
        if key not in games:
            games[key] = list(cached.get(int(d.game), [])) if cached and key[1] is False else []
    # Simulate the games the model gives a chance (and that the cache lacks).
    priors = {k: win_probability(k[0], hand, forehand, stage, skat_points) for k in games}
    todo = [k for k in games if not games[k] and priors[k] >= (NULL_FLOOR if k[0] == NULL else CANDIDATE_FLOOR)]
    if not todo and not any(games.values()):
        todo = [max(games, key=lambda k: priors[k])]
    others = _others(me)
    bounds = others_bounds(obs)
    if todo:
        known_skat = obs.skat if not obs.hand_game else 0
        skat_size = 0 if known_skat else 2

        worlds = WorldSampler.before_play({me: hand}, known_skat, {others[0]: 10, others[1]: 10}, skat_size)

        def sample() -> Generator[None, None, World]:
            return auction_world(rng, worlds, bounds)

        def work(world: World) -> list[Job]:
            jobs: list[Job] = []
            for k in todo:
                if k[0] == NULL and len(games[k]) >= NULL_WORLDS:
                    continue
                if obs.hand_game:
                    jobs.append(_into(games[k], playing_out(world, me, k[0], rng, ouvert=k[1])))
                else:
                    pair = _pair_of(world.skat)
                    jobs.append(_into(games[k], playing_out(world, me, k[0], rng, discard=pair, ouvert=k[1])))
            return jobs

        yield from _run_worlds(effort, sample, work)
    best: Estimate | None = None
    for action in obs.legal:
        d = A.declaration(action)
        key = (int(d.game), d.ouvert if d.game == NULL else False)
        outs = games[key]
        if not outs:
            continue
        prior = priors[key] * (NULL_PRIOR if d.game == NULL else 1.0)
        if d.game != NULL and d.schneider:
            prior *= 0.3 if not d.schwarz else 0.05
        e = estimate(action, outs, obs.bid, prior, rules.seeger_fabian)
        if d.game != NULL and d.ouvert and e.p_raw < 0.97:
            continue  # open cards change the defence: only a certain Schwarz is played open
        if best is None or e.expected > best.expected:
            best = e
        yield None
    if best is None:
        best = Estimate(obs.legal[0], 0.0, 0.0, 0.0, 0)
    return best


def _pair_of(mask: int) -> tuple[int, int]:
    a = (mask & -mask).bit_length() - 1
    rest = mask & ~(1 << a)
    return a, (rest & -rest).bit_length() - 1


# ------------------------------------------------------------------ Kontra and Re
def declarer_chance(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort
) -> Generator[None, None, float]:
    """A defender's estimate of the declarer's chance: deals where the
    declarer's cards fit his bid and the game he chose."""
    me = obs.seat
    decl = obs.declarer
    game = obs.game
    assert decl is not None and game is not None
    partner = next(s for s in (0, 1, 2) if s not in (me, decl))
    bounds = others_bounds(obs)
    stage = "hand" if obs.hand_game else "post"
    outcomes: list[Outcome] = []

    def fits_game(world: World) -> bool:
        return win_probability(game, world.hands[decl], decl == 0, stage) >= 0.3

    worlds = WorldSampler.before_play({me: obs.hand}, 0, {decl: 10, partner: 10}, 2)

    def sample() -> Generator[None, None, World]:
        return auction_world(rng, worlds, bounds, fits_game)

    def work(world: World) -> list[Job]:
        pair = None if obs.hand_game else _pair_of(world.skat)
        if game == NULL and len(outcomes) >= NULL_WORLDS:
            return []
        return [_into(outcomes, playing_out(world, decl, game, rng, discard=pair, ouvert=obs.ouvert and game == NULL))]

    yield from _run_worlds(effort, sample, work)
    wins = sum(1 for o in outcomes if o.score(0, obs.schneider_announced, obs.schwarz_announced)[0])
    # The calibration was fitted on the declarer's own estimates (mostly high):
    # a defender's view of a weak game is taken as the plain share of wins.
    return raw_estimate(wins, len(outcomes), 0.5)


def _kontra(obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort) -> Generator[None, None, int]:
    if obs.game is None or obs.declarer is None:
        return A.NO_CALL
    p = yield from declarer_chance(obs, rules, rng, effort)
    return A.KONTRA if p < KONTRA_MAX_P else A.NO_CALL


def _re(
    obs: SkatObservation, rules: Rules, rng: random.Random, effort: Effort, mem: _Memory
) -> Generator[None, None, int]:
    """Re only with a game the declarer's own estimate calls nearly sure."""
    cards = obs.hand | obs.skat
    if mem.declared is not None and mem.declared[0] == cards:
        p = mem.declared[2].p
    else:
        yield None
        p = _fallback_chance(obs)
    return A.RE if p >= RE_MIN_P else A.NO_CALL


def _fallback_chance(obs: SkatObservation) -> float:
    assert obs.game is not None
    stage = "hand" if obs.hand_game else "post"
    return win_probability(obs.game, obs.hand, obs.seat == 0, stage, mask_points(obs.skat))
