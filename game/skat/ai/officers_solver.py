"""Exact two-player solver for Officers' Skat positions with every card known.

A sampled layout (every face-down and hidden card placed) is a game of perfect
information: two seats, tricks of two cards.  The solver answers one question,
"can the ``max_seat`` still collect at least ``need`` of the measure?", where the
measure is the card points or the number of tricks of the remaining tricks.
Every threshold the scoring cares about (61, Schneider under 30, Schwarz, a
Null declarer's first trick) is such a question.

The state is a handful of masks changed by make/undo: the remaining cards of
each seat and the cards still covered by another (face-down under a face-up
card).  Playing a card uncovers the card beneath it at once; that is the same
as turning it after the trick, because its owner has already played to the
trick.  A transposition table at trick starts keeps bounds on what the
``max_seat`` can still collect from there, which also lets an interrupted
search resume: :class:`OutOfNodes` aborts a call after ``node_limit`` nodes, and
calling again finds the finished subtrees in the table.
"""

from __future__ import annotations

from ..engine.cards import CARD_POINTS
from ..engine.tricks import FOLLOW, POWER, TRUMPS

ALL = (1 << 32) - 1


class OutOfNodes(Exception):
    """The node budget of one call ran out; call again to continue."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _above_tables() -> list[list[list[int]]]:
    """Per game and card: the stronger cards of its following class, weakest first."""
    tables = []
    for game in range(len(FOLLOW)):
        follow, power = FOLLOW[game], POWER[game]
        rows = []
        for c in range(32):
            higher = [x for x in _bits(follow[c]) if power[x] > power[c]]
            rows.append(sorted(higher, key=lambda x: power[x]))
        tables.append(rows)
    return tables


_ABOVE = _above_tables()


class OfficersSolver:
    """Solver for one fully known layout.

    ``hands``: every remaining card of each seat (playable or covered);
    ``count_seat``: whose tricks count (default ``max_seat``; a Null
    declarer's tricks count for the opponent who wants them);
    ``depth``: tricks searched before :meth:`estimate` stands in for the rest;
    ``covered``: cards lying face down under another card; ``under[c]``: the card
    that ``c`` covers (or -1); ``seen``: per seat, the cards that oblige following
    suit (Harlequin: only the cards a player can see; elsewhere all).
    """

    def __init__(
        self,
        game: int,
        hands: tuple[int, int] | list[int],
        covered: int,
        under: list[int],
        max_seat: int,
        measure: str = "points",
        seen: tuple[int, int] = (ALL, ALL),
        count_seat: int | None = None,
        depth: int = 99,
    ) -> None:
        self.game = game
        self.follow = FOLLOW[game]
        self.power = POWER[game]
        self.trumps = TRUMPS[game]
        self.hands = [hands[0], hands[1]]
        self.covered = covered
        self.under = under
        self.max_seat = max_seat
        self.count_seat = max_seat if count_seat is None else count_seat
        self.depth = depth
        self.tricks_measure = measure == "tricks"
        self.seen = seen
        self.tt: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.node_limit = 1 << 62
        self.above = _ABOVE[game]
        self._estimates: dict[int, float] = {}

    # ------------------------------------------------------------------ helpers
    def remaining_measure(self) -> int:
        rem = self.hands[0] | self.hands[1]
        if self.tricks_measure:
            return rem.bit_count() // 2
        return sum(CARD_POINTS[c] for c in _bits(rem))

    def _wins(self, lead: int, answer: int) -> bool:
        """Does ``answer`` beat ``lead``?"""
        trumps = self.trumps
        if trumps >> answer & 1:
            return not trumps >> lead & 1 or self.power[answer] > self.power[lead]
        if trumps >> lead & 1:
            return False
        return bool(self.follow[lead] >> answer & 1) and self.power[answer] > self.power[lead]

    def _lead_moves(self, seat: int) -> list[int]:
        avail = self.hands[seat] & ~self.covered
        power = self.power
        cards = _bits(avail)
        cards = self._drop_equivalent(cards, avail, seat)
        cards.sort(key=lambda c: -power[c] - 3 * CARD_POINTS[c])
        return cards

    def _follow_moves(self, seat: int, lead: int) -> list[int]:
        avail = self.hands[seat] & ~self.covered
        m = avail & self.follow[lead] & self.seen[seat]
        if not m:
            m = avail
        cards = self._drop_equivalent(_bits(m), m, seat)
        power = self.power
        # Cheapest winning cards first, then the cheapest losers.
        wins = self._wins
        cards.sort(
            key=lambda c: (0, power[c] + CARD_POINTS[c]) if wins(lead, c) else (1, CARD_POINTS[c] * 8 + power[c])
        )
        return cards

    def _drop_equivalent(self, cards: list[int], avail: int, seat: int) -> list[int]:
        """Of cards adjacent in rank (among the remaining cards of both seats),
        equal in points, all of this seat and covering nothing, keep one."""
        if len(cards) < 2:
            return cards
        rem = self.hands[0] | self.hands[1]
        under = self.under
        covered = self.covered
        above = self.above
        out = []
        for c in cards:
            u = under[c]
            if u >= 0 and covered >> u & 1:
                out.append(c)
                continue
            # The next stronger remaining card of the same class.
            nxt = -1
            for x in above[c]:
                if rem >> x & 1:
                    nxt = x
                    break
            if (
                nxt >= 0
                and avail >> nxt & 1
                and CARD_POINTS[nxt] == CARD_POINTS[c]
                and not (under[nxt] >= 0 and covered >> under[nxt] & 1)
            ):
                continue  # ``nxt`` stands for both
            out.append(c)
        return out

    # ------------------------------------------------------------------ search
    def reach(self, leader: int, need: int, node_limit: int | None = None) -> bool:
        """At a trick start: can ``max_seat`` collect at least ``need`` more?"""
        self.nodes = 0
        self.node_limit = node_limit if node_limit is not None else 1 << 62
        return self._trick(leader, need, self.depth)

    def reach_after_lead(self, leader: int, lead: int, need: int, node_limit: int | None = None) -> bool:
        """With ``lead`` already played (and removed from the leader's hand)."""
        self.nodes = 0
        self.node_limit = node_limit if node_limit is not None else 1 << 62
        return self._answer(leader, lead, need, self.depth)

    def _trick(self, leader: int, need: int, depth: int) -> bool:
        if need <= 0:
            return True
        hands = self.hands
        rem = hands[0] | hands[1]
        if not rem:
            return False
        if depth <= 0:
            self.nodes += 1
            key = rem | leader << 32
            est = self._estimates.get(key)
            if est is None:
                est = self._estimates[key] = self.estimate(leader)
            return est >= need
        key = rem | leader << 32 | depth << 33
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= need:
                return True
            if hi < need:
                return False
        else:
            lo, hi = 0, 1000
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfNodes
        maxing = leader == self.max_seat
        result = not maxing
        for c in self._lead_moves(leader):
            bit = 1 << c
            hands[leader] ^= bit
            u = self.under[c]
            uncovered = u >= 0 and self.covered >> u & 1
            if uncovered:
                self.covered ^= 1 << u
            try:
                r = self._answer(leader, c, need, depth)
            finally:
                if uncovered:
                    self.covered ^= 1 << u
                hands[leader] ^= bit
            if r == maxing:
                result = maxing
                break
        if result:
            lo = max(lo, need)
        else:
            hi = min(hi, need - 1)
        self.tt[key] = (lo, hi)
        return result

    def _answer(self, leader: int, lead: int, need: int, depth: int) -> bool:
        seat = 1 - leader
        hands = self.hands
        maxing = seat == self.max_seat
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfNodes
        tricks = self.tricks_measure
        for c in self._follow_moves(seat, lead):
            bit = 1 << c
            hands[seat] ^= bit
            u = self.under[c]
            uncovered = u >= 0 and self.covered >> u & 1
            if uncovered:
                self.covered ^= 1 << u
            winner = seat if self._wins(lead, c) else leader
            if winner == self.count_seat:
                gain = 1 if tricks else CARD_POINTS[lead] + CARD_POINTS[c]
            else:
                gain = 0
            try:
                r = self._trick(winner, need - gain, depth - 1)
            finally:
                if uncovered:
                    self.covered ^= 1 << u
                hands[seat] ^= bit
            if r == maxing:
                return maxing
        return not maxing

    def estimate(self, leader: int) -> float:
        """What ``count_seat`` may still collect, guessed without search (the
        depth limit's stand-in): the remaining measure shared by the seats'
        trumps and top cards."""
        hands = self.hands
        power = self.power
        trumps = self.trumps
        strength = [1.0, 1.0]
        for seat in (0, 1):
            for c in _bits(hands[seat]):
                if trumps >> c & 1:
                    strength[seat] += 2.0 + 0.1 * (power[c] - 100)
                else:
                    rank = c & 7
                    strength[seat] += 1.5 if rank == 7 else 0.6 if rank == 3 else 0.1
        mine = strength[self.count_seat]
        share = mine / (mine + strength[1 - self.count_seat])
        if self.count_seat == leader:
            share += 0.05
        return self.remaining_measure() * share

    # ------------------------------------------------------------------ exact value
    def value(self, leader: int, lo: int = 0, hi: int | None = None) -> int:
        """The exact measure ``max_seat`` collects from a trick start (bisection
        over :meth:`reach`; the table makes the repeated tests cheap)."""
        if hi is None:
            hi = self.remaining_measure()
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.reach(leader, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo


def brute_force(
    game: int,
    hands: list[int],
    covered: int,
    under: list[int],
    leader: int,
    max_seat: int,
    measure: str = "points",
    seen: tuple[int, int] = (ALL, ALL),
    count_seat: int | None = None,
) -> int:
    """Plain minimax without tables or pruning: the reference for tests
    (the exact measure of ``count_seat`` when ``max_seat`` maximises it)."""
    counted = max_seat if count_seat is None else count_seat
    follow, power, trumps = FOLLOW[game], POWER[game], TRUMPS[game]

    def wins(lead: int, answer: int) -> bool:
        if trumps >> answer & 1:
            return not trumps >> lead & 1 or power[answer] > power[lead]
        if trumps >> lead & 1:
            return False
        return bool(follow[lead] >> answer & 1) and power[answer] > power[lead]

    def playable(seat: int, cov: int) -> int:
        return hands[seat] & ~cov

    def rec(leader: int, cov: int) -> int:
        if not hands[0] | hands[1]:
            return 0
        results = []
        for c in _bits(playable(leader, cov)):
            hands[leader] ^= 1 << c
            cov2 = cov & ~(1 << under[c]) if under[c] >= 0 else cov
            f = 1 - leader
            avail = playable(f, cov2)
            m = avail & follow[c] & seen[f] or avail
            answers = []
            for r in _bits(m):
                hands[f] ^= 1 << r
                cov3 = cov2 & ~(1 << under[r]) if under[r] >= 0 else cov2
                w = f if wins(c, r) else leader
                gain = (1 if measure == "tricks" else CARD_POINTS[c] + CARD_POINTS[r]) if w == counted else 0
                answers.append(gain + rec(w, cov3))
                hands[f] ^= 1 << r
            hands[leader] ^= 1 << c
            results.append(max(answers) if f == max_seat else min(answers))
        return max(results) if leader == max_seat else min(results)

    return rec(leader, covered)
