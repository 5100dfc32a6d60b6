"""Thinking ahead: the expert samples and solves its next card while others think.

At the table the person takes seconds over a card and the cards take a while to
fly, while a computer decision is allowed about a third of a second.  A
:class:`Ponder` (one per computer seat) uses that time, a few milliseconds per
frame, on the positions the seat will face next:

- it samples deals of its own view now and lets the strong heuristic play the
  others' cards in each deal up to the seat's turn; the positions reached most
  often are the likely next ones (when the seat is already to move, only the
  animations hold it back, the one position is its own);
- for each likely position it builds the seat's observation there exactly as
  the engine would, and runs the same work as the real decision
  (:mod:`skat.ai.expert.skat_cards`): deals drawn by a
  :class:`~skat.ai.expert.sampling.DealSampler` of that observation, each solved
  once for every distinct card, the work spread over the positions by how
  likely they are, at most ``POSITION_CAP`` deals each and ``WORK_CAP`` in all
  from one view;
- when the decision comes, :meth:`Ponder.take` hands over the deals solved for
  exactly the position on the table: the samples of the very sampler the
  decision builds, so they never contradict what was played since (a position
  that did not come is dropped, deals and all).

Pondering draws from a generator of its own, never the player's, so a player
that does not ponder decides as before.  It yields between units of work like
every decision; :meth:`Ponder.step` returns False when there is nothing left to
prepare, and the table then lets the frame loop sleep.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field

from ...engine.cards import cards_of, mask_points
from ...engine.hand_state import Trick
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import legal_follow, trick_winner
from ..heuristic.skat_cards import choose_card
from ..model.worlds import World
from ..strengths import STRONG
from .sampling import DealSampler
from .skat_cards import CARD_PLAY, CardPlay, _Search, equivalent_groups

PONDER_SLICE = 0.006
"""Seconds of pondering the table gives per frame: a third of a 60 Hz frame, less than a
computer's own decision gets (``TABLE_SLICE``), as frames that draw share it."""
PREDICTIONS = 12
"""Deals of the current view on which the others' next cards are predicted."""
POSITION_CAP = 60
"""Solved deals prepared for one position at most (the table's 0.3 s solve
about 8 early in a hand, see ``skat bench ai``)."""
WORK_CAP = 150
"""Solved deals prepared from one view at most, over all its likely positions."""
HORIZON = 4
"""Cards the others may play before the seat's turn for a position to be pondered."""
PREDICTOR = dataclasses.replace(STRONG, searches_endgame=False)
"""The others' cards are predicted by the strong heuristic's rules, without its search of the
last tricks over random deals (too dear for a slice, and no single card to expect; the
sampler's play evidence leaves those tricks out too)."""
HEURISTIC_SHARE = 0.5
"""The part of a prediction deal's weight given to the next player's card by the strong heuristic."""

Values = dict[int, float]
"""One deal's outcome of every distinct card of the mover (``skat_cards``' scale)."""


@dataclass(frozen=True)
class Solved:
    """A deal sampled for a position and its outcome for each distinct card there."""

    deal: World
    values: Values
Key = tuple[int, ...]
"""A position of one hand: the cards played so far, in order."""


def played(obs: SkatObservation) -> Key:
    """The cards played so far in the hand, in order (a position's key)."""
    return tuple(c for t in obs.tricks for c in t.cards) + tuple(c for _, c in obs.trick)


def can_ponder(obs: object) -> bool:
    """Whether there is card play to think about ahead for this view (Skat's play phase, no Spitze)."""
    return (isinstance(obs, SkatObservation) and obs.phase == Phase.PLAY and obs.game is not None
            and obs.spitze is None and obs.hand != 0)


def distinct_cards(obs: SkatObservation) -> list[int] | None:
    """The cards a decision at ``obs`` evaluates, one of each class that plays alike, as
    :func:`skat.ai.expert.skat_cards.think` picks them (None: nothing to choose)."""
    legal = list(obs.legal)
    if len(legal) < 2:
        return None
    prior = choose_card(obs, STRONG, _NO_RANDOM)
    groups = equivalent_groups(obs, legal)
    if len(groups) < 2:
        return None
    return [next((c for c in g if c == prior), g[0]) for g in groups]


def next_view(obs: SkatObservation, seat: int, card: int) -> SkatObservation:
    """``obs`` (the pondering seat's view) after ``seat`` plays ``card``, as the engine would show it."""
    game = obs.game
    assert game is not None and seat != obs.seat
    trick = (*obs.trick, (seat, card))
    open_cards = obs.open_cards & ~(1 << card)
    held = tuple(n - (s == seat) for s, n in enumerate(obs.held)) if obs.held else obs.held
    if len(trick) < 3:
        to_move = (seat + 1) % 3
        return _turn(dataclasses.replace(obs, trick=trick, to_move=to_move, open_cards=open_cards, held=held))
    cards = tuple(c for _, c in trick)
    leader = trick[0][0]
    winner = (leader + trick_winner(game, cards)) % 3
    points = list(obs.points)
    points[winner] += mask_points(sum(1 << c for c in cards))
    tricks = (*obs.tricks, Trick(leader, cards, winner))
    return _turn(dataclasses.replace(obs, trick=(), tricks=tricks, points=tuple(points), to_move=winner,
                                     open_cards=open_cards, held=held))


def _turn(obs: SkatObservation) -> SkatObservation:
    game = obs.game
    assert game is not None
    if obs.to_move != obs.seat:
        return dataclasses.replace(obs, legal=())
    mask = legal_follow(game, obs.trick[0][1], obs.hand) if obs.trick else obs.hand
    return dataclasses.replace(obs, legal=tuple(cards_of(mask)))


def predicted_turns(obs: SkatObservation, deal: World) -> Generator[None, None, list[tuple[SkatObservation, float]]]:
    """The seat's likely views at its next turn in ``deal``, with their shares, pausing after
    each: the next player's card is the strong heuristic's with ``HEURISTIC_SHARE`` and any
    other legal card with an even part of the rest (a person does not play like the heuristic,
    and the deal is only a guess at their hand); every later card before the seat's turn is the
    heuristic's.  A turn more than ``HORIZON`` cards away, or after the hand's end, is left out."""
    if obs.to_move == obs.seat:
        return [(obs, 1.0)]
    turns: list[tuple[SkatObservation, float]] = []
    for card, share in _choices(obs, deal, 0, spread=True):
        yield None
        view = next_view(obs, _mover(obs), card)
        for _ in range(HORIZON - 1):
            if view.to_move == view.seat or len(view.tricks) == 10:
                break
            ((then, _),) = _choices(view, deal, len(played(view)) - len(played(obs)), spread=False)
            view = next_view(view, _mover(view), then)
        if view.to_move == view.seat:
            turns.append((view, share))
    return turns


def _mover(view: SkatObservation) -> int:
    assert view.to_move is not None
    return view.to_move


def _choices(view: SkatObservation, deal: World, since: int, spread: bool) -> list[tuple[int, float]]:
    """The mover's cards in ``deal`` with their shares (``spread``: all legal ones, else the
    heuristic's), the heuristic's by its rules only (:data:`PREDICTOR`)."""
    mover = _mover(view)
    held = deal.hands[mover] & ~_mask(played(view)[len(played(view)) - since:])
    legal = legal_follow(view.game, view.trick[0][1], held) if view.trick else held  # type: ignore[arg-type]
    cards = cards_of(legal)
    if len(cards) == 1:
        return [(cards[0], 1.0)]
    sees_skat = mover == view.declarer and not view.hand_game
    theirs = dataclasses.replace(view, seat=mover, hand=held, legal=tuple(cards), skat=deal.skat if sees_skat else 0)
    pick = choose_card(theirs, PREDICTOR, _NO_RANDOM)
    if not spread:
        return [(pick, 1.0)]
    rest = (1.0 - HEURISTIC_SHARE) / (len(cards) - 1)
    return [(c, HEURISTIC_SHARE if c == pick else rest) for c in cards]


def _mask(cards: Key) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@dataclass
class _Position:
    """One likely next position and the deals solved for it."""

    obs: SkatObservation
    reps: list[int]
    likely: float = 0.0
    """The weight of the prediction deals that led here (since the view last changed)."""
    solved: list[Solved] = field(default_factory=list)
    work: Iterator[None] | None = None
    search: _Search | None = None
    finished: bool = False

    @property
    def open(self) -> bool:
        return not self.finished and len(self.solved) < POSITION_CAP


class Ponder:
    """One computer seat's thinking ahead in one hand (see the module doc).

    ``step(view, budget)`` works for about ``budget`` seconds on what ``view`` (the
    seat's observation now) makes likely, and returns whether more is left to do;
    ``take(view)`` at the seat's decision returns the outcomes solved for exactly
    that position."""

    def __init__(self, seed: int, settings: CardPlay = CARD_PLAY) -> None:
        self.rng = random.Random(seed)
        self.settings = settings
        self.positions: dict[Key, _Position] = {}
        self._hand: tuple[object, ...] | None = None
        self._view_key: Key | None = None
        self._predictions: Iterator[None] | None = None
        self._predicted = 0
        self._worked = 0
        """Deals solved since the view last changed (``WORK_CAP`` bounds it)."""
        self._draining: list[Iterator[None]] = []
        self.units = 0
        """Units of work done (for tests and benchmarks)."""

    # ------------------------------------------------------------ the table's calls
    def step(self, view: SkatObservation, budget: float) -> bool:
        """Ponder for about ``budget`` seconds (at least one unit when work is left);
        False once there is nothing left to prepare for ``view``."""
        if not can_ponder(view):
            self._forget()
            return self._drain_for(time.perf_counter() + budget)
        self._follow(view)
        deadline = time.perf_counter() + budget
        while True:
            unit = self._next_unit()
            if unit is None:
                return self._drain_for(deadline)
            next(unit, None)  # a finished generator has set its successor up
            self.units += 1
            if time.perf_counter() >= deadline:
                return True

    def take(self, view: SkatObservation) -> list[Solved]:
        """The outcomes solved ahead for exactly ``view`` (the seat to move), handed over once."""
        if not can_ponder(view):
            return []
        position = self.positions.pop(played(view), None)
        if position is None or position.obs != view:
            return []
        self._retire(position)
        return position.solved

    # ------------------------------------------------------------ the work
    def _follow(self, view: SkatObservation) -> None:
        """A new view: keep the positions still ahead of it, drop the rest."""
        hand = (view.seat, view.bidding, view.declarer, view.game, view.skat, view.hand | self._own_played(view))
        key = played(view)
        if hand != self._hand:
            self._forget()
            self._hand = hand
        if key == self._view_key:
            return
        self._view_key = key
        for k in [k for k in self.positions if k[: len(key)] != key]:
            self._retire(self.positions.pop(k))
        for p in self.positions.values():
            p.likely = 0.0
        self._predicted = 0
        self._worked = 0
        if view.to_move == view.seat:  # only the animations hold the decision back: this is the position
            self._predictions = None
            self._add(view, 1.0)
        else:
            self._predictions = self._predict(view)

    @staticmethod
    def _own_played(view: SkatObservation) -> int:
        return view.played_by(view.seat)

    def _next_unit(self) -> Iterator[None] | None:
        """The work to advance now: a prediction while few are made, else the likely
        position with the fewest solved deals for its likelihood."""
        if self._worked >= WORK_CAP:
            return None
        open_positions = [p for p in self.positions.values() if p.open and p.likely]
        if self._predictions is not None and (self._predicted < 3 or not open_positions
                                              or self._predicted * 4 <= self._worked):
            return self._predictions
        if not open_positions:
            return None
        position = min(open_positions, key=lambda p: (len(p.solved) + 1) / p.likely)
        if position.work is None:
            position.work = self._solve(position)
        return position.work

    def _predict(self, view: SkatObservation) -> Iterator[None]:
        sampler = DealSampler(view, self.settings.inference)
        yield None
        if not sampler.feasible:
            self._predictions = None
            return
        while self._predicted < PREDICTIONS:
            deal = yield from sampler.sample_steps(self.rng)
            if deal is None:
                break
            yield None
            for turn, share in (yield from predicted_turns(view, deal)):
                if self._add(turn, share):
                    yield None
            self._predicted += 1
        self._predictions = None

    def _add(self, obs: SkatObservation, likely: float) -> bool:
        """Count ``likely`` for the position ``obs``; True when it is new (its cards were sorted out)."""
        key = played(obs)
        position = self.positions.get(key)
        new = position is None
        if position is None:
            reps = distinct_cards(obs)
            position = _Position(obs, reps or [], finished=reps is None)
            self.positions[key] = position
        position.likely += likely
        return new

    def _solve(self, position: _Position) -> Iterator[None]:
        """Deals for ``position`` sampled and solved as its decision would (``skat_cards.think``'s per-deal step)."""
        sampler = DealSampler(position.obs, self.settings.inference)
        yield None
        if not sampler.feasible:
            position.finished = True
            return
        search = position.search = _Search(position.obs, self.settings)
        while position.open:
            deal = yield from sampler.sample_steps(self.rng)
            if deal is None:
                break
            yield None
            values = yield from solve_deal(search, deal, position.reps)
            position.solved.append(Solved(deal, values))
            self._worked += 1
            # Emptied after every deal (entries of one deal's hands hardly serve another): many
            # positions' full tables alive at once would make every full collection a long pause.
            yield from search.solver.drain()
            if self._worked >= WORK_CAP:
                position.work = None
                return
        position.finished = True

    def _retire(self, position: _Position) -> None:
        if position.search is not None:
            self._draining.append(position.search.solver.drain())
            position.search = None
        position.work = None

    def _forget(self) -> None:
        for p in self.positions.values():
            self._retire(p)
        self.positions.clear()
        self._hand = None
        self._view_key = None
        self._predictions = None

    def _drain_for(self, deadline: float) -> bool:
        """Empty retired searches' tables a slice at a time (a big table left to the
        garbage collector would be freed in one long pause); False once all are empty."""
        while self._draining:
            try:
                next(self._draining[0])
            except StopIteration:
                self._draining.pop(0)
                continue
            self.units += 1
            if time.perf_counter() >= deadline:
                return True
        return False


def solve_deal(search: _Search, deal: World, reps: list[int]) -> Generator[None, None, Values]:
    """Every card of ``reps`` evaluated on ``deal``, again at the depth limit when full depth
    was given up during the deal (so all compare alike), as a decision does."""
    search.start_deal()
    values: Values = {}
    for c in reps:
        values[c] = yield from search.evaluate(deal, c)
    if search.switched:
        search.switched = False
        for c in reps:
            values[c] = yield from search.evaluate(deal, c)
    return values


_NO_RANDOM = random.Random(0)
"""The strong heuristic draws no random numbers; its choose_card wants a generator."""
