"""Exact judgements of a Skat position for the table, asked in node slices.

Two questions need every card and the double-dummy solver (issue 20):

* **A claim of the rest** (rules decision 24): does the claiming side take every
  remaining trick against every defence?  In Null the declarer claims that he
  takes no more trick, a defender that the declarer must take one.
* **Is the hand decided?** (shortening a decided hand): would the result stay
  the same whatever *anyone* plays, Schneider and Schwarz included?  That is
  the best and the worst outcome over all plays agreeing, so these searches are
  cooperative: all three seats push the declarer's points (or tricks) the same
  way.  The result depends only on whether the declarer's final points reach
  31, 61 and 90, whether he takes every trick and whether he takes any, so the
  hand is decided when, for each of these, "possible" and "certain" agree.

Both are :class:`Judgement` objects: ``step(nodes)`` searches at most about that
many nodes and says whether the answer is in; the solver keeps what it learned
between slices, so no frame waits for a search.  Positions too dear for
``cap`` nodes are answered "no" (not claimable, not decided), which is always
safe: the hand is simply played on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ...engine.cards import CARD_POINTS, mask_of, mask_points
from ...engine.hand_state import Phase
from ...engine.skat_hand import SkatHand
from ...engine.tricks import GameType
from .skat_solver import _FULL_DEPTH, SearchAborted, SkatSolver, _Search

NODE_SLICE = 1_500
"""Nodes per slice: well under the table's slice of a few milliseconds."""
CLAIM_CAP: int | None = None
"""A claim the person makes is always judged in full (a wrong "no" would cost them
the rest): slice after slice, a second or so at the worst from the first trick."""
CHECK_CAP = 60_000
"""The computers' claims and the decided-hand test give up past this many nodes
for a position (the answer is then "no", and the table plays on)."""

CHECKS_FROM_TRICK = 3
"""The computers' claims and the decided-hand test start once this many tricks are taken: before,
a hand is hardly ever settled, and the searches are dearest."""

Question = Callable[[int], bool]
"""A yes/no search question, given a node limit (raises SearchAborted past it)."""


class Judgement:
    """Yes/no questions about one position, answered in slices.

    ``pairs`` are (possible, certain) questions: the judgement is "yes" when every
    pair agrees (what is certain is possible, so a "no" to the first settles the
    pair).  A pair with None for its second member is a plain question, and its
    answer is the judgement's (a claim)."""

    def __init__(self, solver: SkatSolver, pairs: list[tuple[Question, Question | None]], cap: int | None) -> None:
        self.solver = solver
        self.pairs = pairs
        self.cap = cap
        self.spent = 0
        self.answer: bool | None = None
        self._possible = False
        """The current pair's first question was answered yes."""
        self._i = 0
        if not pairs:
            self.answer = True

    @property
    def done(self) -> bool:
        return self.answer is not None

    def step(self, nodes: int = NODE_SLICE) -> bool:
        """Search for at most about ``nodes`` nodes; True once ``answer`` is set."""
        while self.answer is None:
            possible, certain = self.pairs[self._i]
            asking_certain = self._possible
            ask = certain if asking_certain and certain is not None else possible
            before = self.solver.nodes
            try:
                value = ask(nodes if self.cap is None else min(nodes, max(1, self.cap - self.spent)))
            except SearchAborted:
                self.spent += self.solver.nodes - before
                if self.cap is not None and self.spent >= self.cap:
                    self.answer = False  # too dear: "no" is always safe
                return self.answer is not None
            used = self.solver.nodes - before
            self.spent += used
            nodes -= used
            if certain is None:
                self.answer = value
            elif not asking_certain and value:
                self._possible = True  # possible: is it certain too?
            elif asking_certain and not value:
                self.answer = False  # possible but not certain: the pair disagrees
            else:
                self._possible = False  # the pair agrees (both no, or both yes)
                self._i += 1
                if self._i == len(self.pairs):
                    self.answer = True
            if nodes <= 0:
                break
        return self.answer is not None


class Position(NamedTuple):
    """What the judgements read of a hand in play (built by :func:`position_of`)."""

    game: int
    declarer: int
    hands: tuple[int, int, int]
    trick: tuple[int, ...]
    leader: int
    declarer_points: int
    """Skat included."""
    declarer_tricks: int
    defender_tricks: int


def position_of(hand: SkatHand) -> Position:
    assert hand.game is not None and hand.declarer is not None
    d = hand.declarer
    own = hand.trick_counts[d]
    return Position(int(hand.game), d, (hand.hands[0], hand.hands[1], hand.hands[2]), tuple(hand.trick),
                    hand.leader, hand.points[d] + mask_points(hand.skat), own, len(hand.tricks) - own)


def _solver(pos: Position) -> SkatSolver:
    s = SkatSolver(pos.game, pos.declarer)
    s.reset(pos.hands, pos.trick, pos.leader)
    return s


def claim_judgement(pos: Position, by_declarer: bool, cap: int | None = CLAIM_CAP) -> Judgement:
    """Does the claim of the declarer (``by_declarer``) or of the defenders hold?"""
    s = _solver(pos)
    null = pos.game == GameType.NULL
    if null and by_declarer:
        def ask(n: int) -> bool:
            return s.null_declarer_wins(node_limit=n)
    elif null:
        def ask(n: int) -> bool:
            return not s.null_declarer_wins(node_limit=n)
    elif by_declarer:
        def ask(n: int) -> bool:
            return s.declarer_takes_all(node_limit=n)
    else:
        def ask(n: int) -> bool:
            return s.defenders_take_all(node_limit=n)
    return Judgement(s, [(ask, None)], cap)


def rest_goes_to_declarer(game: int, by_declarer: bool, holds: bool) -> bool:
    """Which side the rest goes to once a claim is judged: the claimer's if it holds.

    In suit games and Grand the claiming side takes the tricks; in Null the
    declarer's claim (no more trick) gives them to the defenders, a defender's
    claim (he must take one) gives them to the declarer."""
    claimer_takes = by_declarer != (game == GameType.NULL)
    return claimer_takes if holds else not claimer_takes


def decided_judgement(pos: Position, cap: int = CHECK_CAP) -> Judgement:
    """Is the result of the hand settled whatever anyone plays (see the module docstring)?"""
    s = _solver(pos)
    d = pos.declarer
    tab = s.tables
    searches: dict[tuple[bool, bool], _Search] = {}

    def search(count: bool, up: bool) -> _Search:
        key = (count, up)
        if key not in searches:
            pts = (1,) * 32 if count else CARD_POINTS
            searches[key] = _Search(tab, d, pts, (up, up, up), s._counter)
        return searches[key]

    def reaches(count: bool, up: bool, need: int) -> Question:
        """Over all plays, does the declarer win at least ``need`` more (up: in the best
        case for him, else: in the worst)?"""
        def ask(n: int) -> bool:
            s._limit(n)
            return search(count, up).run(s.hands, s.trick, s.leader, need, _FULL_DEPTH, 0) >= need
        return ask

    def pair(count: bool, need: int) -> tuple[Question, Question | None]:
        return reaches(count, True, need), reaches(count, False, need)

    out = pos.hands[0] | pos.hands[1] | pos.hands[2] | mask_of(pos.trick)
    pairs: list[tuple[Question, Question | None]] = []
    if pos.declarer_tricks == 0:
        pairs.append(pair(True, 1))  # does he take a trick (Null; Schwarz against him)
    if pos.game != GameType.NULL:
        if pos.defender_tricks == 0:
            pairs.append(pair(True, out.bit_count()))  # does he take every trick (Schwarz; Schwarz announced)
        rest = mask_points(out)
        for target in (31, 61, 90):
            need = target - pos.declarer_points
            if 0 < need <= rest:
                pairs.append(pair(False, need))
    return Judgement(s, pairs, cap)


def table_checks(hand: SkatHand, claim: bool, decided: bool) -> list[tuple[str, Judgement]]:
    """What the table asks at a trick start of a declared Skat game (none before
    :data:`CHECKS_FROM_TRICK` tricks, in Ramsch, or within a trick): whether the
    leader's side takes every remaining trick (``claim``: the leader is a computer,
    which then claims) and whether the hand is decided (``decided``: shortening is on)."""
    if hand.done or hand.phase != Phase.PLAY or hand.trick or hand.declarer is None:
        return []
    if hand.game in (None, GameType.RAMSCH) or len(hand.tricks) < CHECKS_FROM_TRICK:
        return []
    pos = position_of(hand)
    out: list[tuple[str, Judgement]] = []
    if claim:
        out.append(("claim", claim_judgement(pos, hand.to_move == hand.declarer, cap=CHECK_CAP)))
    if decided:
        out.append(("decided", decided_judgement(pos, cap=CHECK_CAP)))
    return out


__all__ = [
    "CHECKS_FROM_TRICK",
    "table_checks",
    "CHECK_CAP",
    "CLAIM_CAP",
    "NODE_SLICE",
    "Judgement",
    "claim_judgement",
    "decided_judgement",
    "Position",
    "position_of",
    "rest_goes_to_declarer",
]
