"""Double-dummy solver for Skat: all three hands known, best play by both sides.

The card-play search (PIMC), the simulation bidder and the analysis tools ask
the same questions thousands of times per decision: "does the declarer reach 61
on this layout?", "how many card points exactly?", "does the Null declarer stay
clean?".  This module answers them as fast as pure Python allows:

* Its own compact state: three hand masks and the cards of the trick; the
  search passes the hands packed in one int, hand ``s`` in bits ``32 * s``
  on (a card leaves with one xor; no objects, no validation per node).
* Precomputed tables per game type (built once, cached at module level):
  following suit, which cards beat the currently winning card, card points.
* A trick is two nested calls: the lead (with the transposition table) and
  the second hand, whose loop also plays the third hand inline (the third
  hand's legal cards do not depend on the second card, so they are worked out
  once); the last trick is scored without search.  Values are the declarer's
  card points *still to be won from the trick start*, so an entry is reusable
  whatever the declarer already has.  The table keeps lower and upper bounds
  (null-window tests answer yes/no and tighten one bound); it lives as long as
  the solver, so a repeated or slightly different question is answered from
  it.  Its key is the packed hands with the leader's bits above them.
* Fail-soft null-window alpha-beta; the exact value comes from such tests,
  galloping towards it (see :class:`_Probes`).
* Move ordering (tuned by node counts on random deals): the best lead of the
  table first, else (six cards or more in hand) the last lead that cut off
  with as many cards left by the same seat (a killer move), then the declarer
  cashes Aces and draws trumps, a defender leads plain cards from the top;
  the second hand beats an opponent with its richest winner or smears onto
  its partner; the third hand plays what wins its side the most points now.
  Ordered move lists are cached by mask.
* Equivalent cards are tried once: cards of one hand adjacent in rank once
  the played cards are gone, with equal points (7 8 9 of a suit and the Jacks
  in trump games; in Null any neighbours when only tricks count).  They are
  found for all three hands at the trick start (the cards alive do not change
  within a trick).
* Quick cut-offs: the target already reached, or out of reach with all the
  points still in play; at a trick start also the sure points of trump games
  (a trump above every trump of the other side wins its trick whenever it is
  played, so its points are the owner side's whatever happens).
* A node limit raises :class:`SearchAborted` so a caller can think in short
  slices (the browser has one thread); the table keeps what was learned.

Ramsch is solved in its paranoid form: the evaluated seat minimises its own
card points and the other two maximise them (Jacks trump as in Grand).  Ramsch
extras (the skat to the last trick, Jungfrau, Durchmarsch scoring) are the
caller's business.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ...engine.cards import ALL_CARDS, CARD_POINTS
from ...engine.tricks import FOLLOW, POWER, TRUMPS, GameType

LeafFn = Callable[[tuple[int, int, int], int, int], int]

TT_CAPACITY = 1 << 18
"""Entries per transposition table before it is pruned to the positions with
the most cards.  This bounds the memory (about 130 bytes an entry, so some
35 MB at most).  A pruned table only costs speed, never correctness, but the
biggest searches need the room: at 1 << 17 the bench's exact values from the
first trick took a third more nodes at the 90th percentile."""

ORDER_CACHE_CAPACITY = 1 << 16
"""Cached ordered move lists per search (keyed by the legal mask and what decides the order)."""

DRAIN_CHUNK = 5_000
"""Table entries :meth:`SkatSolver.drain` frees per step (well under a millisecond)."""

_FULL_DEPTH = 99
_NEXT = (1, 2, 0)
_PREV = (2, 0, 1)
_LOW789 = 0x03030303  # 7 and 8 of every suit: a neighbour one rank up exists
_SEVENS = 0x01010101
_JACKS = 0x10101010
_NULL_SAME_SUIT = tuple(sum(1 << (s * 8 + r) for s in range(4) for r in range(8) if r + k < 8) for k in range(8))


TRUMP_GAME, NEIGHBOURS, SMALL_ONLY = 0, 1, 2
"""Modes of :func:`reduce_equivalent`."""


class SearchAborted(Exception):
    """The node limit of a call was exceeded.

    Nothing is lost: the transposition table keeps every bound found so far,
    so repeating the call continues faster.
    """


class _GameTables:
    """Per game type: following suit, beating cards, points, ordering keys."""

    def __init__(self, game: int) -> None:
        gt = GameType(game)
        self.game = gt
        self.null = gt == GameType.NULL
        follow = FOLLOW[gt]
        power = POWER[gt]
        trumps = TRUMPS[gt]
        self.follow = follow
        self.power = power
        beats = []
        for c in range(32):
            # ``c`` is the card winning the trick so far: it is a trump or of
            # the led class, so what beats it depends on ``c`` alone.
            if trumps >> c & 1:
                m = sum(1 << d for d in range(32) if trumps >> d & 1 and power[d] > power[c])
            else:
                same = follow[c]
                m = trumps | sum(1 << d for d in range(32) if same >> d & 1 and power[d] > power[c])
            beats.append(m)
        self.beats = tuple(beats)
        # Sort keys by points (ties: weaker first).
        trump_bonus = [100 if trumps >> c & 1 else 0 for c in range(32)]
        self.key_points_desc = tuple(-CARD_POINTS[c] * 256 + power[c] + trump_bonus[c] for c in range(32))
        self.key_points_asc = tuple(CARD_POINTS[c] * 256 + power[c] + trump_bonus[c] for c in range(32))
        # Leads, found best by node counts over random deals: the declarer
        # cashes plain Aces, then draws trumps from the top, then the other
        # plain cards from the top; a defender leads plain cards from the top
        # and trumps last.  Null: the declarer leads low, the defenders high.
        if self.null:
            self.key_lead_declarer = tuple(power[c] for c in range(32))
            self.key_lead_defender = tuple(-power[c] for c in range(32))
        elif gt == GameType.RAMSCH:
            # The seat avoiding points leads low cards, the others high ones.
            self.key_lead_declarer = tuple(power[c] + trump_bonus[c] for c in range(32))
            self.key_lead_defender = tuple(200 - power[c] if trump_bonus[c] else -power[c] for c in range(32))
        else:
            self.key_lead_declarer = tuple(
                -power[c] if trump_bonus[c] else (-1000 if power[c] == 6 else 100 - power[c]) for c in range(32)
            )
            self.key_lead_defender = tuple(200 - power[c] if trump_bonus[c] else -power[c] for c in range(32))


_TABLES: dict[int, _GameTables] = {}


def game_tables(game: int) -> _GameTables:
    """The cached tables of a game type (built on first use)."""
    t = _TABLES.get(game)
    if t is None:
        t = _TABLES[game] = _GameTables(game)
    return t


def reduce_equivalent(m: int, alive: int, mode: int) -> int:
    """Drop from ``m`` (legal cards of one hand) every card whose next higher
    live card of its class is also in ``m`` with the same points.

    ``alive`` holds every card still in a hand or in the current trick; the
    rest are played and no longer separate ranks.  In trump games the only
    equal-point neighbours are 7 8 9 of a suit (bits 0-2 of its byte, in rank
    order in every class) and the Jacks (bits 4, 12, 20, 28, in trump order).
    In Null the bit order within a suit is the rank order; when only tricks
    count (``mode`` NEIGHBOURS) any neighbours are equivalent, when points count
    (``mode`` SMALL_ONLY) only the 7 8 9.
    """
    dead = ALL_CARDS ^ alive
    if mode == NEIGHBOURS:
        r = 0
        chain = m
        k = 1
        while chain and k < 8:
            r |= chain & (m >> k) & _NULL_SAME_SUIT[k]
            chain &= dead >> k
            k += 1
        return m & ~r
    r = m & (((m >> 1) & _LOW789) | ((dead >> 1) & (m >> 2) & _SEVENS))
    mj = m & _JACKS
    if mode == TRUMP_GAME and mj & (mj - 1):
        dj = dead & _JACKS
        r |= mj & ((mj >> 8) | ((dj >> 8) & ((mj >> 16) | ((dj >> 16) & (mj >> 24)))))
    return m & ~r


def _prune(tt: dict[int, int], cap: int) -> None:
    """Make room in a full transposition table, keeping the positions with
    the most cards left (the costliest to search again) in at most half of it.

    Clearing everything would make a long search start over near its root,
    which is where an aborted-and-resumed search needs its entries most.
    """
    for cards in range(2, 11):
        keep = {k: v for k, v in tt.items() if (k & ALL_CARDS).bit_count() >= cards}
        if len(keep) <= cap // 2:
            break
    else:
        keep = {}
    tt.clear()
    tt.update(keep)


def _cards(m: int) -> list[int]:
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    return out


class _Search:
    """The search closures for one game, one metric and one direction.

    ``pts`` is the value of each card (card points, or 1 to count tricks:
    three per trick).  ``ismax[seat]`` says whether the seat maximises the
    declarer's total of that metric.  Values are what the declarer still wins
    from the start of the current trick.
    """

    def __init__(
        self,
        tables: _GameTables,
        declarer: int,
        pts: Sequence[int],
        ismax: tuple[bool, ...],
        counter: list[int],
        leaf: LeafFn | None = None,
    ) -> None:
        self.tt: dict[int, int] = {}
        self.order_cache: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self.counter = counter  # [nodes, limit]
        self.pts = tuple(pts)
        self.ismax = ismax
        self.declarer = declarer
        self._build(tables, leaf)

    def _build(self, tab: _GameTables, leaf: LeafFn | None) -> None:
        tt = self.tt
        oc = self.order_cache
        cnt = self.counter
        FOL = tab.follow
        BEATS = tab.beats
        PTS = self.pts
        ISMAX = self.ismax
        D = self.declarer
        MODE = (NEIGHBOURS if set(PTS) == {1} else SMALL_ONLY) if tab.null else TRUMP_GAME
        TRUMPISH = MODE == TRUMP_GAME
        NEXT = _NEXT
        PREV = _PREV
        KEY_LDECL = tab.key_lead_declarer
        KEY_PD = tab.key_points_desc
        KEY_PA = tab.key_points_asc
        red = reduce_equivalent
        cards = _cards
        limited = leaf is not None
        leaf_points: LeafFn = leaf if leaf is not None else _no_leaf
        cap = TT_CAPACITY
        ocap = ORDER_CACHE_CAPACITY
        L2 = _LOW789
        L7 = _SEVENS
        J = _JACKS
        # Tags keep the move-list kinds apart in the shared cache.
        P2 = 1
        P3 = 2
        LEAD = 3
        LEAD_DEF = 4
        P2B = 5
        P3B = 6
        P3C = 7
        # GOOD[s * 3 + w]: a trick won by seat w is good for seat s.  In suit
        # games and Grand that means "w is on s's side"; where the declarer
        # avoids tricks or points (Ramsch, Null) nobody wants to win one.
        GOOD = tuple(ISMAX[s] == (w == D) for s in range(3) for w in range(3))
        DMAX = ISMAX[D]
        KEY_LDEF = tab.key_lead_defender
        # Trumps strongest first as (bit, value): for the sure-points bound.
        tr = TRUMPS[tab.game]
        TLIST = tuple(
            (1 << c, PTS[c]) for c in sorted((c for c in range(32) if tr >> c & 1), key=lambda c: -tab.power[c])
        )
        SURE = TRUMPISH and not limited and bool(TLIST)
        TR = tr
        # The three hands travel packed in one int, hand s in bits 32 * s ..:
        # a card leaves with one xor, and the table key is that int and the
        # leader's bits (no tuple, no shifting three masks per node).
        M = ALL_CARDS
        SH = (0, 32, 64)
        B3 = tuple(1 << (32 * st + c) for st in range(3) for c in range(32))
        LK = (0, 1 << 96, 2 << 96)
        KILL = [0] * 33  # by cards in the leader's hand * 3 + leader: lead card + 1
        KILL_FROM = 6 * 3
        sc: dict[tuple[int, int], int] = {}

        def ordered(
            k: tuple[int, int, int] | None, first: int, key1: Sequence[int], second: int, key2: Sequence[int]
        ) -> tuple[int, ...]:
            """Build and cache a move list: ``first`` sorted by ``key1``, then ``second`` by ``key2``."""
            a = cards(first)
            a.sort(key=key1.__getitem__)
            if second:
                b = cards(second)
                b.sort(key=key2.__getitem__)
                a += b
            t = tuple(a)
            if k is not None:
                if len(oc) >= ocap:
                    oc.clear()
                oc[k] = t
            return t

        def rtrump(m: int, d: int) -> int:
            """:func:`reduce_equivalent` of trump games without the mode switch; ``d`` the dead cards."""
            if not m & (m - 1):
                return m
            rm = m & (((m >> 1) & L2) | ((d >> 1) & (m >> 2) & L7))
            mj = m & J
            if mj & (mj - 1):
                dj = d & J
                rm |= mj & ((mj >> 8) | ((dj >> 8) & ((mj >> 16) | ((dj >> 16) & (mj >> 24)))))
            return m ^ rm

        def tstart(P: int, leader: int, need: int, R: int, depth: int, acc: int) -> int:
            # ``P``: the packed hands.  Callers have checked 0 < need <= R.
            n = cnt[0] = cnt[0] + 1
            h0 = P & M
            if not h0 & (h0 - 1):
                # The last trick plays itself: one card in each hand.
                s2 = NEXT[leader]
                c1 = (P >> SH[leader] & M).bit_length() - 1
                c2 = (P >> SH[s2] & M).bit_length() - 1
                c3 = ((P | P >> 32 | P >> 64) & M ^ (1 << c1 | 1 << c2)).bit_length() - 1
                if BEATS[c1] >> c2 & 1:
                    w = PREV[leader] if BEATS[c2] >> c3 & 1 else s2
                else:
                    w = PREV[leader] if BEATS[c1] >> c3 & 1 else leader
                return R if w == D else 0
            if n > cnt[1]:
                raise SearchAborted
            if limited:
                if not depth:
                    est = leaf_points((h0, P >> 32 & M, P >> 64), leader, acc) - acc
                    return 0 if est < 0 else (R if est > R else est)
                key = P | LK[leader] | acc << 98
            else:
                key = P | LK[leader]
            e = tt.get(key)
            if e is not None:
                lo = e & 255
                if lo >= need:
                    return lo
                hi = e >> 8 & 255
                if hi < need:
                    return hi
                best = e >> 16
            else:
                lo = 0
                hi = R
                best = 0
            h1 = P >> 32 & M
            h2 = P >> 64
            if SURE:
                # A trump above every trump of the other side wins its trick
                # whenever it is played: those points are sure for its side.
                # Cached by the trumps alive and the declarer's: positive
                # values are the declarer's sure points, negative ones the
                # defenders'.
                hd = (h0 if D == 0 else (h1 if D == 1 else h2)) & TR
                at = (h0 | h1 | h2) & TR
                tk = (hd, at)
                sure = sc.get(tk)
                if sure is None:
                    hf = at & ~hd
                    sure = 0
                    side = 0
                    for bit, p in TLIST:
                        if hd & bit:
                            if side < 0:
                                break
                            side = 1
                            sure += p
                        elif hf & bit:
                            if side > 0:
                                break
                            side = -1
                            sure -= p
                    if len(sc) >= ocap:
                        sc.clear()
                    sc[tk] = sure
                if sure > 0:
                    if sure >= need:
                        return sure
                elif need > R + sure:
                    return R + sure
            # Equivalent cards of all three hands, once per trick: the cards
            # alive stay the same until it is over (the played ones lie in it).
            al = h0 | h1 | h2
            if TRUMPISH:
                d = M ^ al
                r0 = rtrump(h0, d)
                r1 = rtrump(h1, d)
                r2 = rtrump(h2, d)
            else:
                r0 = red(h0, al, MODE)
                r1 = red(h1, al, MODE)
                r2 = red(h2, al, MODE)
            if leader == 0:
                legal = r0
                ra = r1
                rb = r2
            elif leader == 1:
                legal = r1
                ra = r2
                rb = r0
            else:
                legal = r2
                ra = r0
                rb = r1
            # Killer move: this seat's last lead that cut off with as many
            # cards left; tried first with six cards or more only (nearer the
            # leaves the static order does better, by node counts over deals).
            kidx = (h0 if leader == 0 else (h1 if leader == 1 else h2)).bit_count() * 3 + leader
            if best and not legal >> (best - 1) & 1:
                best = 0
            if not best and kidx >= KILL_FROM:
                best = KILL[kidx]
                if best and not legal >> (best - 1) & 1:
                    best = 0
            if ISMAX[leader] == DMAX:
                k = (legal, best, LEAD)
                kl = KEY_LDECL
            else:
                k = (legal, best, LEAD_DEF)
                kl = KEY_LDEF
            moves = oc.get(k)
            if moves is None:
                if best:
                    moves = (best - 1,) + ordered(None, legal & ~(1 << (best - 1)), kl, 0, kl)
                    oc[k] = moves
                else:
                    moves = ordered(k, legal, kl, 0, kl)
            bestc = -1
            ol = leader * 32
            if ISMAX[leader]:
                v = -1
                for c1 in moves:
                    x = pos2(P ^ B3[ol + c1], leader, c1, need, R, depth, acc, ra, rb)
                    if x > v:
                        v = x
                        bestc = c1
                        if v >= need:
                            KILL[kidx] = c1 + 1
                            break
            else:
                v = 999
                for c1 in moves:
                    x = pos2(P ^ B3[ol + c1], leader, c1, need, R, depth, acc, ra, rb)
                    if x < v:
                        v = x
                        bestc = c1
                        if v < need:
                            KILL[kidx] = c1 + 1
                            break
            if v >= need:
                if v > lo:
                    lo = v
            elif v < hi:
                hi = v
            if len(tt) >= cap:
                _prune(tt, cap)
            tt[key] = lo | hi << 8 | (bestc + 1) << 16
            return v

        def pos2(P: int, s1: int, c1: int, need: int, R: int, depth: int, acc: int, ra: int, rb: int) -> int:
            # ``ra`` and ``rb``: the hands of the second and third seat without
            # equivalent cards (see ``tstart``).  The third hand's moves are
            # inlined: its legal cards do not depend on the second card, so
            # they are computed once here.
            s2 = NEXT[s1]
            s3 = NEXT[s2]
            fol = FOL[c1]
            legal = ra & fol
            if not legal:
                legal = ra
            legal3 = rb & fol
            if not legal3:
                legal3 = rb
            bc1 = BEATS[c1]
            win = legal & bc1
            mx = ISMAX[s2]
            mx3 = ISMAX[s3]
            if GOOD[s2 * 3 + s1] or not GOOD[s2 * 3 + s2]:
                # Partner led (or taking the trick would not help): give him
                # points (richest card that lets him win) first, beat him last.
                k = (legal, win, P2)
                moves = oc.get(k)
                if moves is None:
                    moves = ordered(k, legal & ~win, KEY_PD, win, KEY_PA)
            else:
                k = (legal, win, P2B)
                moves = oc.get(k)
                if moves is None:
                    moves = ordered(k, win, KEY_PD, legal & ~win, KEY_PA)
            p1 = PTS[c1]
            good3 = GOOD[s3 * 3 + s3]
            hl = P >> SH[s1] & M
            last = hl and not hl & (hl - 1)
            o2 = s2 * 32
            o3 = s3 * 32
            v = -1 if mx else 999
            nodes = 1
            # While the first card stays on top, the third hand's moves are
            # the same whatever the second card: ordered once per call.
            win1 = legal3 & bc1
            m3nb = None
            for c2 in moves:
                nodes += 1
                Q = P ^ B3[o2 + c2]
                if bc1 >> c2 & 1:
                    w12 = s2
                    win = legal3 & BEATS[c2]
                    m3 = None
                else:
                    w12 = s1
                    win = win1
                    m3 = m3nb
                # The third hand: partner winning, richest card first; else win richly or lose cheaply.
                if m3 is not None:
                    pass
                elif GOOD[s3 * 3 + w12]:
                    if good3:
                        k = (legal3, 0, P3)
                        m3 = oc.get(k)
                        if m3 is None:
                            m3 = ordered(k, legal3, KEY_PD, 0, KEY_PD)
                    else:
                        k = (legal3, win, P3B)
                        m3 = oc.get(k)
                        if m3 is None:
                            m3 = ordered(k, legal3 & ~win, KEY_PD, win, KEY_PA)
                elif good3:
                    k = (legal3, win, 0)
                    m3 = oc.get(k)
                    if m3 is None:
                        m3 = ordered(k, win, KEY_PD, legal3 & ~win, KEY_PA)
                else:
                    k = (legal3, 0, P3C)
                    m3 = oc.get(k)
                    if m3 is None:
                        m3 = ordered(k, legal3, KEY_PA, 0, KEY_PA)
                if w12 == s1:
                    m3nb = m3
                p12 = p1 + PTS[c2]
                if mx3:
                    x = -1
                    for c3 in m3:
                        tp = p12 + PTS[c3]
                        w = s3 if win >> c3 & 1 else w12
                        g = tp if w == D else 0
                        nn = need - g
                        if nn <= 0:
                            y = g
                        elif nn > R - tp:
                            y = g + R - tp
                        elif last:
                            # The last trick plays itself (as in ``tstart``, without the call).
                            nodes += 1
                            A = Q ^ B3[o3 + c3]
                            t2 = NEXT[w]
                            e1 = (A >> SH[w] & M).bit_length() - 1
                            e2 = (A >> SH[t2] & M).bit_length() - 1
                            e3 = ((A | A >> 32 | A >> 64) & M ^ (1 << e1 | 1 << e2)).bit_length() - 1
                            if BEATS[e1] >> e2 & 1:
                                lw = PREV[w] if BEATS[e2] >> e3 & 1 else t2
                            else:
                                lw = PREV[w] if BEATS[e1] >> e3 & 1 else w
                            y = g + R - tp if lw == D else g
                        else:
                            y = g + tstart(Q ^ B3[o3 + c3], w, nn, R - tp, depth - 1, acc + g)
                        if y > x:
                            x = y
                            if x >= need:
                                break
                else:
                    x = 999
                    for c3 in m3:
                        tp = p12 + PTS[c3]
                        w = s3 if win >> c3 & 1 else w12
                        g = tp if w == D else 0
                        nn = need - g
                        if nn <= 0:
                            y = g
                        elif nn > R - tp:
                            y = g + R - tp
                        elif last:
                            # The last trick plays itself (as in ``tstart``, without the call).
                            nodes += 1
                            A = Q ^ B3[o3 + c3]
                            t2 = NEXT[w]
                            e1 = (A >> SH[w] & M).bit_length() - 1
                            e2 = (A >> SH[t2] & M).bit_length() - 1
                            e3 = ((A | A >> 32 | A >> 64) & M ^ (1 << e1 | 1 << e2)).bit_length() - 1
                            if BEATS[e1] >> e2 & 1:
                                lw = PREV[w] if BEATS[e2] >> e3 & 1 else t2
                            else:
                                lw = PREV[w] if BEATS[e1] >> e3 & 1 else w
                            y = g + R - tp if lw == D else g
                        else:
                            y = g + tstart(Q ^ B3[o3 + c3], w, nn, R - tp, depth - 1, acc + g)
                        if y < x:
                            x = y
                            if x < need:
                                break
                if mx:
                    if x > v:
                        v = x
                        if v >= need:
                            break
                elif x < v:
                    v = x
                    if v < need:
                        break
            cnt[0] += nodes
            return v

        def pos3(P: int, s1: int, c1: int, c2: int, need: int, R: int, depth: int, acc: int) -> int:
            cnt[0] += 1
            h0 = P & M
            h1 = P >> 32 & M
            h2 = P >> 64
            s3 = PREV[s1]
            if BEATS[c1] >> c2 & 1:
                w12 = NEXT[s1]
                top = c2
            else:
                w12 = s1
                top = c1
            hand = h0 if s3 == 0 else (h1 if s3 == 1 else h2)
            legal = hand & FOL[c1]
            if not legal:
                legal = hand
            if legal & (legal - 1):
                if TRUMPISH:
                    d = M ^ (h0 | h1 | h2 | 1 << c1 | 1 << c2)
                    rm = legal & (((legal >> 1) & L2) | ((d >> 1) & (legal >> 2) & L7))
                    mj = legal & J
                    if mj & (mj - 1):
                        dj = d & J
                        rm |= mj & ((mj >> 8) | ((dj >> 8) & ((mj >> 16) | ((dj >> 16) & (mj >> 24)))))
                    legal ^= rm
                else:
                    legal = red(legal, h0 | h1 | h2 | 1 << c1 | 1 << c2, MODE)
            win = legal & BEATS[top]
            mx = ISMAX[s3]
            if GOOD[s3 * 3 + w12]:
                # Partner is winning: whatever is played, the trick is ours; richest card first.
                k = (legal, 0, P3)
                moves = oc.get(k)
                if moves is None:
                    moves = ordered(k, legal, KEY_PD, 0, KEY_PD)
            else:
                k = (legal, win, 0)
                moves = oc.get(k)
                if moves is None:
                    moves = ordered(k, win, KEY_PD, legal & ~win, KEY_PA)
            p12 = PTS[c1] + PTS[c2]
            v = -1 if mx else 999
            for c3 in moves:
                tp = p12 + PTS[c3]
                g = tp if (s3 if win >> c3 & 1 else w12) == D else 0
                nn = need - g
                if nn <= 0:
                    x = g
                elif nn > R - tp:
                    x = g + R - tp
                else:
                    x = g + tstart(P ^ B3[s3 * 32 + c3], s3 if win >> c3 & 1 else w12, nn, R - tp, depth - 1, acc + g)
                if mx:
                    if x > v:
                        v = x
                        if v >= need:
                            break
                elif x < v:
                    v = x
                    if v < need:
                        break
            return v

        self.mode = MODE
        self.tstart = tstart
        self.pos2 = pos2
        self.pos3 = pos3

    def run(self, hands: Sequence[int], trick: Sequence[int], leader: int, need: int, depth: int, acc: int) -> int:
        """Fail-soft null-window test from any position (trick in progress too)."""
        h0, h1, h2 = hands
        pts = self.pts
        rem = h0 | h1 | h2
        R = sum(pts[c] for c in _cards(rem)) + sum(pts[c] for c in trick)
        n = len(trick)
        if need <= 0:
            return 0
        if need > R:
            return R
        packed = h0 | h1 << 32 | h2 << 64
        if n == 0:
            return self.tstart(packed, leader, need, R, depth, acc)
        if n == 1:
            alive = rem | 1 << trick[0]
            s2 = _NEXT[leader]
            ra = reduce_equivalent(hands[s2], alive, self.mode)
            rb = reduce_equivalent(hands[_NEXT[s2]], alive, self.mode)
            return self.pos2(packed, leader, trick[0], need, R, depth, acc, ra, rb)
        return self.pos3(packed, leader, trick[0], trick[1], need, R, depth, acc)


def _no_leaf(hands: tuple[int, int, int], leader: int, declarer_points: int) -> int:
    """The leaf of a search without a depth limit, which never reaches one."""
    raise AssertionError("an exact search has no leaves")


def _default_leaf(tables: _GameTables, declarer: int) -> LeafFn:
    """A rough static estimate for depth-limited searches.

    The declarer is credited with a share of the points still out equal to his
    share of the hand "strength": Jacks 3, other trumps 2, Aces 1.5, Tens 1,
    other cards 0.5.  Trick winners are mostly trumps and top cards, so this
    tracks who will collect the points; it is deliberately cheap.
    """
    trumps = TRUMPS[tables.game]
    weight = []
    for c in range(32):
        r = c & 7
        if trumps >> c & 1:
            weight.append(6 if r == 4 else 4)
        else:
            weight.append(3 if r == 7 else (2 if r == 3 else 1))
    w = tuple(weight)

    def leaf(hands: tuple[int, int, int], leader: int, declarer_points: int) -> int:
        rest = 0
        total = 0
        mine = 0
        for seat in range(3):
            for c in _cards(hands[seat]):
                rest += CARD_POINTS[c]
                total += w[c]
                if seat == declarer:
                    mine += w[c]
        if not total:
            return declarer_points
        return declarer_points + (rest * mine + total // 2) // total

    return leaf


class SkatSolver:
    """Double-dummy solver for one game type and one declarer seat.

    Build it once and reuse it across deals and positions: the tables and the
    transposition tables are kept.  ``reset`` sets a position; ``play`` and
    ``undo`` walk through it; the query methods search from the current
    position and never change it.
    """

    def __init__(self, game: int, declarer: int) -> None:
        if game not in range(7):
            raise ValueError(f"the solver handles game types 0..6, not {game!r}")
        if declarer not in (0, 1, 2):
            raise ValueError(f"declarer must be a seat 0..2, not {declarer!r}")
        self.game = int(game)
        self.declarer = declarer
        self.tables = game_tables(self.game)
        self._counter = [0, 0]
        self._base = 0
        self._searches: dict[tuple[bool, bool], _Search] = {}
        self.hands = [0, 0, 0]
        self.trick: list[int] = []
        self.leader = 0
        self.to_move = 0
        self.declarer_points = 0
        self.declarer_tricks = 0
        self.defender_tricks = 0
        self._history: list[tuple[int, int, int, int, int, int, tuple[int, ...]]] = []

    # -- position -----------------------------------------------------------

    def reset(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        leader: int,
        declarer_points: int = 0,
        declarer_tricks: int = 0,
        defender_tricks: int = 0,
    ) -> None:
        """Set the position: the cards each seat still holds, the trick so far."""
        if len(hands) != 3 or leader not in (0, 1, 2) or len(trick) > 2:
            raise ValueError("need three hands, a leader 0..2 and at most two cards in the trick")
        seen = 0
        for h in hands:
            if not 0 <= h < 1 << 32 or h & seen:
                raise ValueError("hands must be disjoint 32-bit card masks")
            seen |= h
        for c in trick:
            if not 0 <= c < 32 or seen >> c & 1:
                raise ValueError("trick cards must be cards no hand holds, each once")
            seen |= 1 << c
        n = hands[(leader + len(trick)) % 3].bit_count()
        for i in range(3):
            seat = (leader + i) % 3
            want = n - 1 if i < len(trick) else n
            if hands[seat].bit_count() != want:
                raise ValueError("hand sizes do not fit the trick in progress")
        if trick and n == 0:
            raise ValueError("a trick in progress needs cards to finish it")
        self.hands = [int(h) for h in hands]
        self.trick = [int(c) for c in trick]
        self.leader = leader
        self.to_move = (leader + len(trick)) % 3
        self.declarer_points = declarer_points
        self.declarer_tricks = declarer_tricks
        self.defender_tricks = defender_tricks
        self._history.clear()

    def legal(self) -> int:
        """Mask of the cards the seat to move may play."""
        hand = self.hands[self.to_move]
        if not self.trick:
            return hand
        m = hand & self.tables.follow[self.trick[0]]
        return m if m else hand

    def play(self, card: int) -> None:
        """Play a card of the seat to move (completing a trick scores it)."""
        if not 0 <= card < 32 or not self.legal() >> card & 1:
            raise ValueError(f"card {card!r} is not a legal play here")
        self._history.append(
            (
                card,
                self.leader,
                self.to_move,
                self.declarer_points,
                self.declarer_tricks,
                self.defender_tricks,
                tuple(self.trick),
            )
        )
        self.hands[self.to_move] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < 3:
            self.to_move = _NEXT[self.to_move]
            return
        t = self.trick
        beats = self.tables.beats
        w, top = 0, t[0]
        for i in (1, 2):
            if beats[top] >> t[i] & 1:
                w, top = i, t[i]
        winner = (self.leader + w) % 3
        if winner == self.declarer:
            self.declarer_points += CARD_POINTS[t[0]] + CARD_POINTS[t[1]] + CARD_POINTS[t[2]]
            self.declarer_tricks += 1
        else:
            self.defender_tricks += 1
        self.trick = []
        self.leader = self.to_move = winner

    def undo(self) -> None:
        """Take back the last ``play``."""
        if not self._history:
            raise ValueError("nothing to undo")
        card, leader, to_move, dp, dt, ft, trick = self._history.pop()
        self.hands[to_move] |= 1 << card
        self.leader = leader
        self.to_move = to_move
        self.declarer_points = dp
        self.declarer_tricks = dt
        self.defender_tricks = ft
        self.trick = list(trick)

    # -- counters -----------------------------------------------------------

    @property
    def nodes(self) -> int:
        """Search nodes since construction or ``reset_counters``: trick starts
        searched plus cards tried by the first two hands of a trick."""
        return self._counter[0] - self._base

    def reset_counters(self) -> None:
        self._base = self._counter[0]

    def clear_tables(self) -> None:
        """Forget all transposition entries (only needed to measure cold searches)."""
        for s in self._searches.values():
            s.tt.clear()

    def drain(self, chunk: int = DRAIN_CHUNK) -> Iterator[None]:
        """Empty the tables ``chunk`` entries at a time, yielding between
        (for a caller done with this solver).  The search closures hold their
        tables in a reference cycle, so without this a big table is freed by
        the garbage collector in one pass of several milliseconds."""
        for s in self._searches.values():
            for table in (s.tt, s.order_cache):
                while table:
                    pop = table.popitem
                    for _ in range(min(chunk, len(table))):
                        pop()
                    yield None

    # -- queries ------------------------------------------------------------

    def _search(self, count: bool, declarer_max: bool) -> _Search:
        s = self._searches.get((count, declarer_max))
        if s is None:
            pts = (1,) * 32 if count else CARD_POINTS
            ismax = tuple((seat == self.declarer) == declarer_max for seat in range(3))
            s = _Search(self.tables, self.declarer, pts, ismax, self._counter)
            self._searches[(count, declarer_max)] = s
        return s

    def _limit(self, node_limit: int | None) -> None:
        cnt = self._counter
        cnt[1] = cnt[0] + node_limit if node_limit is not None else 1 << 62

    def _run(self, s: _Search, need: int, node_limit: int | None) -> int:
        self._limit(node_limit)
        return s.run(self.hands, self.trick, self.leader, need, _FULL_DEPTH, self.declarer_points)

    @property
    def _points_max(self) -> bool:
        return self.game != GameType.RAMSCH

    def declarer_reaches(self, target: int, node_limit: int | None = None) -> bool:
        """Does the declarer end with ``target`` card points or more (points
        so far included)?  Ramsch: does the evaluated seat end with at least
        ``target`` when it avoids points and the others push them on it?"""
        need = target - self.declarer_points
        return self._run(self._search(False, self._points_max), need, node_limit) >= need

    def declarer_takes_all(self, node_limit: int | None = None) -> bool:
        """Schwarz for the declarer: no trick lost so far and none from here."""
        if self.defender_tricks:
            return False
        cards = sum(h.bit_count() for h in self.hands) + len(self.trick)
        if not cards:
            return True
        return self._run(self._search(True, True), cards, node_limit) >= cards

    def defenders_take_all(self, node_limit: int | None = None) -> bool:
        """The declarer takes no trick at all (so far and from here), though he tries."""
        if self.declarer_tricks:
            return False
        return self._run(self._search(True, True), 1, node_limit) < 1

    def null_declarer_wins(self, node_limit: int | None = None) -> bool:
        """Null: the declarer takes no trick while the defenders try to give him one."""
        if self.declarer_tricks:
            return False
        return self._run(self._search(True, False), 1, node_limit) < 1

    def exact(self, node_limit: int | None = None, max_tricks: int | None = None, leaf: LeafFn | None = None) -> int:
        """The declarer's final card points under best play (null-window probes, MTD).

        With ``max_tricks`` the search stops after that many more completed
        tricks and asks ``leaf(hands, leader, declarer_points)`` for the final
        points from there (default: :func:`_default_leaf`, a static share of
        the points still out).  Depth-limited values are not exact, so they
        use a table of their own that lives for this call only.
        """
        if max_tricks is not None:
            limited = DepthLimitedSearch(self, max_tricks, leaf)
            try:
                return limited.run(node_limit)
            finally:
                limited.release()
        dp = self.declarer_points
        rem = self.hands[0] | self.hands[1] | self.hands[2]
        R = sum(CARD_POINTS[c] for c in _cards(rem)) + sum(CARD_POINTS[c] for c in self.trick)
        s = self._search(False, self._points_max)
        self._limit(node_limit)
        probes = _Probes(R)
        while probes.lo < probes.hi:
            probes.feed(s.run(self.hands, self.trick, self.leader, probes.need, _FULL_DEPTH, dp))
        return dp + probes.lo


class _Probes:
    """Null-window probes closing in on an exact value in ``0..R``.

    Each probe starts one point past the bound just found, and the step
    doubles while the probes keep failing the same way.  Plain MTD(f) creeps
    one point per probe here, because fail-soft values rarely pass the
    threshold by much; galloping takes about half the probes and, over
    random deals, 10-30% fewer nodes.  Depth-limited searches, whose leaf
    estimates make the probes cheap and the bounds wide, do better with plain
    MTD(f) (``gallop`` False).  A probe cut short by the node limit is simply
    asked again (the state only changes in :meth:`feed`).
    """

    def __init__(self, r: int, gallop: bool = True) -> None:
        self.lo = 0
        self.hi = r
        self.need = r // 2 if r // 2 > 0 else 1
        self._step = 1
        self._last = 0
        self._gallop = gallop

    def feed(self, v: int) -> None:
        """Take the fail-soft answer ``v`` of the probe at ``need``."""
        if v >= self.need:
            self.lo = v
            d = 1
        else:
            self.hi = v
            d = -1
        self._step = self._step * 2 if d == self._last and self._gallop else 1
        self._last = d
        if d > 0:
            self.need = min(self.lo + self._step, self.hi)
        else:
            self.need = max(self.hi - self._step + 1, self.lo + 1)


class DepthLimitedSearch:
    """A depth-limited :meth:`SkatSolver.exact` of the solver's current
    position that can be run in chunks: when a chunk's node limit raises
    :class:`SearchAborted`, its table (valid for this root only) and its
    MTD(f) bounds stay, and the next :meth:`run` goes on from there.  So a
    caller can spread one search over several short units of work."""

    def __init__(self, solver: SkatSolver, max_tricks: int, leaf: LeafFn | None = None) -> None:
        if leaf is None:
            leaf = _default_leaf(solver.tables, solver.declarer)
        self.solver = solver
        self.search = _Search(
            solver.tables,
            solver.declarer,
            CARD_POINTS,
            tuple((seat == solver.declarer) == solver._points_max for seat in range(3)),
            solver._counter,
            leaf,
        )
        self.depth = max_tricks
        self.hands = tuple(solver.hands)
        self.trick = tuple(solver.trick)
        self.leader = solver.leader
        self.dp = solver.declarer_points
        rem = self.hands[0] | self.hands[1] | self.hands[2]
        r = sum(CARD_POINTS[c] for c in _cards(rem)) + sum(CARD_POINTS[c] for c in self.trick)
        self.probes = _Probes(r, gallop=False)

    def run(self, node_limit: int | None = None) -> int:
        """The declarer's final points by the depth-limited search; raises
        SearchAborted past ``node_limit`` nodes (call again to go on)."""
        self.solver._limit(node_limit)
        s, depth, dp = self.search, self.depth, self.dp
        probes = self.probes
        while probes.lo < probes.hi:
            probes.feed(s.run(self.hands, self.trick, self.leader, probes.need, depth, dp))
        return dp + probes.lo

    def release(self) -> None:
        """Empty this search's own tables now (see :meth:`SkatSolver.drain`)."""
        self.search.tt.clear()
        self.search.order_cache.clear()
