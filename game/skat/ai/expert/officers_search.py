"""The expert's Officers' Skat decisions: sampled layouts solved exactly.

Nobody sees the face-down cards, so card play is a game of perfect information
with chance.  For a card: sample the hidden cards (face-down cards, and the
hand cards the seat cannot see in Harlequin and Admirals' Skat) consistently
with everything seen, solve each sampled layout with
:class:`~skat.ai.solve.officers_solver.OfficersSolver` after each candidate card, and
play the card with the best average score under the game's own terms: won or
lost, Schneider (fewer than 30), Schwarz, Kontra and Re, matadors.  Early in
the hand the solver looks two tricks deep and a static estimate stands in
for the rest; from eight tricks to go it solves to the end.  In Harlequin
the search plays only once few cards are unknown (see
:data:`HARLEQUIN_MAX_UNKNOWN`); a Harlequin player's blind cards come out
in a sampled order, never by choice.

Declarations (trump choice, Null, passing), Kontra and Re are decided by
Monte Carlo: sample the hidden cards, play every candidate out on the same
samples (the strong heuristic in both seats, the last seven tricks solved
exactly) and take the best average score -- but the heuristic's calibrated
choice stands unless a candidate is clearly ahead; the declared game's
winning frequency in the play-outs becomes ``player.last_estimate``.  Admirals' Skat: taking the skat
or playing Hand is decided the same way; the auction and the discard are
left to the strong heuristic.

Every unit of work is one solver call with a node limit (about 10 ms), so a
decision runs in slices through the :class:`~skat.ai.base.Decision` generator.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator

from ...engine import actions as A
from ...engine.cards import CARD_POINTS, mask_points
from ...engine.officers import OfficersHand, OfficersObservation, OPhase, _officers_score, admirals_score
from ...engine.rules import Rules
from ...engine.tricks import FOLLOW, GameType, trick_winner
from ...engine.values import matadors
from .. import scores
from ..base import Player, Thinking
from ..effort import Effort
from ..heuristic import officers_calls
from ..heuristic import player as heuristic_player
from ..solve.officers_solver import ALL, OfficersSolver, OutOfNodes
from ..strengths import NORMAL, STRONG

NODE_LIMIT = 300
"""Solver nodes per unit of work: about 2 ms natively (with the sampling and
evaluation around them, a unit stays under 5 ms)."""
FULL_DEPTH_CARDS = 16
"""Solve to the end once at most this many cards remain in play (8 tricks)."""
EARLY_DEPTH = 2
"""Tricks searched before the static estimate, while more cards remain."""
DECLARE_EFFORT_FACTOR = 2.0
"""A declaration decides the whole hand: it may think this much longer."""
PROVISIONAL_BONUS = 1e-3
"""Ties go to the strong heuristic's card (a robust, explainable default)."""

BLIND = -1
"""The root option "play a card I cannot see" (Harlequin)."""

Probe = Generator[None, None, bool]


# ------------------------------------------------------------------ entry point
def think(obs: OfficersObservation, rules: Rules, rng: random.Random, effort: Effort, player: Player) -> Thinking:
    """Generator for one Officers' Skat decision of the expert."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    phase = obs.phase
    if phase == OPhase.PLAY:
        return (yield from _play(obs, rules, rng, effort))
    if phase in (OPhase.DECLARE, OPhase.KONTRA, OPhase.RE, OPhase.SKAT):
        return (yield from _by_rollouts(obs, rules, rng, effort, player))
    return (yield from heuristic_player.officers_think(obs, rules, STRONG, rng))


def _quietly(gen: Generator[int | None, None, int]) -> Generator[None, None, int]:
    """Run another thinking in our slices, hiding its provisional actions
    (they belong to a play-out or a fallback, not to this decision)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        yield None


# ------------------------------------------------------------------ scoring
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


def outcome(pos: Position, scorer: Scorer, depth: int, cache: dict, budget: Budget) -> Generator[None, None, float]:
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
        played = 0
        for t in obs.tricks:
            for c in t.cards:
                played |= 1 << c
        for _, c in obs.trick:
            played |= 1 << c
        self.played = played
        visible = [0, 0]
        visible[me] = (obs.playable[me] | obs.hand) & ~played
        visible[opp] = (obs.playable[opp] | obs.opponent_hand_visible) & ~played
        self.visible = visible
        self.skat_known = obs.skat
        self.pool = ALL & ~(played | visible[0] | visible[1] | obs.skat)
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
            order = [[], []]
            order[me] = [c for c in range(32) if blind >> c & 1]
            order[opp] = [c for c in range(32) if self.opp_seen_visible >> c & 1]
            rng.shuffle(order[0])
            rng.shuffle(order[1])
            return Layout(hands, covered, under, seen_t, skat, blind, (tuple(order[0]), tuple(order[1])))
        return Layout(hands, covered, under, (ALL, ALL), skat, blind)


# ------------------------------------------------------------------ card play
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
        played_by = [0, 0]
        for t in obs.tricks:
            for i, c in enumerate(t.cards):
                played_by[t.leader ^ i] |= 1 << c
        for seat, c in obs.trick:
            played_by[seat] |= 1 << c
        self.played_by = played_by
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


def _play(obs: OfficersObservation, rules: Rules, rng: random.Random, effort: Effort) -> Thinking:
    legal = obs.legal
    sampler = LayoutSampler(obs, rules)
    if sampler.harlequin and sampler.pool.bit_count() > HARLEQUIN_MAX_UNKNOWN:
        return (yield from heuristic_player.officers_think(obs, rules, STRONG, rng))
    fallback = yield from _quietly(heuristic_player.officers_think(obs, rules, NORMAL, random.Random(rng.random())))
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


# ------------------------------------------------------------------ declarations by play-outs
def materialize(obs: OfficersObservation, rules: Rules, rng: random.Random) -> OfficersHand | None:
    """A whole hand at the same decision point, hidden cards sampled: the
    deck is filled around the cards this seat saw and the history replayed."""
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
    for c in deck:
        if c is not None:
            used |= 1 << c
    pool = [c for c in range(32) if not used >> c & 1]
    rng.shuffle(pool)
    for i in range(32):
        if deck[i] is None:
            deck[i] = pool.pop()
    h = OfficersHand(rules, [c for c in deck if c is not None])
    try:
        if layout == "admirals":
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
            for _ in obs.passes:
                h.apply(A.PASS)
            if obs.phase in (OPhase.KONTRA, OPhase.RE):
                assert obs.game is not None
                h.apply(A.declare(obs.game, schneider=obs.schneider_announced, schwarz=obs.schwarz_announced))
            if obs.phase == OPhase.RE:
                h.apply(A.KONTRA)
    except Exception:
        return None
    if h.phase != obs.phase or h.to_move != obs.seat:
        return None
    return h


ROLLOUT_SOLVE_CARDS = 14
"""A play-out hands over to the solver once this many cards remain."""


def hand_position(h: OfficersHand, rng: random.Random) -> Position:
    """The solver's view of a hand in play, every card known (Harlequin: the
    blind cards come out in a random order)."""
    hands = [h.up[0] | h.down[0] | h.handm[0], h.up[1] | h.down[1] | h.handm[1]]
    under = [-1] * 32
    for c, below in h.under.items():
        under[c] = below
    seen = (h.seen[0], h.seen[1]) if h.layout == "harlequin" else (ALL, ALL)
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
        h.apply((yield from _quietly(heuristic_player.officers_think(obs, rules, STRONG, rng))))
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
    fallback = yield from _quietly(heuristic_player.officers_think(obs, rules, STRONG, random.Random(rng.random())))
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
