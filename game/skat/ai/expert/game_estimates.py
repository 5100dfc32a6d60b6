"""Monte Carlo estimates of a Skat game: sampled deals, play-outs, scores.

The simulation bidder (:mod:`skat.ai.expert.skat_calls`) asks one question
many times: "if the cards lie like this, and I play game G, what happens?".
This module answers it cheaply:

- :func:`auction_world` draws a deal of the unseen cards from the one world
  sampler (:class:`skat.ai.model.worlds.WorldSampler`) and leans on the
  bidding (a seat that held 33 has a hand worth about that; one that passed
  at 18 has none worth 18: :mod:`skat.ai.model.auction`) by soft rejection
  against a cheap hand evaluation;
- :func:`play_out` plays the deal to the end with the heuristic card play at
  all three seats (each seeing only its own view, so nobody plays with open
  cards: unlike a double-dummy solve, this does not favour the defenders);
- :class:`Outcome` keeps what the score needs (card points, tricks,
  matadors), so one play-out scores every bid and every announcement;
- :func:`calibrated` maps the raw share of won play-outs to a probability
  that matches how the expert really fares, with coefficients fitted by
  ``tools/skatbid_calibration.py`` on self-play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from math import exp, log

from ...engine import actions as A
from ...engine import games
from ...engine.rules import LOTHAR
from ...engine.scoring import score_skat
from ...engine.skat_hand import Phase, SkatHand
from ...engine.tricks import GameType
from ..base import run_steps
from ..heuristic.skat_cards import choose_card
from ..model.auction import Bounds, fits_auction
from ..model.worlds import World, WorldSampler, at_once, replayed, skat_hand_of, weighed, world_deck
from ..solve.skat_solver import SearchAborted, SkatSolver
from ..strengths import STRONG

PLAYOUT_STRENGTH = STRONG
"""Heuristic level that plays the simulated hands (its card play, without the
end-game search, which would cost ten times more per play-out)."""


# ------------------------------------------------------------------ calibration
CALIBRATION: dict[str, tuple[float, float]] = {
    "suit": (0.627, 0.493),
    "grand": (0.941, -0.19),
    "null": (0.862, -0.162),
}
"""Per game kind: (slope, offset) on the log-odds of the raw estimate.
Fitted by ``tools/skatbid_calibration.py`` on 356 self-play declarations
(ISkO; simulation with 8 deals, x2 for the auction and x3 for the discard;
card play by the expert's PIMC search with 4 deals per card) and 223 Null
games after the skat: suit play-outs are too sure at both ends, Grand
play-outs flatter the declarer against searching defenders, and the Null
solves (open cards) are close to right.  Grand's offset was -0.79 from that fit;
against the heuristic's defence the expert's Grands won more than it estimated
(duels of seeds 2040, 2050, 2070), so it is -0.19 since 2026-12-04: paired, with
the confirmed bids, +0.85 points per game over 400 fresh deals
(``docs/bench/strength.md``)."""

PRIOR_WEIGHT = 3.0
"""The raw estimate starts from the hand-evaluation model's chance, worth this
many play-outs, so a few samples never give a certain 0 or 1."""


def kind_of(game: int) -> str:
    return "null" if game == GameType.NULL else "grand" if game == GameType.GRAND else "suit"


def logit(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return log(p / (1 - p))


def sigmoid(z: float) -> float:
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + exp(-z))


def raw_estimate(wins: float, n: int, prior: float) -> float:
    """Share of won play-outs, shrunk towards the model's ``prior``."""
    return (wins + PRIOR_WEIGHT * prior) / (n + PRIOR_WEIGHT)


def calibrated(game: int, p_raw: float) -> float:
    a, b = CALIBRATION[kind_of(game)]
    return sigmoid(a * logit(p_raw) + b)


# ------------------------------------------------------------------ deals that fit the auction
MISFIT_ACCEPT = 0.15
"""Chance that a sampled deal contradicting the bidding is kept anyway (the
hand model is rough, and players bid differently)."""
MAX_TRIES = 16
"""Deals drawn for one accepted deal at most (then the first is kept)."""


def auction_world(
    rng: random.Random,
    worlds: WorldSampler,
    bounds: dict[int, Bounds],
    accept: Callable[[World], bool] | None = None,
) -> Generator[None, None, World]:
    """A deal from ``worlds`` that fits the auction: a deal whose ten-card
    hands contradict ``bounds`` (:func:`skat.ai.model.auction.bidding_bounds`)
    or that ``accept`` refuses is kept with probability :data:`MISFIT_ACCEPT`
    only.  Yields between tries (a try costs up to half a millisecond)."""

    def weight(world: World) -> float:
        fits = fits_auction(world.hands, bounds) and (accept is None or accept(world))
        return 1.0 if fits else MISFIT_ACCEPT

    world = yield from weighed(rng, worlds, at_once(weight), MAX_TRIES)
    assert world is not None, "a deal before the play always fits the hard facts"
    return world


# ------------------------------------------------------------------ play-outs
@dataclass(frozen=True)
class Outcome:
    """What one play-out of a game tells the score."""

    game: int
    hand: bool
    ouvert: bool
    matadors: int
    points: int
    tricks: int
    null_won: bool = False

    def score(
        self,
        bid: int,
        schneider: bool = False,
        schwarz: bool = False,
        ouvert: bool | None = None,
        kontra: bool = False,
        re: bool = False,
    ) -> tuple[bool, int]:
        """(won, signed score on the sheet) of this play-out at ``bid``."""
        s = score_skat(
            GameType(self.game),
            matadors=self.matadors,
            hand=self.hand,
            schneider_announced=schneider,
            schwarz_announced=schwarz,
            ouvert=self.ouvert if ouvert is None else ouvert,
            declarer_points=self.points,
            declarer_tricks=0 if self.game == GameType.NULL and self.null_won else self.tricks,
            bid=bid,
            kontra=kontra,
            re=re,
        )
        return s.won, s.value


PLAYOUT_CHUNK = 9
"""Cards played between two yields of a play-out (about a millisecond)."""


def play_out(
    world: World,
    declarer: int,
    game: int,
    rng: random.Random,
    discard: tuple[int, int] | None = None,
    ouvert: bool = False,
) -> Outcome:
    """Play ``game`` on ``world`` in one go (see :func:`playing_out`)."""
    return run_steps(playing_out(world, declarer, game, rng, discard, ouvert))


def playing_out(
    world: World,
    declarer: int,
    game: int,
    rng: random.Random,
    discard: tuple[int, int] | None = None,
    ouvert: bool = False,
) -> Generator[None, None, Outcome]:
    """Play ``game`` on ``world``: Hand when ``discard`` is None, else the
    declarer takes the skat and puts these two cards away.  Yields every few
    cards, so a play-out never holds a frame."""
    state = skat_hand_of(world, declarer)
    if discard is None:
        state.apply(A.HAND)
    else:
        state.apply(A.PICKUP)
        state.apply(discard[0])
        state.apply(discard[1])
    state.apply(A.declare(game, ouvert=ouvert))
    while state.phase != Phase.PLAY:
        state.apply(A.NO_CALL)
    if game == GameType.NULL and NULL_BY_SOLVER:
        won = yield from null_solved(state.hands, declarer)
        if won is not None:
            return Outcome(game, discard is None, ouvert, 0, 0, 0 if won else 1, won)
    played = 0
    while not state.done:
        seat = state.to_move
        assert seat is not None
        state.apply(choose_card(state.observe(seat), PLAYOUT_STRENGTH, rng))
        played += 1
        if played % PLAYOUT_CHUNK == 0:
            yield None
    r = state.result
    assert r is not None
    return Outcome(game, discard is None, ouvert, r.matadors, r.declarer_points, r.declarer_tricks, r.won)


NULL_BY_SOLVER = True
"""Null is judged by the double-dummy solver: the heuristic defenders of a
play-out miss the declarer's weak suit far more often than the expert's
searching defenders do, so play-outs flatter a Null (the heuristic declared
Null after the skat at an estimated 0.67 and won 53%)."""
NULL_NODE_CHUNK = 600
NULL_NODE_CAP = 12_000
"""Solver nodes per unit of work, and in all for one Null deal (then the
play-out decides)."""
NULL_WORLDS = 6
"""A Null solve costs tens of milliseconds: only this many deals of a decision
judge each Null candidate."""
NULL_PRIOR = 0.6
"""The hand model's Null chance was fitted on heuristic play: discounted as
the raw estimate's starting point."""


def null_solved(hands: list[int], declarer: int) -> Generator[None, None, bool | None]:
    """Whether the Null declarer takes no trick with every hand open (None:
    too costly to tell)."""
    solver = SkatSolver(GameType.NULL, declarer)
    solver.reset((hands[0], hands[1], hands[2]), (), 0)
    spent = 0
    while spent < NULL_NODE_CAP:
        try:
            return solver.null_declarer_wins(node_limit=NULL_NODE_CHUNK)
        except SearchAborted:
            spent += NULL_NODE_CHUNK
            yield None
    return None


def playing_ramsch(world: World, seat: int, rng: random.Random) -> Generator[None, None, float]:
    """Ramsch after all passed: ``seat``'s score less the others' average."""
    state = replayed(games.SKAT, LOTHAR, world_deck(world), (A.PASS, A.PASS, A.PASS))
    assert isinstance(state, SkatHand)  # narrows the type: the Skat descriptor makes a Skat hand
    played = 0
    while not state.done:
        s = state.to_move
        assert s is not None
        state.apply(choose_card(state.observe(s), PLAYOUT_STRENGTH, rng))
        played += 1
        if played % PLAYOUT_CHUNK == 0:
            yield None
    r = state.result
    assert r is not None
    scores = r.scores
    others = [scores[s] for s in range(3) if s != seat]
    return scores[seat] - sum(others) / 2.0


# ------------------------------------------------------------------ from scores to a choice
def table_score(value: int, seeger_fabian: bool) -> float:
    """What a sheet entry is worth to the declarer against the table: with
    Seeger-Fabian +50 for a won game, -50 and 40 to each defender (the
    declarer's loss against each of them) for a lost one."""
    if not seeger_fabian or value == 0:
        return float(value)
    if value > 0:
        return value + 50.0
    return value - 50.0 - 40.0


@dataclass
class Estimate:
    """A declaration judged over the play-outs: its calibrated chance and
    expected table score."""

    action: int
    p_raw: float
    p: float
    expected: float
    n: int


def estimate(
    action: int,
    outcomes: list[Outcome],
    bid: int,
    prior: float,
    seeger_fabian: bool,
    kontra: bool = False,
    re: bool = False,
) -> Estimate:
    """Expected table score of declaring ``action`` over ``outcomes``.

    The play-outs give the share of wins (shrunk to ``prior``, then
    calibrated) and the average score of a won and of a lost game; the
    expectation weights them with the calibrated chance."""
    d = A.declaration(action)
    win_scores: list[float] = []
    loss_scores: list[float] = []
    for o in outcomes:
        won, value = o.score(bid, d.schneider, d.schwarz, d.ouvert, kontra, re)
        (win_scores if won else loss_scores).append(table_score(value, seeger_fabian))
    n = len(outcomes)
    p_raw = raw_estimate(len(win_scores), n, prior)
    p = calibrated(d.game, p_raw)
    if not outcomes:
        return Estimate(action, prior, calibrated(d.game, prior), 0.0, 0)
    if not win_scores or not loss_scores:
        # Every play-out went one way: score the other way at face value.
        o = outcomes[0]
        if not win_scores:
            points, tricks = (120, 10) if d.schwarz else (90, 7) if d.schneider else (61, 5)
            fake = Outcome(o.game, o.hand, o.ouvert, o.matadors, points, tricks, True)
            target = win_scores
        else:
            fake = Outcome(o.game, o.hand, o.ouvert, o.matadors, 40, 3, False)
            target = loss_scores
        won, value = fake.score(bid, d.schneider, d.schwarz, d.ouvert, kontra, re)
        if won or target is loss_scores:
            target.append(table_score(value, seeger_fabian))
        else:  # even a won play would be overbid: the game cannot be won
            p = 0.0
            win_scores.append(0.0)
    mean_win = sum(win_scores) / len(win_scores)
    mean_loss = sum(loss_scores) / len(loss_scores)
    return Estimate(action, p_raw, p, p * mean_win + (1 - p) * mean_loss, n)
