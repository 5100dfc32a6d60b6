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

from ...engine.cards import ALL_CARDS, CARD_POINTS, mask_points
from ...engine.tricks import FOLLOW, POWER, TRUMPS


class OutOfNodes(Exception):
    """The node budget of one call ran out; call again to continue."""


def _bits_slow(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_BYTE_BITS = [[tuple(x + 8 * k for x in _bits_slow(b)) for b in range(256)] for k in range(4)]
_B0, _B1, _B2, _B3 = _BYTE_BITS


def _bits(mask: int) -> list[int]:
    """The cards of a mask, lowest first (four table look-ups)."""
    return [*_B0[mask & 255], *_B1[mask >> 8 & 255], *_B2[mask >> 16 & 255], *_B3[mask >> 24]]


def _beats_tables() -> list[list[int]]:
    """Per game and led card: the mask of cards that win against it."""
    tables = []
    for game in range(len(FOLLOW)):
        follow, power, trumps = FOLLOW[game], POWER[game], TRUMPS[game]
        rows = []
        for lead in range(32):
            m = 0
            for c in range(32):
                if c == lead:
                    continue
                if trumps >> c & 1:
                    wins = not trumps >> lead & 1 or power[c] > power[lead]
                elif trumps >> lead & 1:
                    wins = False
                else:
                    wins = bool(follow[lead] >> c & 1) and power[c] > power[lead]
                if wins:
                    m |= 1 << c
            rows.append(m)
        tables.append(rows)
    return tables


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
_BEATS = _beats_tables()
# Move-ordering keys per game and card: a leader's strong cards first; a
# follower's cheapest winner, else its cheapest loser.
_LEAD_KEY = [tuple(-POWER[g][c] - 3 * CARD_POINTS[c] for c in range(32)) for g in range(len(FOLLOW))]
_WIN_KEY = [tuple(POWER[g][c] + CARD_POINTS[c] for c in range(32)) for g in range(len(FOLLOW))]
_LOSE_KEY = [tuple(CARD_POINTS[c] * 200 + POWER[g][c] for c in range(32)) for g in range(len(FOLLOW))]


class OfficersSolver:
    """Solver for one fully known layout.

    ``hands``: every remaining card of each seat (playable or covered);
    ``count_seat``: whose tricks count (default ``max_seat``; a Null
    declarer's tricks count for the opponent who wants them);
    ``depth``: tricks searched before :meth:`estimate` stands in for the rest;
    ``blind_order`` (Harlequin): per seat, the order in which its blind cards
    (those not in ``seen``) come out, since a player who plays blind cannot
    choose which: only the next of them is a move;
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
        seen: tuple[int, int] = (ALL_CARDS, ALL_CARDS),
        count_seat: int | None = None,
        depth: int = 99,
        blind_order: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
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
        self.blind_order = blind_order
        self.tt: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.node_limit = 1 << 62
        self.above = _ABOVE[game]
        self.has_under = sum(1 << c for c in range(32) if under[c] >= 0 and covered >> under[c] & 1)
        self.beats = _BEATS[game]
        self.lead_key = _LEAD_KEY[game].__getitem__
        self.win_key = _WIN_KEY[game].__getitem__
        self.lose_key = _LOSE_KEY[game].__getitem__
        self._estimates: dict[int, float] = {}

    # ------------------------------------------------------------------ helpers
    def remaining_measure(self) -> int:
        rem = self.hands[0] | self.hands[1]
        if self.tricks_measure:
            return rem.bit_count() // 2
        return sum(CARD_POINTS[c] for c in _bits(rem))

    def _choosable(self, seat: int) -> int:
        avail = self.hands[seat] & ~self.covered
        if self.blind_order is None:
            return avail
        seen = self.seen[seat]
        blind = avail & ~seen
        if not blind:
            return avail
        for c in self.blind_order[seat]:
            if blind >> c & 1:
                return (avail & seen) | 1 << c
        return avail & seen

    def _lead_moves(self, seat: int) -> list[int]:
        avail = self._choosable(seat)
        cards = _bits(avail)
        if len(cards) > 1:
            cards = self._drop_equivalent(cards, avail, seat)
            cards.sort(key=self.lead_key)
        return cards

    def _follow_moves(self, seat: int, lead: int) -> list[int]:
        avail = self._choosable(seat)
        m = avail & self.follow[lead] & self.seen[seat]
        if not m:
            m = avail
        # Cheapest winning cards first, then the cheapest losers.
        beats = self.beats[lead]
        winners = _bits(m & beats)
        losers = _bits(m & ~beats)
        if len(winners) > 1:
            winners = self._drop_equivalent(winners, m, seat)
            winners.sort(key=self.win_key)
        if len(losers) > 1:
            losers = self._drop_equivalent(losers, m, seat)
            losers.sort(key=self.lose_key)
        return winners + losers

    def _drop_equivalent(self, cards: list[int], avail: int, seat: int) -> list[int]:
        """Of cards adjacent in rank (among the remaining cards of both seats),
        equal in points, all of this seat and covering nothing, keep one."""
        if len(cards) < 2:
            return cards
        rem = self.hands[0] | self.hands[1]
        # Cards that uncover another, or blind cards (whose play brings out
        # the next blind one), are never interchangeable.
        free = avail & ~self.has_under & self.seen[seat]
        above = self.above
        out = []
        for c in cards:
            if not free >> c & 1:
                out.append(c)
                continue
            # The next stronger remaining card of the same class.
            nxt = -1
            for x in above[c]:
                if rem >> x & 1:
                    nxt = x
                    break
            if nxt >= 0 and free >> nxt & 1 and CARD_POINTS[nxt] == CARD_POINTS[c]:
                continue  # ``nxt`` stands for both
            out.append(c)
        return out

    # ------------------------------------------------------------------ search
    def reach(self, leader: int, need: int, node_limit: int | None = None) -> bool:
        """At a trick start: can ``max_seat`` collect at least ``need`` more?"""
        self.nodes = 0
        self.node_limit = node_limit if node_limit is not None else 1 << 62
        saved = (self.hands[0], self.hands[1], self.covered)
        try:
            return self._trick(leader, need, self.depth)
        except OutOfNodes:
            self.hands[0], self.hands[1], self.covered = saved
            raise

    def reach_after_lead(self, leader: int, lead: int, need: int, node_limit: int | None = None) -> bool:
        """With ``lead`` already played (and removed from the leader's hand)."""
        self.nodes = 0
        self.node_limit = node_limit if node_limit is not None else 1 << 62
        saved = (self.hands[0], self.hands[1], self.covered)
        try:
            return self._answer(leader, lead, need, self.depth)
        except OutOfNodes:
            self.hands[0], self.hands[1], self.covered = saved
            raise

    def _trick(self, leader: int, need: int, depth: int) -> bool:
        if need <= 0:
            return True
        hands = self.hands
        rem = hands[0] | hands[1]
        if not rem:
            return False
        if need > (rem.bit_count() >> 1 if self.tricks_measure else mask_points(rem)):
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
            r = self._answer(leader, c, need, depth)
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
        beats = self.beats[lead]
        count_seat = self.count_seat
        points = CARD_POINTS
        for c in self._follow_moves(seat, lead):
            bit = 1 << c
            hands[seat] ^= bit
            u = self.under[c]
            uncovered = u >= 0 and self.covered >> u & 1
            if uncovered:
                self.covered ^= 1 << u
            winner = seat if beats >> c & 1 else leader
            if winner == count_seat:
                gain = 1 if tricks else points[lead] + points[c]
            else:
                gain = 0
            r = self._trick(winner, need - gain, depth - 1)
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
    seen: tuple[int, int] = (ALL_CARDS, ALL_CARDS),
    count_seat: int | None = None,
    blind_order: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
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
        avail = hands[seat] & ~cov
        if blind_order is not None and avail & ~seen[seat]:
            nxt = [x for x in blind_order[seat] if (avail & ~seen[seat]) >> x & 1]
            avail = (avail & seen[seat]) | (1 << nxt[0] if nxt else 0)
        return avail

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
