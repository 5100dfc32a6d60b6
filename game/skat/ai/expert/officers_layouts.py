"""What the expert's Officers' Skat search works on: sampled layouts of the
hidden cards (:class:`LayoutSampler`), the full hand they make
(:func:`materialize`), and the score of a position under the game's own terms
(:class:`Scorer`, :func:`outcome`: won or lost, Schneider, Schwarz, Kontra and
Re, matadors), searched by :class:`~skat.ai.solve.officers_solver.OfficersSolver`
in units of a node limit.  Its cards (:mod:`.officers_cards`) and its calls
(:mod:`.officers_calls`) share them.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Protocol

from ...engine import actions as A
from ...engine import games
from ...engine.cards import ALL_CARDS, CARD_POINTS, mask_points
from ...engine.officers import OfficersHand, OfficersObservation, OPhase, _officers_score, admirals_score
from ...engine.rules import Rules
from ...engine.tricks import FOLLOW, GameType
from ...engine.values import matadors
from ..model.worlds import replayed
from ..solve.officers_solver import OfficersSolver, OutOfNodes

NODE_LIMIT = 300
"""Solver nodes per unit of work: about 2 ms natively (with the sampling and
evaluation around them, a unit stays under 5 ms)."""

Probe = Generator[None, None, bool]


def quietly(gen: Generator[int | None, None, int]) -> Generator[None, None, int]:
    """Run another thinking in our slices, hiding its provisional actions
    (they belong to a play-out or a fallback, not to this decision)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        yield None


class Budget:
    """Solver nodes spent since the last yield, shared by every test of a decision."""

    __slots__ = ("spent",)

    def __init__(self) -> None:
        self.spent = 0


def _probe(solver: OfficersSolver, leader: int, lead: int | None, need: int, budget: Budget) -> Probe:
    """A solver test run in units of at most NODE_LIMIT nodes (counting the
    tests before it since the last yield), resumed through the
    transposition table after each unit."""
    while True:
        limit = max(NODE_LIMIT // 10, NODE_LIMIT - budget.spent)
        try:
            if lead is None:
                result = solver.reach(leader, need, limit)
            else:
                result = solver.reach_after_lead(leader, lead, need, limit)
        except OutOfNodes:
            budget.spent = 0
            yield None
            continue
        budget.spent += solver.nodes
        if budget.spent >= NODE_LIMIT:
            budget.spent = 0
            yield None
        return result


# ------------------------------------------------------------------ scoring
class Scoring(Protocol):
    """What :func:`outcome` asks of a scorer (a :class:`Scorer`, or the
    analysis's class scorer that reports outcome classes instead)."""

    @property
    def me(self) -> int: ...
    @property
    def declarer(self) -> int | None: ...
    @property
    def total_tricks(self) -> int: ...
    def utility(self, decl_points: int, decl_tricks: int, own: int) -> float: ...
    def ramsch(self, my_points: int) -> float: ...


class Scorer:
    """The final score of a hand as a function of the declarer's card points
    and tricks, for seat ``me``: its score minus the opponent's (what a
    duplicate match counts)."""

    def __init__(self, view: OfficersObservation | OfficersHand, rules: Rules, me: int) -> None:
        self.rules = rules
        self.me = me
        self.game = view.game
        self.declarer = view.declarer
        self.admirals = rules.officers_layout == "admirals"
        self.total_tricks = 15 if self.admirals else 16
        self.kontra, self.re = view.kontra, view.re
        self.hand_game = view.hand_game
        self.schneider_announced = view.schneider_announced
        self.schwarz_announced = view.schwarz_announced
        self.bid = view.bid

    def utility(self, decl_points: int, decl_tricks: int, own: int) -> float:
        game = self.game
        d = self.declarer
        assert game is not None and d is not None
        mats = 0 if game == GameType.NULL else matadors(game, own, jacks_only=not self.rules.more_matadors)
        if self.admirals:
            s = admirals_score(self, game, mats, decl_points, decl_tricks)
            return float(s.value if d == self.me else -s.value)
        r = _officers_score(
            self.rules, game, mats, decl_points, decl_tricks, self.total_tricks, self.kontra, self.re, d
        )
        scores = r["scores"]
        return float(scores[self.me] - scores[1 - self.me])

    def ramsch(self, my_points: int) -> float:
        """Officers' Ramsch: the seat with more card points is charged them."""
        if my_points > 60:
            return -float(my_points)
        if my_points < 60:
            return float(120 - my_points)
        return 0.0


class Position:
    """A fully known position at a trick start or with one card led, plus
    what has been scored so far: the solver's question is what comes of it."""

    __slots__ = (
        "game",
        "hands",
        "covered",
        "under",
        "seen",
        "leader",
        "lead",
        "points",
        "tricks",
        "skat",
        "own",
        "blind_order",
    )

    def __init__(
        self,
        game: int,
        hands: list[int],
        covered: int,
        under: list[int],
        seen: tuple[int, int],
        leader: int,
        lead: int | None,
        points: list[int],
        tricks: list[int],
        skat: int,
        own: int,
        blind_order: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
    ) -> None:
        self.blind_order = blind_order
        self.game = game
        self.hands = hands
        self.covered = covered
        self.under = under
        self.seen = seen
        self.leader = leader
        self.lead = lead
        """The card led to the open trick (already out of the leader's hand), or None."""
        self.points = points
        self.tricks = tricks
        self.skat = skat
        """Card points that count for the declarer besides the tricks (Admirals' skat)."""
        self.own = own
        """Every card the declarer held, for the matadors."""


def outcome(pos: Position, scorer: Scoring, depth: int, cache: dict, budget: Budget) -> Generator[None, None, float]:
    """The score for ``scorer.me`` when both seats play ``pos`` perfectly, as
    a few threshold tests: 61, then Schneider or 30, then Schwarz where it can
    still happen.  ``cache`` keeps one solver (and its table) per question."""
    game = pos.game
    me = scorer.me

    def test(measure: str, max_seat: int, count_seat: int, need: int) -> Probe:
        key = (measure, max_seat, count_seat)
        s = cache.get(key)
        if s is None:
            s = OfficersSolver(
                game,
                pos.hands,
                pos.covered,
                pos.under,
                max_seat,
                measure,
                pos.seen,
                count_seat=count_seat,
                depth=depth,
                blind_order=pos.blind_order,
            )
            cache[key] = s
        else:
            s.hands[0], s.hands[1] = pos.hands[0], pos.hands[1]
            s.covered = pos.covered
        return (yield from _probe(s, pos.leader, pos.lead, need, budget))

    points, tricks = pos.points, pos.tricks
    if game == GameType.NO_TRUMP:
        opp = 1 - me
        lo, hi = 0, mask_points(pos.hands[0] | pos.hands[1]) + (CARD_POINTS[pos.lead] if pos.lead is not None else 0)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if (yield from test("points", opp, me, mid)):
                lo = mid
            else:
                hi = mid - 1
        return scorer.ramsch(points[me] + lo)
    d = scorer.declarer
    assert d is not None
    o = 1 - d
    own = pos.own
    total = scorer.total_tricks
    if game == GameType.NULL:
        if tricks[d]:
            return scorer.utility(0, tricks[d], own)
        loses = yield from test("tricks", o, d, 1)
        return scorer.utility(0, 1 if loses else 0, own)
    have = points[d] + pos.skat
    if (yield from test("points", d, d, 61 - have)):
        if (yield from test("points", d, d, 91 - have)):
            final, decl_tricks = 100, total - 1
            if tricks[o] == 0 and (yield from test("tricks", d, d, total - tricks[d])):
                final, decl_tricks = 120, total
        else:
            final, decl_tricks = 75, total - 1
    else:
        decl_tricks = max(1, tricks[d])
        if (yield from test("points", d, d, 30 - have)):
            final = 45
        else:
            final = 20
            if tricks[d] == 0 and not (yield from test("tricks", d, d, 1)):
                final, decl_tricks = pos.skat, 0
    return scorer.utility(final, decl_tricks, own)


# ------------------------------------------------------------------ sampling
class Layout:
    """One sampled placement of the hidden cards, ready for the solver."""

    __slots__ = ("hands", "covered", "under", "seen", "skat", "blind", "blind_order")

    def __init__(
        self,
        hands: list[int],
        covered: int,
        under: list[int],
        seen: tuple[int, int],
        skat: int,
        blind: int,
        blind_order: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
    ) -> None:
        self.blind_order = blind_order
        """Harlequin: the order in which each seat's blind cards would come out."""
        self.hands = hands
        self.covered = covered
        self.under = under
        self.seen = seen
        self.skat = skat
        self.blind = blind
        """The thinking seat's own cards it cannot see (Harlequin)."""


class LayoutSampler:
    """What one seat knows during play, and random layouts that fit it."""

    def __init__(self, obs: OfficersObservation, rules: Rules) -> None:
        me, opp = obs.seat, 1 - obs.seat
        self.me = me
        self.harlequin = rules.officers_layout == "harlequin"
        game = obs.game
        assert game is not None
        played = obs.played
        self.played = played
        visible = [0, 0]
        visible[me] = (obs.playable[me] | obs.hand) & ~played
        visible[opp] = (obs.playable[opp] | obs.opponent_hand_visible) & ~played
        self.visible = visible
        self.skat_known = obs.skat
        self.pool = ALL_CARDS & ~(played | visible[0] | visible[1] | obs.skat)
        # Face-down slots: the card a hidden card lies under.
        self.down_slots: list[tuple[int, int]] = []
        self.loose = [0, 0]
        for seat in (0, 1):
            for down, up in obs.piles[seat]:
                if down == -1:
                    if up is not None:
                        self.down_slots.append((seat, up))
                    else:
                        self.loose[seat] += 1
        self.my_blind = obs.blind
        self.opp_hidden = obs.opponent_hand_count - obs.opponent_hand_visible.bit_count()
        self.skat_slots = 2 if rules.officers_layout == "admirals" and not obs.skat else 0
        # Suits the opponent showed it has no more of in its hidden hand.
        void = 0
        follow = FOLLOW[game]
        for t in obs.tricks:
            if t.leader == me:
                lead, answer = t.cards
                if not follow[lead] >> answer & 1:
                    void |= follow[lead]
        self.opp_void = void
        self.opp_seen_visible = obs.opponent_hand_visible
        self.my_seen = obs.hand
        need = len(self.down_slots) + self.loose[0] + self.loose[1] + self.my_blind + self.opp_hidden + self.skat_slots
        self.consistent = need == self.pool.bit_count()

    def sample(self, rng: random.Random) -> Layout:
        me, opp = self.me, 1 - self.me
        pool = [c for c in range(32) if self.pool >> c & 1]
        rng.shuffle(pool)
        # The opponent's hidden hand first, from the suits it may still hold.
        allowed = [c for c in pool if not self.opp_void >> c & 1]
        take = allowed[: self.opp_hidden]
        if len(take) < self.opp_hidden:
            rest = [c for c in pool if c not in take]
            take += rest[: self.opp_hidden - len(take)]
        opp_hidden = 0
        for c in take:
            opp_hidden |= 1 << c
        rest = [c for c in pool if not opp_hidden >> c & 1]
        hands = [self.visible[0], self.visible[1]]
        hands[opp] |= opp_hidden
        i = 0
        blind = 0
        for _ in range(self.my_blind):
            blind |= 1 << rest[i]
            i += 1
        hands[me] |= blind
        for seat in (0, 1):
            for _ in range(self.loose[seat]):
                hands[seat] |= 1 << rest[i]
                i += 1
        skat = self.skat_known
        for _ in range(self.skat_slots):
            skat |= 1 << rest[i]
            i += 1
        under = [-1] * 32
        covered = 0
        for seat, up in self.down_slots:
            c = rest[i]
            i += 1
            under[up] = c
            covered |= 1 << c
            hands[seat] |= 1 << c
        if self.harlequin:
            seen = [0, 0]
            seen[me] = self.my_seen
            seen[opp] = opp_hidden
            seen_t = (seen[0], seen[1])
            order: list[list[int]] = [[], []]
            order[me] = [c for c in range(32) if blind >> c & 1]
            order[opp] = [c for c in range(32) if self.opp_seen_visible >> c & 1]
            rng.shuffle(order[0])
            rng.shuffle(order[1])
            return Layout(hands, covered, under, seen_t, skat, blind, (tuple(order[0]), tuple(order[1])))
        return Layout(hands, covered, under, (ALL_CARDS, ALL_CARDS), skat, blind)


def materialize(obs: OfficersObservation, rules: Rules, rng: random.Random) -> OfficersHand | None:
    """A whole hand at the same decision point, hidden cards sampled: the
    deck is filled around the cards this seat saw and the history replayed
    (by :func:`skat.ai.model.worlds.replayed`, as a sampled Skat world becomes
    a hand by :func:`~skat.ai.model.worlds.skat_hand_of`; the Admirals' layout,
    whose skat has left the deck, is set to its decision point directly)."""
    layout = rules.officers_layout
    me, opp = obs.seat, 1 - obs.seat
    deck: list[int | None] = [None] * 32
    if layout == "officers":
        for seat, first in ((0, 8), (1, 12)):
            for i in range(4):
                up = obs.piles[seat][i][1]
                if up is not None and up >= 0:
                    deck[first + i] = up
        for seat, first in ((0, 24), (1, 28)):
            for i in range(4):
                up = obs.piles[seat][4 + i][1]
                if up is not None and up >= 0:
                    deck[first + i] = up
    elif layout == "harlequin":
        mine = [c for c in range(32) if obs.hand >> c & 1]
        theirs = [c for c in range(32) if obs.opponent_hand_visible >> c & 1]
        for i in range(32):
            seat, seen = i % 2, (i // 2) % 2 == 0
            if seat == me and seen and mine:
                deck[i] = mine.pop()
            elif seat == opp and not seen and theirs:
                deck[i] = theirs.pop()
    else:
        for seat, first in ((0, 10), (1, 15)):
            for i in range(5):
                up = obs.piles[seat][i][1]
                if up is not None and up >= 0:
                    deck[first + i] = up
        mine = [c for c in range(32) if obs.hand >> c & 1]
        first = 20 if me == 0 else 25
        if len(mine) != 5:
            return None
        for i, c in enumerate(mine):
            deck[first + i] = c
        skat = [c for c in range(32) if obs.skat >> c & 1]
        for i, c in enumerate(skat[:2]):
            deck[30 + i] = c
    used = 0
    for card in deck:
        if card is not None:
            used |= 1 << card
    pool = [c for c in range(32) if not used >> c & 1]
    rng.shuffle(pool)
    for i in range(32):
        if deck[i] is None:
            deck[i] = pool.pop()
    dealt = [c for c in deck if c is not None]
    try:
        if layout == "admirals":
            start = replayed(games.OFFICERS, rules, dealt, ())
            assert isinstance(start, OfficersHand)
            h = start
            h.phase = obs.phase
            h.to_move = obs.seat
            h.declarer = obs.declarer
            h.bid = obs.bid
            h.hand_game = obs.hand_game
            h.discards = 2 if obs.skat else 0
            h.game = obs.game
            h.kontra, h.re = obs.kontra, obs.re
            h.schneider_announced = obs.schneider_announced
            h.schwarz_announced = obs.schwarz_announced
            h.passes = list(obs.passes)
        else:
            calls = [A.PASS for _ in obs.passes]
            if obs.phase in (OPhase.KONTRA, OPhase.RE):
                assert obs.game is not None
                calls.append(A.declare(obs.game, schneider=obs.schneider_announced, schwarz=obs.schwarz_announced))
            if obs.phase == OPhase.RE:
                calls.append(A.KONTRA)
            replay = replayed(games.OFFICERS, rules, dealt, calls)
            assert isinstance(replay, OfficersHand)
            h = replay
    except Exception:
        return None
    if h.phase != obs.phase or h.to_move != obs.seat:
        return None
    return h


def hand_position(h: OfficersHand, rng: random.Random) -> Position:
    """The solver's view of a hand in play, every card known (Harlequin: the
    blind cards come out in a random order)."""
    hands = [h.up[0] | h.down[0] | h.handm[0], h.up[1] | h.down[1] | h.handm[1]]
    under = [-1] * 32
    for c, below in h.under.items():
        under[c] = below
    seen = (h.seen[0], h.seen[1]) if h.layout == "harlequin" else (ALL_CARDS, ALL_CARDS)
    blind_order = None
    if h.layout == "harlequin":
        order = [[c for c in range(32) if (h.handm[s] & ~h.seen[s]) >> c & 1] for s in (0, 1)]
        rng.shuffle(order[0])
        rng.shuffle(order[1])
        blind_order = (tuple(order[0]), tuple(order[1]))
    d = h.declarer
    own = (h.origin[d] | h.deck_skat()) if d is not None else 0
    skat_points = mask_points(h.skat) if h.layout == "admirals" else 0
    lead = h.trick[0] if h.trick else None
    assert h.game is not None
    covered = h.down[0] | h.down[1]
    points, tricks = h.points[:], h.trick_counts[:]
    return Position(h.game, hands, covered, under, seen, h.leader, lead, points, tricks, skat_points, own, blind_order)
