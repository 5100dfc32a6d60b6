"""After the hand: could it have been won?  Every card known, best play by both sides.

A finished hand is replayed card by card beside the double-dummy solver.  At
every position of the play the solver gives the declarer's final card points
under best play (and Schwarz where it is still open), scored by the game's
own terms; so each card is judged by what it changed: a card after which the
side to move ends worse than before cost the difference, in card points and
in the result (won or lost, Schneider, Schwarz).  The deciding mistake is the
last card that moved the result to what happened (even when perfect play from
the start ends as the hand did: a result lost, won back and lost again was
decided by the last loss); if no card ever moved it, the cards decided.

For Skat the declarer's twelve cards (hand and skat) are also tried in every
game with a few good discards, to say which games perfect play would have won.
For Officers' Skat the face-down cards count as known (the analysis sees
them; the players did not), and :mod:`skat.ai.solve.officers_solver` judges the play.

Work runs in slices: :func:`analyse` is a generator that yields its progress
(0..1) after every solver call of at most :data:`SLICE_NODES` nodes, so a
frame never waits long; it returns the :class:`Analysis`.  Solved positions
are kept (:data:`_POSITIONS`) and finished analyses too, so looking again is
free.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from ...engine import actions as A
from ...engine.cards import ALL_CARDS, CARD_POINTS, mask_of, mask_points
from ...engine.games import OFFICERS, SKAT, Game, Hand, game_of
from ...engine.officers import OfficersHand
from ...engine.skat_hand import Phase, SkatHand
from ...engine.tricks import BASE_VALUES, TRUMPS, GameType
from ...engine.values import matadors
from ..base import run_steps
from ..model.evaluation import game_value
from ..solve.skat_solver import TT_CAPACITY, SearchAborted, SkatSolver

if TYPE_CHECKING:
    from ..expert.officers_layouts import Scorer

T = TypeVar("T")

SLICE_NODES = 2_500
"""Solver nodes per slice: about 5 ms natively (the longest slice, measured
by ``skat bench analysis``, must stay under 20 ms)."""
GAME_TEST_NODES = 200_000
"""Most nodes one "could this game have been won?" test may take; beyond it
the game counts as not shown winnable (under a second).  It stays below the
solver's table capacity, whose pruning would take one long slice."""
TABLE_ROOM = TT_CAPACITY * 3 // 4
"""Transposition entries at which the analysis thins a solver's table itself,
a slice at a time: a full table is pruned inside one search call, which takes
a couple of hundred milliseconds in one piece."""
PRUNE_CHUNK = 20_000
"""Table entries looked at or removed per slice while thinning a table."""
DISCARDS_TRIED = 2
"""Discards tried per game for the twelve cards (the best by a quick count)."""
CANDIDATE_GAMES = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND, GameType.NULL)

Progress = Generator[float, None, "Analysis"]

# Effects of a costly card, for the side that played it (keys of the i18n catalogs: "analysis.effect.*").
WIN_TO_LOSS = "win_to_loss"
GAVE_SCHNEIDER = "gave_schneider"
MISSED_SCHNEIDER = "missed_schneider"
GAVE_SCHWARZ = "gave_schwarz"
MISSED_SCHWARZ = "missed_schwarz"
POINTS = "points"


@dataclass(frozen=True)
class Outcome:
    """The declarer's result of a hand played out (or of best play from a position)."""

    points: int
    """Declarer's card points with the skat (Null: 0)."""
    won: bool
    schneider: bool
    schwarz: bool
    score: int
    """The signed score-sheet value for the declarer."""


@dataclass(frozen=True)
class CardNote:
    """One card of the play, judged against best play."""

    trick: int
    """1-based trick number."""
    seat: int
    card: int
    mine: bool
    """Played by the person the analysis is for (marked on screen)."""
    before: Outcome
    """Best play for the side to move, before this card."""
    after: Outcome
    """Best play by everyone after this card."""
    best: int | None = None
    """A card that keeps ``before`` (None when the played card does)."""

    @property
    def declarer_side(self) -> bool:
        return self._declarer_side

    _declarer_side: bool = False

    @property
    def cost(self) -> int:
        """Card points this card gave away (0: a best card); Null: 0."""
        diff = self.before.points - self.after.points
        return diff if self._declarer_side else -diff

    @property
    def effect(self) -> str:
        """What the card changed for its side ("" for a best card)."""
        b, a = self.before, self.after
        if b == a:
            return ""
        if b.won != a.won:
            return WIN_TO_LOSS
        decl = self._declarer_side
        won = a.won
        if b.schwarz != a.schwarz:
            return MISSED_SCHWARZ if decl == won else GAVE_SCHWARZ
        if b.schneider != a.schneider:
            return MISSED_SCHNEIDER if decl == won else GAVE_SCHNEIDER
        return POINTS if self.cost > 0 else ""

    @property
    def costly(self) -> bool:
        return self.effect != ""


@dataclass
class Analysis:
    """Everything the analysis screen shows."""

    game_kind: str
    """"skat" or "officers"."""
    game: GameType
    declarer: int
    me: int
    seats: int
    best: Outcome
    """Best play by both sides from the first card."""
    actual: Outcome
    notes: list[CardNote]
    deciding: CardNote | None
    """The card that decided the result against best play; None: the cards decided."""
    winnable: list[tuple[GameType, bool | None]] = field(default_factory=list)
    """Skat: per game tried on the declarer's twelve cards, won with perfect play?
    (None: too costly to tell)."""
    face_down: bool = False
    """Officers' Skat: the face-down cards were known to the analysis."""
    unsupported: str = ""
    """Why there is nothing to analyse (a passed hand, Ramsch): an i18n key suffix."""

    @property
    def my_notes(self) -> list[CardNote]:
        return [n for n in self.notes if n.mine]

    @property
    def my_mistakes(self) -> list[CardNote]:
        return [n for n in self.notes if n.mine and n.costly]


def unsupported_reason(hand: Hand) -> str:
    """ "" when the hand can be analysed, else why not (an i18n key suffix)."""
    if not hand.done or hand.result is None:
        return "unfinished"
    r = hand.result
    if r.game == "ramsch":
        return "ramsch"
    if r.game == "passed" or hand.declarer is None or hand.game is None:
        return "passed"
    if r.gift == "taken":  # Schenken: the defenders gave the game, no card was played
        return "given"
    start = play_start(hand)
    play = hand.history[len(start.history) :]
    if any(a in A.PLAY_ENDINGS for a in play) or len(play) != sum(len(t.cards) for t in hand.tricks):
        # Given up or the rest claimed (the ending's action; a claim at the last card gathers one card,
        # as many as the action itself, so counting alone cannot tell), or an ISS resignation (no action).
        return "conceded"
    return ""


# ------------------------------------------------------------------ caches
_RESULTS: dict[tuple, Analysis] = {}
_POSITIONS: dict[tuple, tuple[int, bool, bool]] = {}
"""Solved positions: (game, declarer, hands, trick, leader, points, tricks) ->
(declarer's final trick points, declarer takes all, defenders take all)."""
_CACHE_LIMIT = 200_000


def _remember(key: tuple, value: tuple[int, bool, bool]) -> None:
    if len(_POSITIONS) > _CACHE_LIMIT:
        _POSITIONS.clear()
    _POSITIONS[key] = value


def hand_key(hand: Hand, me: int | None) -> tuple:
    game = game_of(hand)
    return (game.name, repr(hand.rules), game.deck_of(hand), tuple(hand.history), me)


def cached(hand: Hand, me: int | None) -> Analysis | None:
    """A finished analysis of this hand, if one was made already."""
    return _RESULTS.get(hand_key(hand, me))


# ------------------------------------------------------------------ entry point
def analyse(hand: Hand, me: int | None = None) -> Progress:
    """Analyse a finished hand for seat ``me`` (default: the declarer), in slices.

    Yields the progress (0..1) between units of work; returns the Analysis.
    """
    key = hand_key(hand, me)
    done = _RESULTS.get(key)
    if done is not None:
        return done
    game = game_of(hand)
    why = unsupported_reason(hand)
    if why:
        a = Analysis(
            game.name,
            hand.game if hand.game is not None else GameType.GRAND,
            hand.declarer if hand.declarer is not None else 0,
            me if me is not None else 0,
            game.seats,
            _NO_OUTCOME,
            _NO_OUTCOME,
            [],
            None,
            unsupported=why,
        )
        return a
    a = yield from ANALYSE[game](hand, me)
    _RESULTS[key] = a
    return a


def run_to_end(gen: Progress) -> Analysis:
    """Drive an analysis without slicing (tests, the command line)."""
    return run_steps(gen)


_NO_OUTCOME = Outcome(0, False, False, False, 0)


# ------------------------------------------------------------------ Skat
def play_start(hand: Hand) -> Hand:
    """The hand replayed from its deal up to the first card (all cards known)."""
    game = game_of(hand)
    fresh = game.new_hand(hand.rules, game.deck_of(hand))
    for a in hand.history:
        if fresh.phase == Phase.PLAY:
            break
        fresh.apply(a)
    return fresh


def played_cards(hand: Hand) -> list[tuple[int, int]]:
    """(seat, card) of every card played, in order."""
    n = game_of(hand).seats
    out = []
    for t in hand.tricks:
        for i, c in enumerate(t.cards):
            out.append(((t.leader + i) % n, c))
    return out


class _SkatJudge:
    """Best-play outcomes of positions of one Skat game, node-bounded slices."""

    def __init__(self, hand: SkatHand, game: GameType, declarer: int, skat: int, own: int) -> None:
        self.hand = hand
        self.game = game
        self.declarer = declarer
        self.skat_points = mask_points(skat)
        self.mats = matadors(game, own) if game != GameType.NULL else 0
        self.solver = SkatSolver(int(game), declarer)
        self.spent = 0
        """Solver nodes since the last pause."""
        self.guess = 61

    def _ask(self, fn: Callable[[int], bool]) -> Generator[float, None, bool]:
        """One solver question, resumed through the table after each slice."""
        while True:
            try:
                r = fn(SLICE_NODES)
            except SearchAborted:
                self.spent += SLICE_NODES
                yield -1.0
                yield from thin_tables(self.solver)
                continue
            self.spent += self.solver.nodes
            self.solver.reset_counters()
            if self.spent >= SLICE_NODES:
                self.spent = 0
                yield -1.0
            return r

    def _key(self) -> tuple:
        s = self.solver
        return (
            int(self.game),
            self.declarer,
            tuple(s.hands),
            tuple(s.trick),
            s.leader,
            s.declarer_points,
            s.declarer_tricks,
            s.defender_tricks,
        )

    def solve(self) -> Generator[float, None, tuple[int, bool, bool]]:
        """The current position: (final trick points, declarer takes every trick,
        defenders take every trick), under best play (Null: points 0; the middle
        flag says the declarer stays clean)."""
        key = self._key()
        got = _POSITIONS.get(key)
        if got is not None:
            return got
        s = self.solver
        s.reset_counters()
        yield from thin_tables(s)
        if self.game == GameType.NULL:
            clean = yield from self._ask(lambda n: s.null_declarer_wins(n))
            value = (0, clean, False)
            _remember(key, value)
            return value
        lo = s.declarer_points
        rem = s.hands[0] | s.hands[1] | s.hands[2]
        hi = lo + mask_points(rem) + sum(CARD_POINTS[c] for c in s.trick)
        # The value rarely moves from one position to the next: test around the last one first.
        # First "at least g?" and "at least g+1?", then bisection.
        g = min(max(self.guess, lo + 1), hi)
        probes = [g, g + 1]
        while lo < hi:
            t = probes.pop(0) if probes else (lo + hi + 1) // 2
            if not lo < t <= hi:
                continue
            if (yield from self._ask(partial(s.declarer_reaches, t))):
                lo = t
            else:
                hi = t - 1
                probes = [p for p in probes if p <= hi]
        points = lo
        self.guess = points
        all_points = points + self.skat_points >= 120 and not s.defender_tricks
        takes_all = all_points and (yield from self._ask(lambda n: s.declarer_takes_all(n)))
        takes_none = points == 0 and not s.declarer_tricks and (yield from self._ask(lambda n: s.defenders_take_all(n)))
        value = (points, bool(takes_all), bool(takes_none))
        _remember(key, value)
        return value

    def outcome(self, solved: tuple[int, bool, bool]) -> Outcome:
        points, all_tricks, no_tricks = solved
        if self.game == GameType.NULL:
            tricks = 0 if all_tricks else 1
            total = 0
        else:
            total = points + self.skat_points
            tricks = 10 if all_tricks else 0 if no_tricks else 5
        s = self.hand.score_game(self.game, self.mats, total, tricks)
        return Outcome(total, s.won, s.schneider, s.schwarz, s.value)


def _actual(hand: Hand) -> Outcome:
    r = hand.result
    assert r is not None
    return Outcome(r.declarer_points if r.game != "null" else 0, r.won, r.schneider, r.schwarz, r.value)


def _analyse_skat(hand: SkatHand, me: int | None) -> Progress:
    start = play_start(hand)
    assert isinstance(start, SkatHand) and start.declarer is not None and start.game is not None
    d = start.declarer
    game = start.game
    if me is None:
        me = d
    cards = played_cards(hand)
    own = hand.deal.hands[d] | hand.deal.skat
    judge = _SkatJudge(hand, game, d, start.skat, own)
    candidates = _candidate_plans(hand)
    units = len(cards) + 1 + len(candidates)
    done = 0
    s = judge.solver
    s.reset(tuple(start.hands), (), 0)
    before = judge.outcome((yield from _progress(judge.solve(), done, units)))
    best_start = before
    done += 1
    notes: list[CardNote] = []
    legals: list[int] = []
    for i, (seat, card) in enumerate(cards):
        legals.append(s.legal())
        s.play(card)
        after = judge.outcome((yield from _progress(judge.solve(), done, units)))
        done += 1
        notes.append(CardNote(i // 3 + 1, seat, card, seat == me, before, after, None, seat == d))
        before = after
    actual = _actual(hand)
    deciding = _deciding(notes, actual)
    # A better card only for what the screen shows: the person's costly cards and the deciding one.
    wanted = [i for i, n in enumerate(notes) if n.costly and (n.mine or n is deciding)]
    s.reset(tuple(start.hands), (), 0)
    played = 0
    for i in wanted:
        while played < i:
            s.play(cards[played][1])
            played += 1
        n = notes[i]
        best = yield from _find_best(judge, legals[i], n.card, n.before, done, units)
        notes[i] = replace(n, best=best)
        if n is deciding:
            deciding = notes[i]
    winnable: list[tuple[GameType, bool | None]] = []
    for plan in candidates:
        won = yield from _progress(_plan_wins(hand, d, plan), done, units)
        done += 1
        g = plan[0]
        prev = next((i for i, (pg, _) in enumerate(winnable) if pg == g), None)
        if prev is None:
            winnable.append((g, won))
        elif won and not winnable[prev][1]:
            winnable[prev] = (g, won)
    for _ in s.drain():  # free the big tables a slice at a time, not in one collector pass
        yield 0.99
    yield 1.0
    return Analysis("skat", game, d, me, 3, best_start, actual, notes, deciding, winnable)


def _progress(gen: Generator[object, None, T], done: int, units: int) -> Generator[float, None, T]:
    """Pass a sub-search's slices on as overall progress."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        yield min(0.99, done / units)


def _rank(o: Outcome) -> tuple[int, int]:
    return (o.score, o.points)


def _better(before: Outcome, after: Outcome, decl_side: bool) -> bool:
    """Did the side to move end worse after its card than best play allowed?"""
    if before == after:
        return False
    return _rank(after) < _rank(before) if decl_side else _rank(after) > _rank(before)


def _find_best(
    judge: _SkatJudge, legal: int, played: int, target: Outcome, done: int, units: int
) -> Generator[float, None, int | None]:
    """A legal card that keeps ``target``, the best outcome for the side to move
    (one yes/no test per card; an exact solve only where Schwarz is at stake)."""
    s = judge.solver
    decl_side = s.to_move == judge.declarer
    points = target.points - judge.skat_points  # trick points
    for c in range(32):
        if not legal >> c & 1 or c == played:
            continue
        s.play(c)
        if judge.game == GameType.NULL:
            clean = yield from _progress(judge._ask(lambda n: s.null_declarer_wins(n)), done, units)
            ok = clean == target.won
        elif target.schwarz:
            o = judge.outcome((yield from _progress(judge.solve(), done, units)))
            ok = _rank(o) == _rank(target)
        elif decl_side:
            ok = yield from _progress(judge._ask(lambda n: s.declarer_reaches(points, n)), done, units)
        else:
            ok = not (yield from _progress(judge._ask(lambda n: s.declarer_reaches(points + 1, n)), done, units))
        s.undo()
        if ok:
            return c
    return None


def _deciding(notes: list[CardNote], actual: Outcome) -> CardNote | None:
    """The last card that moved the result to the one that happened.

    Won or lost first: the last card after which best play ended as the hand
    did, where before it the other side could still force the other result.
    That holds even when best play from the start ends as the hand did: a
    result given away and won back, then given away again, was decided by the
    last such card, not by the cards.  Without such a card, the last card that
    moved Schneider, then Schwarz, to what happened; without any, the cards
    decided (None)."""
    for attr in ("won", "schneider", "schwarz"):
        for n in reversed(notes):
            if getattr(n.before, attr) != getattr(n.after, attr) and getattr(n.after, attr) == getattr(actual, attr):
                return n
    return None


def _tables(solver: SkatSolver) -> list[dict]:
    """The solver's transposition tables (read here, never changed but by
    :func:`thin_tables`); empty if the solver keeps them differently."""
    searches = getattr(solver, "_searches", None)
    if not isinstance(searches, dict):
        return []
    return [x.tt for x in searches.values() if isinstance(getattr(x, "tt", None), dict)]


def _table_sizes(solver: SkatSolver) -> list[int]:
    return [len(tt) for tt in _tables(solver)]


def thin_tables(solver: SkatSolver) -> Generator[float, None, None]:
    """Before a table fills up, drop its positions with the fewest cards left
    (the cheapest to search again, as the solver's own pruning does), at most
    :data:`PRUNE_CHUNK` entries per slice, until half of it is free."""
    for tt in _tables(solver):
        if len(tt) < TABLE_ROOM:
            continue
        keys = list(tt)
        yield -1.0
        low = ALL_CARDS  # a key's low 32 bits: the cards still held
        by_cards: dict[int, list[int]] = {}
        for i in range(0, len(keys), PRUNE_CHUNK):
            for k in keys[i : i + PRUNE_CHUNK]:
                n = (k & low).bit_count()  # as the solver's own pruning counts
                by_cards.setdefault(n, []).append(k)
            yield -1.0
        free = len(tt) - TT_CAPACITY // 2
        for n in sorted(by_cards):
            if free <= 0:
                break
            drop = by_cards[n]
            for i in range(0, len(drop), PRUNE_CHUNK):
                pop = tt.pop
                for k in drop[i : i + PRUNE_CHUNK]:
                    pop(k, None)
                yield -1.0
            free -= len(drop)


# ------------------------------------------------------------------ which games would have won
Plan = tuple[GameType, tuple[int, int], int]
"""(game, discards, declared value it is scored at)."""


def _candidate_plans(hand: SkatHand) -> list[Plan]:
    from ..expert.skat_calls import null_discards, trump_discards

    d = hand.declarer
    assert d is not None
    cards = hand.deal.hands[d] | hand.deal.skat
    plans: list[Plan] = []
    for g in CANDIDATE_GAMES:
        if g == GameType.NULL:
            for pair in null_discards(cards, 0, DISCARDS_TRIED):
                plans.append((g, pair, 23))
            continue
        if (cards & TRUMPS[g]).bit_count() < (2 if g == GameType.GRAND else 4):
            continue  # too few trumps to be worth the search
        for pair in trump_discards(cards, g, 0, DISCARDS_TRIED):
            plans.append((g, pair, game_value(g, cards, False)))
    return plans


def _plan_wins(hand: SkatHand, d: int, plan: Plan) -> Generator[float, None, bool | None]:
    """Would this game, with these discards, have been won double dummy at the bid?"""
    game, pair, value = plan
    cards = hand.deal.hands[d] | hand.deal.skat
    hands = list(hand.deal.hands)
    hands[d] = cards & ~mask_of(pair)
    solver = SkatSolver(int(game), d)
    solver.reset(tuple(hands), (), 0)
    skat_points = CARD_POINTS[pair[0]] + CARD_POINTS[pair[1]]
    if game == GameType.NULL:
        if hand.bid > 46:
            return False
        question: Callable[[int], bool] = lambda n: solver.null_declarer_wins(n)  # noqa: E731
    else:
        target = 61
        if value < hand.bid:
            if value + BASE_VALUES[game] < hand.bid:
                return False  # not even Schneider would reach the bid
            target = 90
        question = lambda n: solver.declarer_reaches(target - skat_points, n)  # noqa: E731
    spent = 0
    answer: bool | None = None
    while spent < GAME_TEST_NODES:
        try:
            answer = question(SLICE_NODES)
            break
        except SearchAborted:
            spent += SLICE_NODES
            if _table_sizes(solver) and max(_table_sizes(solver)) >= TABLE_ROOM:
                break  # too costly to tell: stop before the solver prunes its table in one piece
            yield -1.0
    for _ in solver.drain():
        yield -1.0
    return answer


# ------------------------------------------------------------------ Officers' Skat
def _analyse_officers(hand: OfficersHand, me: int | None) -> Progress:
    from ..expert.officers_layouts import Budget, Scorer, hand_position, outcome

    start = play_start(hand)
    assert isinstance(start, OfficersHand) and start.declarer is not None and start.game is not None
    d = start.declarer
    if me is None:
        me = d
    cards = played_cards(hand)
    rng = random.Random(0)
    cache: dict = {}
    budget = Budget()
    classes = _ClassScorer(Scorer(start, hand.rules, d), start)
    units = len(cards) + 1
    done = 0

    def judge(h: OfficersHand) -> Generator[float | None, None, Outcome]:
        if h.done:
            r = h.result
            assert r is not None
            return classes.outcome(r.declarer_points, r.declarer_tricks)
        key = ("officers", repr(hand.rules), tuple(hand.deck), tuple(h.history))
        got = _POSITIONS.get(key)
        if got is None:
            pos = hand_position(h, rng)
            code = yield from outcome(pos, classes, 99, cache, budget)
            got = (int(code), False, False)
            _remember(key, got)
        return classes.outcome(*divmod(got[0], 1000))

    h = start.clone()
    before = yield from _progress(judge(h), done, units)
    best_start = before
    done += 1
    notes: list[CardNote] = []
    snapshots: list[OfficersHand] = []
    for i, (seat, card) in enumerate(cards):
        snapshots.append(h.clone())
        h.apply(card)
        after = yield from _progress(judge(h), done, units)
        done += 1
        notes.append(CardNote(i // 2 + 1, seat, card, seat == me, before, after, None, seat == d))
        before = after
    result = hand.result
    assert result is not None, "only a finished hand is analysed"
    actual = classes.outcome(result.declarer_points, result.declarer_tricks)
    deciding = _deciding(notes, actual)
    for i, n in enumerate(notes):
        if not (n.costly and (n.mine or n is deciding)):
            continue
        snapshot = snapshots[i]
        legal = snapshot.legal_play_mask()
        found: tuple[Outcome, int] | None = None
        for c in range(32):
            if legal >> c & 1 and c != n.card:
                other = snapshot.clone()
                other.apply(c)
                o = yield from _progress(judge(other), done, units)
                if found is None or _better(found[0], o, not n.declarer_side):
                    found = (o, c)
                if _rank(o) == _rank(n.before):
                    break
        if found is not None and _better(found[0], n.after, n.declarer_side):
            notes[i] = replace(n, best=found[1])
            if n is deciding:
                deciding = notes[i]
    yield 1.0
    return Analysis(
        "officers",
        start.game,
        d,
        me,
        2,
        best_start,
        actual,
        notes,
        deciding,
        face_down=True,
    )


class _ClassScorer:
    """Stands in for the Officers' Scorer so that ``outcome`` reports the
    declarer's points class and tricks (the solver answers thresholds: 61,
    Schneider, Schwarz), which :meth:`outcome` turns into an Outcome.  Points
    are shown as the class's threshold, never as exact card points."""

    def __init__(self, scorer: Scorer, hand: OfficersHand) -> None:
        self.scorer = scorer
        self.declarer = scorer.declarer
        self.total_tricks = scorer.total_tricks
        self.me = scorer.me  # the declarer: the classes are the declarer's
        assert hand.declarer is not None
        self.own = hand.origin[hand.declarer] | hand.deck_skat()
        self.null = hand.game == GameType.NULL

    def utility(self, decl_points: int, decl_tricks: int, own: int) -> float:
        return float(decl_points * 1000 + decl_tricks)

    def ramsch(self, my_points: int) -> float:  # pragma: no cover - Ramsch is not analysed
        return 0.0

    def outcome(self, points: int, tricks: int) -> Outcome:
        total = self.total_tricks
        tricks = 0 if tricks <= 0 else total if tricks >= total else 1
        if self.null:
            value = int(self.scorer.utility(0, tricks, self.own))
            return Outcome(0, tricks == 0, False, False, value)
        # The classes the solver tells apart (as in officers_layouts.outcome).
        if points >= 61:
            points = 120 if tricks == total else 100 if points >= 91 else 75
        else:
            points = 0 if tricks == 0 else 45 if points >= 30 else 20
        value = int(self.scorer.utility(points, tricks, self.own))
        return Outcome(points, value > 0, points <= 29 or points >= 91, tricks in (0, total), value)


ANALYSE: dict[Game, Callable[[Any, int | None], Progress]] = {SKAT: _analyse_skat, OFFICERS: _analyse_officers}
"""Each game's analysis of a finished hand."""
