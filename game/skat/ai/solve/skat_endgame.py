"""The last tricks of a Skat suit game or Grand, searched instead of guessed.

With four tricks or fewer to go a strong player deals the unseen cards at
random a few times, consistent with everything it knows (cards played, voids
shown, an open hand), and searches each deal to the end with alpha-beta on the
card points.  The card that does best on average is played.

The search runs in slices like any other decision: it is a generator that
pauses after every :data:`NODES_PER_UNIT` search nodes (and after each deal),
so no unit of work is longer than a frame can absorb, whatever the position.
Pausing changes nothing else: the same deals, nodes and choice as one
uninterrupted search.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ...engine.cards import CARD_POINTS, iter_cards
from ...engine.skat_hand import SkatObservation
from ...engine.tricks import GameType, trick_winner
from ..model.knowledge import SkatKnowledge
from ..strengths import Strength

MAX_TRICKS = 4
SAMPLES = {1: 1, 2: 12, 3: 8, 4: 6}
"""Deals searched, by tricks left (one trick left needs no guessing about the order)."""
NODE_LIMIT = 8000
"""Search nodes per decision, a hard cap: a deal whose search would pass it is
dropped, so no decision takes long even on a slow machine."""
NODES_PER_UNIT = 250
"""Search nodes between two pauses: about 1 ms of native CPython, so a unit
stays well inside the 5 ms a frame can give even on a slower machine."""

last_search: _Search | None = None
"""The search of the latest endgame decision, kept so that tests and
benchmarks can count its work (nodes) unit by unit."""


class _OutOfNodes(Exception):
    pass


def searched(game: int, held: int) -> bool:
    """Does a strong player search this position (a trump game, ``held``
    cards in the hand of the seat to move) instead of applying its rules?"""
    return game <= GameType.GRAND and held <= MAX_TRICKS


def endgame_card(
    obs: SkatObservation, profile: Strength, rng: random.Random
) -> Generator[int | None, None, int | None]:
    """Best card by sampled perfect-information search, or None when the
    position is not an endgame of a suit game or Grand (or no deal fits).
    Yields the best card so far after each deal searched."""
    global last_search
    legal = list(obs.legal)
    game = obs.game
    if game is None or len(legal) < 2 or obs.declarer is None or not searched(game, obs.hand.bit_count()):
        return None
    kn = SkatKnowledge(obs, game, profile)
    tricks_left = kn.held[kn.me]
    search = last_search = _Search(kn)
    totals = dict.fromkeys(legal, 0.0)
    trick = [c for _, c in obs.trick]
    leader = obs.trick[0][0] if obs.trick else obs.seat
    sign = 1.0 if kn.me == kn.declarer else -1.0
    dealt = 0
    for _ in range(SAMPLES[tricks_left]):
        hands = _deal(kn, rng)
        if hands is None:
            continue
        values = {}
        try:
            for c in legal:
                h = hands[:]
                h[kn.me] &= ~(1 << c)
                values[c] = yield from search.after_card(h, trick + [c], leader)
        except _OutOfNodes:
            break
        dealt += 1
        for c in legal:
            totals[c] += values[c]
        yield max(legal, key=lambda c: sign * totals[c])
    if not dealt:
        return None
    return max(legal, key=lambda c: sign * totals[c])


def _deal(kn: SkatKnowledge, rng: random.Random) -> list[int] | None:
    """Hands for the three seats consistent with what this seat knows."""
    hands = [0, 0, 0]
    hands[kn.me] = kn.hand
    others = [s for s in range(3) if s != kn.me]
    free = kn.out
    for s in others:
        if kn.known[s]:
            hands[s] = kn.known[s]
            free &= ~kn.known[s]
    for _attempt in range(12):
        rest = free
        ok = True
        # The seat with fewer possible cards picks first, so voids are honoured.
        order = sorted((s for s in others if not kn.known[s]), key=lambda s: (kn.pool[s] & free).bit_count())
        dealt = hands[:]
        for s in order:
            choices = list(iter_cards(kn.pool[s] & rest))
            need = kn.held[s]
            if len(choices) < need:
                ok = False
                break
            picked = rng.sample(choices, need)
            for c in picked:
                dealt[s] |= 1 << c
                rest &= ~(1 << c)
        if ok:
            return dealt
    return None


class _Search:
    """Alpha-beta over the remaining tricks; value = the declarer's card points
    from now on.  A generator throughout: it pauses (yields None) every
    :data:`NODES_PER_UNIT` nodes.  Hands and the trick are changed in place and
    restored (make/undo), so a node allocates nothing but its generator."""

    def __init__(self, kn: SkatKnowledge) -> None:
        self.follow = kn.follow
        self.game = kn.game
        self.declarer = kn.declarer
        self.nodes = 0
        self.pause_at = NODES_PER_UNIT

    def after_card(self, hands: list[int], trick: list[int], leader: int) -> Generator[None, None, float]:
        """The declarer's points from here on, after the last card of ``trick``."""
        return (yield from self._after(hands, trick, leader, -1000.0, 1000.0))

    def _after(
        self, hands: list[int], trick: list[int], leader: int, alpha: float, beta: float
    ) -> Generator[None, None, float]:
        self.nodes += 1
        if self.nodes > NODE_LIMIT:
            raise _OutOfNodes
        if self.nodes >= self.pause_at:
            self.pause_at += NODES_PER_UNIT
            yield None
        gained = 0
        if len(trick) == 3:
            winner = (leader + trick_winner(self.game, trick)) % 3
            if winner == self.declarer:
                gained = CARD_POINTS[trick[0]] + CARD_POINTS[trick[1]] + CARD_POINTS[trick[2]]
            if not hands[winner]:
                return gained
            alpha -= gained
            beta -= gained
            trick = []
            leader = seat = winner
        else:
            seat = (leader + len(trick)) % 3
        held = hands[seat]
        cards = held
        if trick:
            follow = cards & self.follow[trick[0]]
            if follow:
                cards = follow
        maximizing = seat == self.declarer
        best = -1000.0 if maximizing else 1000.0
        while cards:
            low = cards & -cards
            cards ^= low
            hands[seat] = held ^ low
            trick.append(low.bit_length() - 1)
            v = yield from self._after(hands, trick, leader, alpha, beta)
            trick.pop()
            if maximizing:
                if v > best:
                    best = v
                if v > alpha:
                    alpha = v
            else:
                if v < best:
                    best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        hands[seat] = held
        return gained + best
