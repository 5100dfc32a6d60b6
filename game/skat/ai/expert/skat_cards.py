"""Skat card play by perfect-information Monte Carlo (PIMC).

The seat to move deals the cards it cannot see a number of times
(:mod:`skat.ai.expert.sampling`: consistent with the cards played and the voids
shown, and weighted by the auction and by how well each deal explains the
cards the others chose), solves every deal with all hands open
(:mod:`skat.ai.solve.skat_solver`) once for each card it could play, and plays the card
with the best average outcome.

The outcome is measured in the game's own terms, not in card points:

- suit games and Grand: winning (61, or 90 / every trick when announced) is
  worth ``WIN``, losing ``LOSS`` (a lost game costs double and more), and
  Schneider and Schwarz add a ``STEP`` either way where they can still happen;
- Null: the declarer wins or loses;
- Ramsch: each player, paranoid, takes as few points as it can.

Early in the hand a full solve of every deal costs too much, so the search
stops after ``DEPTH_TRICKS`` tricks and a static estimate scores the position:
in a trump game the linear model of :mod:`skat.ai.expert.leaf_estimate`, fitted
to double-dummy values (Ramsch: trumps and the top card of every suit, weighed
into a share of the points still out); a smooth curve around the winning line
turns the estimate into a win chance.  From ``FULL_DEPTH_CARDS`` cards in hand on (Null: always) the
deals are solved to the end.  A solve that passes ``EVAL_NODE_CAP`` nodes
drops back to the depth limit, so no decision runs away on a hard deal.

Every solver call has a node limit of ``NODE_CHUNK`` and is resumed after a
yield (the solver keeps its transposition table), so the decision runs in
short slices; the heuristic card is the provisional answer until the first
deal is solved, and it breaks ties (a game already decided either way).
Cards of the mover that are equivalent (adjacent once the played cards are
gone, same points) are evaluated once.  The decision ends when the
:class:`~skat.ai.effort.Effort` is spent (when timed, not before ``CARD_FLOOR``
deals, unless ``HARD_STOP`` ends it), or, when timed, once ``SETTLED`` deals all
agree on the best card.  All limits count nodes, not time, so a
fixed Effort gives the same card on every machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from math import exp
from typing import Any

from ...engine.cards import CARD_POINTS, SUIT_MASKS, mask_points
from ...engine.skat_hand import SkatObservation
from ...engine.tricks import FOLLOW, POWER, TRUMPS, GameType, strongest
from .. import scores
from ..base import Thinking
from ..effort import Effort
from ..heuristic.skat_cards import choose_card
from ..model.worlds import World
from ..solve.skat_solver import DepthLimitedSearch, SearchAborted, SkatSolver
from ..strengths import STRONG
from . import leaf_estimate
from .sampling import INFERENCE, DealSampler, Inference

NODE_CHUNK = 600
"""Solver nodes per unit of work (about 1.5 ms natively, 2.5 ms at the 95th
percentile: a unit must stay under 5 ms even on a slower machine)."""
DEPTH_CHUNK = 300
"""Nodes per unit of a depth-limited search, whose leaves (static estimates)
make a node about twice as dear."""
EVAL_NODE_CAP = 25_000
NULL_NODE_CAP = 8_000
"""Nodes the winning test of one card on one deal may take at full depth
before the decision drops to the depth-limited search (Null: the card counts
as undecided on that deal)."""
EXTRA_NODE_CAP = 3_000
"""Nodes for a Schneider or Schwarz test; past it the extra level is not counted."""
DEAL_NODE_BUDGET = 50_000
"""Full-depth nodes one deal may take; a decision whose deal took more goes on
at the depth limit."""
DEPTH_NODE_LIMIT = 2500
"""Nodes of one depth-limited search (one unit of work); past it the static
estimate of the position after the card is used instead."""
FULL_DEPTH_CARDS = {"trump": 8, "ramsch": 6, "null": 10}
"""Solve to the end once the mover holds at most this many cards."""
DEPTH_TRICKS = 2
"""Tricks searched before the static estimate while full depth is too dear."""
WIN, LOSS, STEP = 1.0, -1.6, 0.12
"""Outcome of a trump game for the declarer: win, loss, and each Schneider or
Schwarz level (a loss costs twice the game value and the Seeger-Fabian 50 more
than a win brings; a level adds about one matador's worth)."""
SPREAD = 7.0
"""Card points over which a static estimate turns from likely lost to likely won."""
HARD_STOP = 3.0
"""A timed decision abandons the deal in progress after this many times its
budget (once a deal is solved), so no decision takes much longer than asked."""

SETTLED = 10
"""A timed decision stops early once this many deals all agree on the best card."""
CARD_FLOOR = 8
"""Fewest deals a timed decision solves (pondered ones count), even past its
budget, up to ``HARD_STOP`` times it: on a slow machine (a phone's browser) the
hardest decisions get no more than five deals in the budget, and with six deals
a decision the expert scores 3.7 points per game less than with eight or twelve
(``docs/bench/strength.md``, sixth session); natively nine decisions in ten
solve ten or more within the budget, so there the floor seldom acts."""


@dataclass(frozen=True)
class CardPlay:
    """The settings of the card play a lab variant changes (:data:`CARD_PLAY` is the product's)."""

    inference: Inference = INFERENCE
    """How the sampled deals are weighed (:class:`~skat.ai.expert.sampling.Inference`)."""
    early_defence_margin: float = 0.0
    """A defender's first tricks, while the search stops after ``DEPTH_TRICKS``
    tricks at a static estimate: the search's card replaces the strong
    heuristic's only when its average outcome is better by this much (0: always
    the search's best; ``inf``: the heuristic's card)."""
    early_cards: int | None = None
    """Apply ``early_defence_margin`` while the defender holds more cards than
    this (None: while the search would stop at the depth limit)."""
    fitted_leaf: bool = True
    """A trump game's depth-limited search scores its leaves by the fitted model of
    :mod:`skat.ai.expert.leaf_estimate` (and its spread); False: the rule of thumb
    :func:`static_points` it replaced."""
    trump_lead_penalty: float = 0.0
    trump_lead_tricks: int = 0
    """A defender leading one of the first ``trump_lead_tricks`` tricks of a suit
    game or Grand: a trump's average outcome counts this much less, while he
    holds a side card to lead (``inf``: never a trump then; 0: no rule)."""
    close_margin: int = 0
    close_bonus: float = 0.0
    """A defender's full-depth solve of a trump game the declarer wins: when he
    reaches his target by fewer than ``close_margin`` card points, the outcome
    counts ``close_bonus`` less for him (a close game is one a declarer who does
    not see the cards may still lose; 0: not tested)."""


CARD_PLAY = CardPlay(trump_lead_penalty=float("inf"), trump_lead_tricks=3)
"""The expert's card play: the search in every trick, its first tricks' leaves
scored by the fitted estimate (against the rule of thumb, ``expert-inf-static``:
+2.2 Seeger-Fabian points per game over 450 paired deals, CI +0.3 to +4.2,
``docs/bench/leaf-estimate.md``), and one rule on top where the search is blind:
a defender leads no trump in the first three tricks while he holds a side card
(the sampled deals, solved open, overrate a defender's early trump lead: the
heuristic's declarers won 2.7 points of percentage fewer games against it on
562 fresh declarations, CI 1.2 to 4.2, ``docs/bench/defence-experiments.md``).
The variants in :data:`skat.lab.expert_variants.CARD_PLAYS` (the declarer's
choice of game weighing the deals, the heuristic's first tricks in defence, ...)
did not win their paired games."""


class _TooBig(Exception):
    """A solve passed its node cap."""


def think(
    obs: SkatObservation,
    rng: random.Random,
    effort: Effort,
    settings: CardPlay = CARD_PLAY,
    pondered: Sequence[dict[int, float]] = (),
    sampler_of: Callable[[SkatObservation, Inference], DealSampler] = DealSampler,
) -> Thinking:
    """Generator for one play-phase decision (see :class:`skat.ai.base.Decision`);
    ``pondered``: outcomes of deals already solved for exactly this position
    (:mod:`skat.ai.expert.ponder`), counted like the decision's own;
    ``sampler_of``: what draws the deals (a lab yardstick's sampler knows more)."""
    legal = list(obs.legal)
    if len(legal) == 1:
        return legal[0]
    started = time.perf_counter()
    prior = choose_card(obs, STRONG, rng)
    held_back = trump_leads_held_back(obs, settings)
    barred = held_back if settings.trump_lead_penalty == float("inf") else 0
    if barred >> prior & 1:  # the provisional card keeps the rule too: a low side card
        prior = min((c for c in legal if not barred >> c & 1), key=lambda c: (CARD_POINTS[c], c))
    yield prior
    groups = equivalent_groups(obs, legal)
    if len(groups) == 1:
        return prior
    reps = [next((c for c in g if c == prior), g[0]) for g in groups]
    sampler = sampler_of(obs, settings.inference)
    yield None
    if not sampler.feasible:
        return prior
    search = _Search(obs, settings)
    defending = obs.declarer is not None and obs.seat != obs.declarer and obs.game != GameType.RAMSCH
    early = not search.full if settings.early_cards is None else obs.hand.bit_count() > settings.early_cards
    margin = settings.early_defence_margin if defending and early else 0.0
    if margin == float("inf"):
        return prior
    offsets = {c: -settings.trump_lead_penalty for c in reps if held_back >> c & 1}
    totals = dict.fromkeys(reps, 0.0)
    samples = 0
    best = prior
    unanimous = {c for c in reps if not barred >> c & 1}
    for solved in pondered:  # the ponder hook: deals solved while the others thought
        if solved.keys() != totals.keys():
            continue
        unanimous &= _count(solved, totals, barred)
        samples += 1
    if samples:
        scores.tally("pondered", samples)
        best = _best(reps, totals, prior, margin, samples, offsets)
        yield best
    if not effort.reproducible:  # the floor is the budget's own least work, raised
        effort = replace(effort, min_samples=max(effort.min_samples, CARD_FLOOR))
    while not effort.exhausted(started, samples):
        deal = yield from sampler.sample_steps(rng)
        if deal is None:
            break
        yield None
        values: dict[int, float] = {}
        search.start_deal()
        abandoned = False
        for c in reps:
            values[c] = yield from search.evaluate(deal, c)
            if samples and not effort.reproducible:
                assert effort.seconds is not None
                if time.perf_counter() - started > HARD_STOP * effort.seconds:
                    abandoned = True
                    break
        if search.switched and not abandoned:
            search.switched = False
            for c in reps:
                values[c] = yield from search.evaluate(deal, c)
        if abandoned:
            break
        unanimous &= _count(values, totals, barred)
        samples += 1
        best = _best(reps, totals, prior, margin, samples, offsets)
        if scores.active():  # the hint shows every card's average (equivalent cards alike)
            averages = {c: totals[r] / samples for r, g in zip(reps, groups, strict=True) for c in g}
            scores.report("pimc", averages, samples)
        yield best
        if unanimous and samples >= SETTLED and not effort.reproducible:
            break  # every deal so far agrees: more deals will not change the card
    # Empty the tables a slice at a time: left to the garbage collector (the
    # search closures hold them in a cycle) they would be freed in one long pause.
    yield from search.solver.drain()
    scores.tally("solved", samples)
    return best


def _best(
    reps: list[int], totals: dict[int, float], prior: int, margin: float, samples: int, offsets: dict[int, float]
) -> int:
    """The card with the best total (the heuristic's card ahead by ``margin`` a
    deal, and on ties; a card of ``offsets`` moved by its offset a deal)."""

    def score(c: int) -> tuple[float, bool]:
        total = totals[c] + (margin * samples if c == prior else 0.0) + offsets.get(c, 0.0) * samples
        return total, c == prior

    return max(reps, key=score)


def trump_leads_held_back(obs: SkatObservation, settings: CardPlay = CARD_PLAY) -> int:
    """The trumps a defender holds back (a mask): he leads one of the first
    ``settings.trump_lead_tricks`` tricks of a suit game or Grand (not Ouvert) and
    holds a side card too (0: the rule does not apply)."""
    game = obs.game
    if not settings.trump_lead_penalty or obs.trick or len(obs.tricks) >= settings.trump_lead_tricks:
        return 0
    if game is None or game in (GameType.NULL, GameType.RAMSCH) or obs.declarer in (None, obs.seat) or obs.ouvert:
        return 0  # an open hand leaves the search little to guess
    trumps = TRUMPS[game] & obs.hand
    if not obs.hand & ~TRUMPS[game]:
        return 0
    return trumps


# ---------------------------------------------------------------- equivalent cards
def _count(values: dict[int, float], totals: dict[int, float], barred: int = 0) -> set[int]:
    """Add one solved deal's card values to ``totals``; the cards that were best on
    it among those not ``barred`` (a mask: cards a rule keeps back, whose values do
    not decide when the deals agree)."""
    for c, v in values.items():
        totals[c] += v
    top = max(v for c, v in values.items() if not barred >> c & 1)
    return {c for c, v in values.items() if v >= top - 1e-9 and not barred >> c & 1}


def equivalent_groups(obs: SkatObservation, legal: list[int]) -> list[list[int]]:
    """The mover's legal cards in classes that play alike: same suit (or
    trumps), no live card of another hand between them, same points (Null:
    any points)."""
    game = obs.game
    assert game is not None
    follow, power = FOLLOW[game], POWER[game]
    gone = obs.skat | obs.played
    mine = 0
    for c in legal:
        mine |= 1 << c
    groups: list[list[int]] = []
    seen = 0
    for c in legal:
        if seen >> c & 1:
            continue
        live = sorted((x for x in range(32) if follow[c] >> x & 1 and not gone >> x & 1), key=lambda x: -power[x])
        run: list[int] = []
        for x in live:
            alike = game == GameType.NULL or not run or CARD_POINTS[x] == CARD_POINTS[run[-1]]
            if mine >> x & 1 and alike:
                run.append(x)
                continue
            if run:
                groups.append(run)
            run = [x] if mine >> x & 1 else []
        if run:
            groups.append(run)
        for x in live:
            if mine >> x & 1:
                seen |= 1 << x
    return groups


# ---------------------------------------------------------------- static estimate
def static_points(game: int, seat: int, hands: list[int] | tuple[int, ...], points: int) -> int:
    """A quick guess of ``seat``'s final card points (the declarer's, or in
    Ramsch the evaluated player's) from here: its ``points`` plus a share of
    the points still in the hands, by trumps held and the top card of each
    suit."""
    remaining = hands[0] | hands[1] | hands[2]
    left = mask_points(remaining)
    if not left:
        return points
    trumps = TRUMPS[game]
    mine = hands[seat]
    others = remaining & ~mine
    score_me = 3.0 * (mine & trumps).bit_count()
    score_others = 3.0 * (others & trumps).bit_count()
    top_trump = strongest(game, remaining & trumps)
    if top_trump >= 0:
        if mine >> top_trump & 1:
            score_me += 2.0
        else:
            score_others += 2.0
    for suit_mask in SUIT_MASKS:
        side = suit_mask & ~trumps & remaining
        if not side:
            continue
        top = strongest(game, side)
        if mine >> top & 1:
            score_me += 2.0
        else:
            score_others += 2.0
        score_me += 0.5 * (mine & side).bit_count()
        score_others += 0.5 * (others & side).bit_count()
    total = score_me + score_others
    share = score_me / total if total else 0.5
    return points + round(left * share)


def _chance(estimate: float, target: int, spread: float = SPREAD) -> float:
    z = (estimate - target + 0.5) / spread
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + exp(-z))


# ---------------------------------------------------------------- the search
class _Search:
    """Evaluates one card on one deal, in the mover's own terms (higher is better)."""

    def __init__(self, obs: SkatObservation, settings: CardPlay = CARD_PLAY) -> None:
        game = obs.game
        self.settings = settings
        assert game is not None
        self.obs = obs
        self.game = game
        self.me = obs.seat
        evaluated = obs.declarer
        if game == GameType.RAMSCH:
            self.kind = "ramsch"
            evaluated = obs.seat
        elif game == GameType.NULL:
            self.kind = "null"
        else:
            self.kind = "trump"
        assert evaluated is not None
        self.evaluated = evaluated
        self.solver = SkatSolver(int(game), self.evaluated)
        self.fitted_leaf = self.kind == "trump" and settings.fitted_leaf
        """A trump game's leaves scored by :mod:`.leaf_estimate` (else :func:`static_points`)."""
        self.full = len(obs.legal) > 0 and obs.hand.bit_count() <= FULL_DEPTH_CARDS[self.kind]
        self.sign = 1.0 if self.kind == "ramsch" or obs.seat == obs.declarer else -1.0
        self.leader = obs.trick[0][0] if obs.trick else obs.seat
        self.trick = [c for _, c in obs.trick]
        tricks_won = [0, 0, 0]
        for t in obs.tricks:
            tricks_won[t.winner] += 1
        ev = self.evaluated
        self.own_tricks = tricks_won[ev]
        self.other_tricks = sum(tricks_won) - tricks_won[ev]
        if self.kind == "ramsch":
            self.win_target = 0
        elif obs.schwarz_announced or obs.ouvert:
            self.win_target = 121  # every trick
        elif obs.schneider_announced:
            self.win_target = 90
        else:
            self.win_target = 61
        self.nodes = 0
        self.deal_nodes = 0
        self.leaf_shares: dict[tuple[int, int, int, int], int] = {}
        """The static estimate's share per leaf (see :meth:`_estimate`), for the deal in hand."""
        self.switched = False
        """Set when full depth was given up during a deal (its cards are then
        evaluated again at the depth limit, so all compare alike)."""

    # ------------------------------------------------------------ set-up
    def _own_points(self, deal: World) -> int:
        ev = self.evaluated
        assert ev is not None
        pts = self.obs.points[ev]
        if self.kind == "trump":
            pts += mask_points(deal.skat)
        return pts

    def _position(self, deal: World, card: int) -> None:
        self.solver.reset(
            list(deal.hands),
            list(self.trick),
            self.leader,
            self._own_points(deal),
            self.own_tricks,
            self.other_tricks,
        )
        self.solver.play(card)

    def _solve(self, call: Callable[[int], Any], cap: int) -> Generator[None, None, Any]:
        """Run ``call(node_limit)`` in chunks with a yield after each (the
        solver keeps its position and its table when a chunk runs out);
        raises _TooBig past ``cap`` nodes."""
        spent = 0
        solver = self.solver
        while True:
            before = solver.nodes
            try:
                result = call(min(NODE_CHUNK, cap - spent))
            except SearchAborted:
                used = solver.nodes - before
                spent += used
                self._account(used)
                yield None
                if spent >= cap:
                    raise _TooBig from None
                continue
            self._account(solver.nodes - before)
            yield None
            return result

    def _account(self, used: int) -> None:
        self.nodes += used
        self.deal_nodes += used

    # ------------------------------------------------------------ evaluation
    def start_deal(self) -> None:
        """Called before each deal: a decision whose full-depth deals cost too
        much goes on at the depth limit."""
        if self.full and self.deal_nodes > DEAL_NODE_BUDGET and self.kind != "null":
            self.full = False
        self.deal_nodes = 0
        self.leaf_shares.clear()

    def evaluate(self, deal: World, card: int) -> Generator[None, None, float]:
        """The mover's outcome of playing ``card`` on ``deal``."""
        self._position(deal, card)
        if self.kind == "null":
            try:
                won = yield from self._solve(lambda n: self.solver.null_declarer_wins(node_limit=n), NULL_NODE_CAP)
            except _TooBig:
                return 0.0  # undecided within the budget: neither won nor lost
            return self.sign * (1.0 if won else -1.0)
        if self.full:
            try:
                if self.kind == "ramsch":
                    pts = yield from self._solve(lambda n: self.solver.exact(node_limit=n), EVAL_NODE_CAP)
                    return -pts / 30.0
                return self.sign * (yield from self._trump_outcome())
            except _TooBig:
                self.full = False  # too dear for this decision: depth-limited from now on
                self.switched = True
        return (yield from self._limited(deal, card))

    def _trump_outcome(self) -> Generator[None, None, float]:
        """WIN or LOSS by the game's target (the only test that may give up
        the full search), then Schneider and Schwarz where cheap to settle."""
        solver = self.solver
        have = solver.declarer_points
        left = mask_points(solver.hands[0] | solver.hands[1] | solver.hands[2]) + sum(
            CARD_POINTS[c] for c in solver.trick
        )

        def reaches(target: int, cap: int) -> Generator[None, None, bool]:
            if have >= target:
                return True
            if have + left < target:
                return False
            return (yield from self._solve(lambda n: solver.declarer_reaches(target, node_limit=n), cap))

        def extra(test: Callable[[int | None], bool], cap: int) -> Generator[None, None, bool]:
            try:
                return (yield from self._solve(lambda n: test(n), cap))
            except _TooBig:
                return False

        if self.win_target > 120:
            if solver.defender_tricks:
                won = False
            else:
                won = yield from self._solve(lambda n: solver.declarer_takes_all(node_limit=n), EVAL_NODE_CAP)
            return WIN if won else LOSS
        if (yield from reaches(self.win_target, EVAL_NODE_CAP)):
            value = WIN
            close = self.win_target + self.settings.close_margin
            testing_close = self.settings.close_margin and self.sign < 0 and self.win_target < 90
            # a solve past its cap counts as not close
            if testing_close and (yield from extra(lambda n: not solver.declarer_reaches(close, n), EXTRA_NODE_CAP)):
                return value - self.settings.close_bonus
            if self.win_target < 90 and (yield from extra(lambda n: solver.declarer_reaches(90, n), EXTRA_NODE_CAP)):
                value += STEP
                if not solver.defender_tricks and (yield from extra(solver.declarer_takes_all, EXTRA_NODE_CAP)):
                    value += STEP
            return value
        value = LOSS
        if have < 31 and (yield from extra(lambda n: not solver.declarer_reaches(31, n), EXTRA_NODE_CAP)):
            value -= STEP
            if not solver.declarer_tricks and (yield from extra(solver.defenders_take_all, EXTRA_NODE_CAP)):
                value -= STEP
        return value

    def _limited(self, deal: World, card: int) -> Generator[None, None, float]:
        # The depth-limited search runs in chunks of DEPTH_CHUNK nodes with a
        # yield after each (its own table and bounds are kept), up to
        # DEPTH_NODE_LIMIT nodes in all; past them, the static estimate.
        search = DepthLimitedSearch(self.solver, DEPTH_TRICKS, self._estimate)
        spent = 0
        est: int | None = None
        while True:
            before = self.solver.nodes
            try:
                est = search.run(node_limit=min(DEPTH_CHUNK, DEPTH_NODE_LIMIT - spent))
            except SearchAborted:
                used = self.solver.nodes - before
                spent += used
                self.nodes += used
                if spent >= DEPTH_NODE_LIMIT:
                    break
                yield None
                continue
            self.nodes += self.solver.nodes - before
            break
        search.release()
        yield None
        if est is None:
            return self._static_after(deal, card)
        return self._score_estimate(est)

    def _score_estimate(self, est: float) -> float:
        if self.kind == "ramsch":
            return -est / 30.0
        if self.win_target > 120:
            target = 120
        else:
            target = self.win_target
        p = _chance(est, target, leaf_estimate.SPREAD if self.fitted_leaf else SPREAD)
        return self.sign * (p * WIN + (1.0 - p) * LOSS)

    def _static_after(self, deal: World, card: int) -> float:
        hands = list(deal.hands)
        hands[self.me] &= ~(1 << card)
        points = self._own_points(deal)
        if self.kind == "null":
            return 0.0
        assert self.evaluated is not None
        return self._score_estimate(self._estimate(hands, self.leader, points))

    def _estimate(self, hands: Any, leader: int, points: int) -> int:
        """The evaluated player's final card points from here, by the static estimate
        (the points taken so far plus a share of those still out, which depends on
        the hands and the leader only: it is kept for the deal, as the depth-limited
        searches of every card and their probes meet the same leaves again)."""
        key = (hands[0], hands[1], hands[2], leader)
        share = self.leaf_shares.get(key)
        if share is None:
            if self.fitted_leaf:
                share = leaf_estimate.declarer_share(self.game, self.evaluated, hands, leader)
            else:
                share = static_points(self.game, self.evaluated, hands, 0)
            self.leaf_shares[key] = share
        return points + share
