"""The heuristic's Officers' Skat card play, using both visible layouts.

In Officers' Skat half the cards lie face up, so much of the opponent's choice
is known exactly: in the plain layout every card the opponent may play is on
the table.  Card play therefore looks one trick ahead: for each card, the
opponent's best answer among the cards it can play (and, for the Admirals'
hand or the Harlequin draw, the chance that a hidden card does better), the
points of the trick, minus what each played card was worth keeping.  Playing a
card that lies on a face-down one earns a small bonus, since it turns up a new
card to play.  A strong player also solves the last tricks exactly once no
card is hidden any more.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from math import comb

from ...engine.cards import ALL_CARDS, CARD_POINTS, JACK, iter_cards, mask_points
from ...engine.officers import OfficersObservation
from ...engine.tricks import GameType
from ..model.trick_math import TrickMath
from ..strengths import Strength

UNCOVER_BONUS = 1.5
"""Worth of turning up a face-down card by playing the card on it."""


class OfficersKnowledge(TrickMath):
    """Card locations for one seat of Officers' Skat (masks)."""

    def __init__(self, obs: OfficersObservation, profile: Strength) -> None:
        me = obs.seat
        opp = 1 - me
        self.me, self.opp = me, opp
        assert obs.game is not None
        self.game = obs.game
        TrickMath.__init__(self, obs.game)
        self.profile = profile
        self.declarer = obs.declarer
        played = self.played = obs.played
        self.mine = obs.playable[me] | obs.hand
        self.theirs_up = obs.playable[opp]
        self.theirs = self.theirs_up | obs.opponent_hand_visible
        self.skat = obs.skat
        self.unknown = ALL_CARDS & ~self.mine & ~self.theirs & ~played & ~obs.skat
        self.my_hidden = sum(1 for down, _ in obs.piles[me] if down == -1) + obs.blind
        self.opp_hidden_hand = obs.opponent_hand_count - obs.opponent_hand_visible.bit_count()
        if obs.rules is not None and obs.rules.officers_layout == "harlequin":
            # The opponent's blind cards are visible to us but not playable at will.
            self.theirs_choosable = 0
        else:
            self.theirs_choosable = self.theirs_up
        self.uncovers = 0
        for down, up in obs.piles[me]:
            if down == -1 and up is not None:
                self.uncovers |= 1 << up
        self.opp_void_hand = 0
        if profile.infers and self.opp_hidden_hand:
            for t in obs.tricks:
                if t.leader == me:
                    lead, answer = t.cards
                    if not self.follow[lead] >> answer & 1:
                        self.opp_void_hand |= self.follow[lead]
        self.points = obs.points
        self.trick = list(obs.trick)

    def outside(self, owner_cards: int) -> int:
        """Cards that may still beat ``owner_cards``' cards: not theirs, not played."""
        return ALL_CARDS & ~owner_cards & ~self.played & ~self.skat

    def p_hidden_has(self, mask: int) -> float:
        """Chance that the opponent's hidden hand (Admirals, Harlequin) holds a card of ``mask``."""
        h = self.opp_hidden_hand
        if h <= 0:
            return 0.0
        pool = self.unknown & ~self.opp_void_hand
        n = pool.bit_count()
        m = (pool & mask).bit_count()
        if m == 0 or n == 0:
            return 0.0
        h = min(h, n)
        if n - m < h:
            return 1.0
        return 1.0 - comb(n - m, h) / comb(n, h)

    def keep(self, c: int, owner_cards: int, opp_playable: int) -> float:
        """What holding ``c`` is worth to its owner for the rest of the hand."""
        pts = CARD_POINTS[c]
        outside = self.outside(owner_cards)
        higher = self.stronger(self.follow[c] & outside, c).bit_count()
        if self.trumps >> c & 1:
            q = 1.0 if higher == 0 else 0.7 if higher == 1 else 0.5 if higher == 2 else 0.3
            return (2 * q - 1) * pts + q * 6.0 + (2.0 if higher == 0 and c & 7 == JACK else 0.0)
        suit = self.follow[c]
        if higher == 0:
            ruff_danger = not opp_playable & suit and opp_playable & self.trumps
            q, capture = (0.45, 1.0) if ruff_danger else (0.8, 3.0)
        elif higher == 1 and (owner_cards & suit).bit_count() >= 2:
            q, capture = 0.4, 1.5
        else:
            q, capture = 0.15, 0.0
        return (2 * q - 1) * pts + q * capture


def choose_card(obs: OfficersObservation, profile: Strength, rng: random.Random) -> Generator[int | None, None, int]:
    legal = list(obs.legal)
    kn = OfficersKnowledge(obs, profile)
    if profile.slip and rng.random() < profile.slip:
        yield None
        return rng.choice(legal)
    if profile.searches_endgame and kn.game not in (GameType.NO_TRUMP, GameType.NULL):
        solved = yield from _solve_if_open(obs, kn)
        if solved is not None:
            return solved
    yield None
    seen = [c for c in legal if kn.mine >> c & 1]
    blind = [c for c in legal if not kn.mine >> c & 1]
    if not seen:
        return rng.choice(blind)  # Harlequin: a card we cannot see is a blind pick
    choice: int | None
    if kn.game == GameType.NULL:
        choice = _null_card(kn, seen)
    elif kn.game == GameType.NO_TRUMP:
        choice = _ramsch_card(kn, seen)
    else:
        choice = _trump_card(kn, seen, blind)
    if choice is None or choice not in legal:
        return rng.choice(blind or legal)
    return choice


def _trump_card(kn: OfficersKnowledge, seen: list[int], blind: list[int]) -> int | None:
    """Best card by one trick of look-ahead; ``None`` means play a blind card."""
    scored = [(_card_value(kn, c), c) for c in seen]
    if blind:
        # A blind card is a random one of the cards we cannot place.
        pool = list(iter_cards(kn.unknown))
        if pool:
            avg = sum(_card_value(kn, c) for c in pool) / len(pool)
            scored.append((avg, -1))
    if not scored:
        return None
    value, card = max(scored)
    return None if card == -1 else card


def _card_value(kn: OfficersKnowledge, c: int) -> float:
    trick = kn.trick
    opp_cards = kn.theirs_choosable
    my_keep = kn.keep(c, kn.mine, opp_cards)
    bonus = UNCOVER_BONUS if kn.uncovers >> c & 1 else 0.0
    if trick:
        lead = trick[0][1]
        win = kn.beats(lead, lead, c)
        pts = CARD_POINTS[lead] + CARD_POINTS[c]
        return (pts if win else -pts) - my_keep + bonus + _count_bonus(kn, win, pts)
    # Leading: the opponent answers as well as it can.
    follow = kn.follow[c]
    answers = opp_cards & follow or opp_cards
    worst = float("inf")
    for r in iter_cards(answers):
        win = not kn.beats(c, c, r)
        pts = CARD_POINTS[c] + CARD_POINTS[r]
        their_keep = kn.keep(r, kn.theirs, kn.mine)
        v = (pts if win else -pts) + their_keep + _count_bonus(kn, win, pts)
        worst = min(worst, v)
    if kn.opp_hidden_hand:
        beaters = kn.stronger(follow & kn.unknown, c)
        p = kn.p_hidden_has(beaters)
        if not kn.trumps >> c & 1 and kn.trumps:
            p += (1 - kn.p_hidden_has(follow)) * (0.0 if opp_cards & follow else 1.0) * kn.p_hidden_has(kn.trumps)
        p = min(1.0, p)
        hidden = p * (-(CARD_POINTS[c] + 3.0) + 5.0) + (1 - p) * (CARD_POINTS[c] + 1.0)
        worst = hidden if worst == float("inf") else min(worst, 0.5 * (worst + hidden))
    if worst == float("inf"):
        worst = CARD_POINTS[c]  # the opponent has nothing to play (cannot happen in a real trick)
    return worst - my_keep + bonus + _lead_bonus(kn, c)


def _count_bonus(kn: OfficersKnowledge, win: bool, pts: int) -> float:
    """Counting to 61: a trick that crosses the line is worth more than its points."""
    if not kn.profile.infers or kn.declarer is None:
        return 0.0
    mine = kn.points[kn.me] + (mask_points(kn.skat) if kn.me == kn.declarer else 0)
    theirs = kn.points[kn.opp] + (mask_points(kn.skat) if kn.opp == kn.declarer else 0)
    my_target = 61 if kn.me == kn.declarer else 60
    their_target = 121 - my_target
    if win and mine < my_target <= mine + pts:
        return 10.0
    if not win and theirs < their_target <= theirs + pts:
        return -10.0
    return 0.0


def _lead_bonus(kn: OfficersKnowledge, c: int) -> float:
    trumps = kn.trumps
    if not trumps >> c & 1:
        return 0.0
    my_trumps = (kn.mine & trumps).bit_count()
    their_trumps = (kn.theirs & trumps).bit_count()
    outside_trumps = (kn.outside(kn.mine) & trumps).bit_count()
    if outside_trumps == 0:
        return -4.0
    if kn.me == kn.declarer and my_trumps > their_trumps:
        return 3.0 + (2.0 if not kn.stronger(trumps & kn.outside(kn.mine), c) else 0.0)
    return -1.5


# ------------------------------------------------------------------ Null and Ramsch
def _null_card(kn: OfficersKnowledge, legal: list[int]) -> int:
    power = kn.power
    opp = kn.theirs_choosable
    declarer = kn.me == kn.declarer
    if not kn.trick:

        def lead_key(c: int) -> tuple[float, int]:
            follow = kn.follow[c]
            answers = opp & follow
            higher = kn.stronger(answers, c)
            lower = answers & ~higher
            if declarer:
                # Safe when every answer the opponent can make is higher.
                forced = 0 if answers and not lower else 1
                return (forced + 0.1 * lower.bit_count(), power[c])
            # Defender: lead under the declarer's cards so that he must win.
            forced = 0 if answers and not lower else 1
            return (forced, power[c])

        return min(legal, key=lead_key)
    lead = kn.trick[0][1]
    follows = kn.follow[lead] >> legal[0] & 1
    if declarer:
        if follows:
            under = [c for c in legal if power[c] < power[lead]]
            return max(under, key=lambda c: power[c]) if under else min(legal, key=lambda c: power[c])
        return max(legal, key=lambda c: power[c])
    # Defender answering the declarer's lead: stay under it, throw high cards.
    if follows:
        under = [c for c in legal if power[c] < power[lead]]
        return max(under, key=lambda c: power[c]) if under else max(legal, key=lambda c: power[c])
    return max(legal, key=lambda c: power[c])


def _ramsch_card(kn: OfficersKnowledge, legal: list[int]) -> int:
    """Officers' Ramsch (no trumps): fewer card points wins."""
    power = kn.power
    opp = kn.theirs_choosable
    if not kn.trick:

        def lead_value(c: int) -> float:
            follow = kn.follow[c]
            answers = opp & follow or opp
            taken = 0.0
            for r in iter_cards(answers):
                we_take = not kn.beats(c, c, r)
                taken = max(taken, CARD_POINTS[c] + CARD_POINTS[r] if we_take else 0.0)
            if not answers:
                taken = CARD_POINTS[c] + 3.0
            return taken - 0.1 * (power[c] if taken == 0 else 0)

        return min(legal, key=lead_value)
    lead = kn.trick[0][1]
    losers = [c for c in legal if not kn.beats(lead, lead, c)]
    if losers:
        return max(losers, key=lambda c: (CARD_POINTS[c], power[c]))
    return min(legal, key=lambda c: (CARD_POINTS[c], -power[c]))


# ------------------------------------------------------------------ exact endgame
SOLVE_MAX_CARDS = 6
SOLVE_NODE_LIMIT = 6000
SOLVE_NODES_PER_UNIT = 250
"""Solver nodes between two pauses, so no unit of work outlasts a frame."""


def _solve_if_open(obs: OfficersObservation, kn: OfficersKnowledge) -> Generator[int | None, None, int | None]:
    """Once nothing is hidden (no face-down card left, no unknown hand card),
    play the last tricks perfectly by alpha-beta on the card points."""
    if kn.my_hidden or kn.opp_hidden_hand or any(down == -1 for down, _ in obs.piles[kn.opp]):
        return None
    mine = kn.mine & ~kn.played
    theirs = kn.theirs_up | obs.opponent_hand_visible
    if mine.bit_count() > SOLVE_MAX_CARDS or theirs.bit_count() > SOLVE_MAX_CARDS + 1:
        return None
    if obs.rules is not None and obs.rules.officers_layout == "harlequin":
        return None  # blind cards are never chosen knowingly
    solver = _Solver(kn)
    hands = [0, 0]
    hands[kn.me] = mine
    hands[kn.opp] = theirs
    trick = [c for _, c in kn.trick]
    leader = kn.trick[0][0] if kn.trick else kn.me
    best: int | None = None
    best_value = -1000
    for c in solver.moves(hands, kn.me, trick):
        h = hands[:]
        h[kn.me] &= ~(1 << c)
        value = yield from solver.after(h, leader, trick + [c], -1000, 1000)
        if solver.nodes > SOLVE_NODE_LIMIT:
            return None
        if value > best_value:
            best, best_value = c, value
        yield best
    return best


class _Solver:
    """Perfect-information search over the remaining tricks; value is the
    card points our seat still takes minus the opponent's.  A generator that
    pauses every :data:`SOLVE_NODES_PER_UNIT` nodes (the choice is the same)."""

    def __init__(self, kn: OfficersKnowledge) -> None:
        self.kn = kn
        self.nodes = 0
        self.pause_at = SOLVE_NODES_PER_UNIT

    def moves(self, hands: list[int], seat: int, trick: list[int]) -> list[int]:
        cards = hands[seat]
        if trick:
            follow = cards & self.kn.follow[trick[0]]
            if follow:
                cards = follow
        return sorted(iter_cards(cards), key=lambda c: -self.kn.power[c])

    def after(
        self, hands: list[int], leader: int, trick: list[int], alpha: int, beta: int
    ) -> Generator[None, None, int]:
        """Value for our seat after ``trick`` got a card (the next to move follows)."""
        self.nodes += 1
        if self.nodes >= self.pause_at:
            self.pause_at += SOLVE_NODES_PER_UNIT
            yield None
        kn = self.kn
        if len(trick) == 2:
            lead, answer = trick
            winner = leader if not kn.beats(lead, lead, answer) else 1 - leader
            pts = CARD_POINTS[lead] + CARD_POINTS[answer]
            signed = pts if winner == kn.me else -pts
            if not hands[0] and not hands[1]:
                return signed
            if self.nodes > SOLVE_NODE_LIMIT:
                return signed
            return signed + (yield from self.search(hands, winner, [], alpha - signed, beta - signed))
        return (yield from self.search(hands, 1 - leader, trick, alpha, beta, leader))

    def search(
        self, hands: list[int], seat: int, trick: list[int], alpha: int, beta: int, leader: int = -1
    ) -> Generator[None, None, int]:
        if leader < 0:
            leader = seat
        maximizing = seat == self.kn.me
        best = -1000 if maximizing else 1000
        for c in self.moves(hands, seat, trick):
            h = hands[:]
            h[seat] &= ~(1 << c)
            v = yield from self.after(h, leader, trick + [c], alpha, beta)
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best
