"""Sampled Skat worlds: where the cards a seat cannot see may lie.

Every Skat player that searches or simulates needs whole deals, so this is
the one place that deals the unseen cards: the expert's card play (weighed
further by :mod:`skat.ai.expert.sampling`), the expert's calls
(:mod:`skat.ai.expert.skat_calls`, :mod:`skat.ai.expert.ramsch_calls`) and
the strong heuristic's endgame (:mod:`skat.ai.solve.skat_endgame`).

A :class:`World` is one guess: the cards each seat holds and the skat.  A
:class:`WorldSampler` draws worlds that honour the hard facts a seat knows:

- the cards it holds or has seen in another hand (an Ouvert hand, its own
  twelve cards before the discard) and in the skat;
- the cards gone (played);
- the suits a seat cannot hold (it did not follow);
- how many cards each hand and the skat hold.

Its draws are uniform over all worlds that fit: the unseen cards are grouped
by the places that may take them, the worlds are counted group by group, and
each group's share of every place is drawn in proportion to the worlds it
leaves (so a draw never runs into a dead end and needs no retries).

Soft evidence (the auction, the play) weighs in by rejection: :func:`weighed`
keeps a candidate with the probability its weight gives and, after a budget
of candidates, the likeliest one.  :func:`skat_hand_of` turns a world into a
hand of the engine to play a game out on it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from math import factorial

from ...engine import actions as A
from ...engine import games
from ...engine.cards import ALL_CARDS
from ...engine.deal import SkatDeal
from ...engine.games import Game, Hand
from ...engine.rules import ISKO, Rules
from ...engine.skat_hand import SkatHand
from .knowledge import SkatKnowledge

SKAT = 3
"""Index of the skat among the places of a world (seats are 0..2)."""
PLACES = 4


@dataclass(frozen=True, slots=True)
class World:
    """One guess of the whole deal: each seat's cards and the skat (masks),
    with the weight the soft evidence gave it (1.0: none)."""

    hands: tuple[int, int, int]
    skat: int
    weight: float = 1.0


class WorldSampler:
    """Uniform draws of the worlds that fit the hard facts.

    ``fixed[p]`` are the cards known to lie in place ``p`` (seats 0..2, the
    skat 3); ``room[p]`` how many unseen cards place ``p`` takes on top of
    them; ``unseen`` the cards to deal; ``barred[p]`` the cards place ``p``
    cannot hold (voids).  Every unseen card must go to some place."""

    def __init__(
        self, fixed: Sequence[int], room: Sequence[int], unseen: int, barred: Sequence[int] = (0, 0, 0, 0)
    ) -> None:
        self.fixed = tuple(fixed)
        self.room = tuple(room)
        groups: dict[int, list[int]] = {}
        for c in range(32):
            if unseen >> c & 1:
                places = 0
                for p in range(PLACES):
                    if self.room[p] and not barred[p] >> c & 1:
                        places |= 1 << p
                groups.setdefault(places, []).append(c)
        self.groups = sorted(groups.items())
        """(places that may take them, cards) per group of unseen cards."""
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._shares: dict[tuple[int, tuple[int, ...]], list[tuple[int, tuple[int, ...]]]] = {}
        self.count = self._count(0, self.room)
        """How many worlds fit (card by card, as sets per place)."""

    @classmethod
    def for_view(cls, kn: SkatKnowledge, known_skat: int) -> WorldSampler:
        """The worlds a seat in the play may imagine: ``kn`` is what it knows
        (its hand, an open hand, cards gone, voids), ``known_skat`` the skat
        it saw or put away (0: the skat is unknown)."""
        fixed = [0, 0, 0, known_skat]
        room = [0, 0, 0, 0 if known_skat else 2]
        for s in range(3):
            if s == kn.me or kn.known[s]:
                fixed[s] = kn.known[s]
            else:
                room[s] = kn.held[s]
        seen = fixed[0] | fixed[1] | fixed[2] | fixed[3]
        return cls(fixed, room, kn.out & ~seen, (*kn.voids, 0))

    @classmethod
    def before_play(
        cls, known: dict[int, int], known_skat: int, sizes: dict[int, int], skat_size: int, gone: int = 0
    ) -> WorldSampler:
        """The worlds of a seat that has seen ``known`` (hands by seat) and
        ``known_skat``: ``sizes[s]`` more cards go to seat ``s`` and
        ``skat_size`` to the skat, from the cards not seen (nor ``gone``)."""
        fixed = [known.get(s, 0) for s in range(3)] + [known_skat]
        room = [sizes.get(s, 0) for s in range(3)] + [skat_size]
        seen = fixed[0] | fixed[1] | fixed[2] | fixed[3] | gone
        return cls(fixed, room, ALL_CARDS & ~seen)

    @property
    def feasible(self) -> bool:
        return self.count > 0

    # ------------------------------------------------------------ counting
    def _count(self, g: int, room: tuple[int, ...]) -> int:
        """Worlds that deal groups ``g``.. into exactly ``room``."""
        if g == len(self.groups):
            return 0 if any(room) else 1
        key = (g, room)
        ways = self._ways.get(key)
        if ways is None:
            ways = sum(w for w, _ in self._splits(g, room))
            self._ways[key] = ways
        return ways

    def _splits(self, g: int, room: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """(worlds, cards per place) for each way group ``g`` can share the
        ``room`` left, counting the worlds of the groups after it."""
        known = self._shares.get((g, room))
        if known is not None:
            return known
        places, cards = self.groups[g]
        allowed = [p for p in range(PLACES) if places >> p & 1]
        out: list[tuple[int, tuple[int, ...]]] = []
        self._shares[(g, room)] = out
        n = len(cards)
        share = [0] * PLACES

        def place(i: int, left: int, ways: int) -> None:
            p = allowed[i]
            if i == len(allowed) - 1:
                if left > room[p]:
                    return
                share[p] = left
                rest = tuple(room[q] - share[q] for q in range(PLACES))
                w = ways // factorial(left) * self._count(g + 1, rest)
                if w:
                    out.append((w, tuple(share)))
                share[p] = 0
                return
            for k in range(min(left, room[p]) + 1):
                share[p] = k
                place(i + 1, left - k, ways // factorial(k))
            share[p] = 0

        if allowed:
            place(0, n, factorial(n))
        elif n == 0:
            out.append((self._count(g + 1, room), tuple(share)))
        return out

    # ------------------------------------------------------------ drawing
    def draw(self, rng: random.Random) -> World | None:
        """One world, every fitting one equally likely (None if none fits)."""
        if not self.count:
            return None
        places = list(self.fixed)
        room = self.room
        for g, (_, cards) in enumerate(self.groups):
            splits = self._splits(g, room)
            r = rng.randrange(sum(w for w, _ in splits))
            i = 0
            while r >= splits[i][0]:
                r -= splits[i][0]
                i += 1
            share = splits[i][1]
            order = cards[:]
            rng.shuffle(order)
            pos = 0
            for p in range(PLACES):
                for c in order[pos : pos + share[p]]:
                    places[p] |= 1 << c
                pos += share[p]
            room = tuple(room[p] - share[p] for p in range(PLACES))
        return World((places[0], places[1], places[2]), places[SKAT])


Weigher = Callable[[World, float], Generator[None, None, float]]
"""A world's weight in (0, 1] by the soft evidence, stepped; the second
argument says below which weight the exact value no longer matters."""


def weighed(
    rng: random.Random, sampler: WorldSampler, weigh: Weigher, candidates: int
) -> Generator[None, None, World | None]:
    """A world drawn by the hard facts and kept by the soft ones: a candidate
    of weight w is kept with probability w; after ``candidates`` the
    likeliest (the first of equal ones) is taken.  Yields between candidates."""
    best: World | None = None
    for i in range(candidates):
        if i:
            yield None
        world = sampler.draw(rng)
        if world is None:
            return None
        u = rng.random()
        # A candidate below u is rejected, and one below the best so far
        # is no fallback either: its exact weight is not needed.
        w = yield from weigh(world, min(u, best.weight) if best is not None else 0.0)
        if u < w:
            return replace(world, weight=w)
        if best is None or w > best.weight:
            best = replace(world, weight=w)
    return best


def at_once(weight: Callable[[World], float]) -> Weigher:
    """A :data:`Weigher` of a weight that needs no pauses."""

    def weigh(world: World, _enough: float) -> Generator[None, None, float]:
        yield from ()
        return weight(world)

    return weigh


# ------------------------------------------------------------------ a world as a hand
_AUCTION_TO = {
    0: (A.PASS, A.PASS, A.bid(18)),
    1: (A.bid(18), A.PASS, A.PASS),
    2: (A.PASS, A.bid(18), A.PASS),
}
"""The shortest auction that leaves each seat the declarer at 18."""


def replayed(game: Game, rules: Rules, deck: Sequence[int], actions: Sequence[int]) -> Hand:
    """A hand of ``game`` dealt from ``deck`` with ``actions`` applied: how a
    sampled world becomes a state of the engine again, in Skat
    (:func:`skat_hand_of`) and in Officers' Skat
    (:func:`skat.ai.expert.officers_layouts.materialize`, which fills the
    deck around the cards the seat saw and replays the passes and calls)."""
    hand = game.new_hand(rules, deck)
    for a in actions:
        hand.apply(a)
    return hand


def world_deck(world: World) -> tuple[int, ...]:
    """A deck that deals exactly ``world`` (ten cards a seat, two in the skat)."""
    cards = ([c for c in range(32) if m >> c & 1] for m in (*world.hands, world.skat))
    return SkatDeal.from_hands(*cards).deck


def skat_hand_of(world: World, declarer: int, rules: Rules = ISKO) -> SkatHand:
    """The Skat hand dealt as ``world`` (ten cards a seat), after an auction
    that ``declarer`` won at 18: ready for the Hand or pickup decision.  The
    bid does not matter to a play-out, which scores every bid later."""
    hand = replayed(games.SKAT, rules, world_deck(world), _AUCTION_TO[declarer])
    assert isinstance(hand, SkatHand)
    return hand
