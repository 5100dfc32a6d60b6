"""What a Skat player can know about the cards it cannot see.

Built from a :class:`SkatObservation` only.  How much is remembered depends on
the strength: an easy player forgets the finished tricks (it only sees the
table), a normal one counts the cards played, a strong one also infers voids
from every card that did not follow suit.  The card-play heuristics ask this
object for probabilities ("may the next player trump this?") instead of
reasoning about single cards, so the same code plays at every strength.
"""

from __future__ import annotations

from math import comb

from ...engine.cards import ALL_CARDS, iter_cards, mask_points
from ...engine.skat_hand import SkatObservation
from ...engine.tricks import GameType
from ..strengths import Strength
from .trick_math import TrickMath

TRUMP_BIAS = 1.6
"""Exponent on the chance that a declarer holds none of some trumps (> 1: he holds more)."""
SIDE_BIAS = 0.75
"""Exponent on the chance that a declarer holds none of some plain cards (< 1: more voids)."""


class SkatKnowledge(TrickMath):
    """Card locations as far as one seat knows them (masks throughout)."""

    def __init__(self, obs: SkatObservation, game: GameType, profile: Strength) -> None:
        self.game = game
        self.me = obs.seat
        self.declarer = obs.declarer if game != GameType.RAMSCH else None
        self.hand = obs.hand
        self.trick = list(obs.trick)
        TrickMath.__init__(self, game)
        self.profile = profile
        on_table = 0
        for _, c in obs.trick:
            on_table |= 1 << c
        self.gone = obs.played
        """Every card played so far (always right; used for counting hands, not for inference)."""
        self.remembered = self.gone if profile.counts_cards else on_table
        self.known_skat = obs.skat
        held = [10 - len(obs.tricks) for _ in range(3)]
        for seat, _ in obs.trick:
            held[seat] -= 1
        self.held = held
        self.known = [0, 0, 0]
        self.known[self.me] = self.hand
        if obs.ouvert and obs.declarer is not None and obs.declarer != self.me:
            self.known[obs.declarer] = obs.open_cards
            if obs.partner_hand:  # a Revolution: the defenders showed each other their hands
                self.known[3 - self.me - obs.declarer] = obs.partner_hand
        self.out = ALL_CARDS & ~self.hand & ~self.remembered & ~self.known_skat
        """Cards that another seat (or the unknown skat) may hold."""
        self.voids = [0, 0, 0]
        if profile.infers:
            self._infer_voids(obs)
        spitze = getattr(obs, "spitze", None)  # an announced Spitze card is shown: no one else holds it
        if spitze is not None and obs.declarer is not None and not self.gone >> spitze & 1:
            for s in range(3):
                if s != obs.declarer:
                    self.voids[s] |= 1 << spitze
        others_known = self.known[0] | self.known[1] | self.known[2]
        self.pool = [0, 0, 0]
        for s in range(3):
            if s == self.me:
                self.pool[s] = self.hand
            elif self.known[s]:
                self.pool[s] = self.known[s]
            else:
                self.pool[s] = self.out & ~self.voids[s] & ~others_known
        # A declarer's hand is not a random one: he bid on trumps and pushed
        # short suits into the skat.  Defenders therefore rate him more likely
        # to hold trumps and to be void in a plain suit than uniform odds say.
        self.biased_seat = -1
        if self.declarer is not None and self.declarer != self.me and game <= GameType.GRAND and not obs.ouvert:
            self.biased_seat = self.declarer

    def _infer_voids(self, obs: SkatObservation) -> None:
        tricks = [(t.leader, t.cards) for t in obs.tricks]
        if obs.trick:
            tricks.append((obs.trick[0][0], tuple(c for _, c in obs.trick)))
        for leader, cards in tricks:
            lead_class = self.follow[cards[0]]
            for i in range(1, len(cards)):
                if not lead_class >> cards[i] & 1:
                    self.voids[(leader + i) % 3] |= lead_class

    # ------------------------------------------------------------ relations
    def friends(self, a: int, b: int) -> bool:
        if a == b:
            return True
        if self.declarer is None:
            return False
        return a != self.declarer and b != self.declarer

    # ------------------------------------------------------------ probabilities
    def p_holds_any(self, seat: int, mask: int) -> float:
        """Probability that ``seat`` holds at least one card of ``mask``."""
        if self.known[seat]:
            return 1.0 if self.known[seat] & mask else 0.0
        pool = self.pool[seat]
        m = (pool & mask).bit_count()
        if m == 0:
            return 0.0
        n = pool.bit_count()
        h = min(self.held[seat], n)
        if h <= 0:
            return 0.0
        if n - m < h:
            return 1.0
        p_none = comb(n - m, h) / comb(n, h)
        if seat == self.biased_seat:
            p_none **= TRUMP_BIAS if not mask & ~self.trumps else SIDE_BIAS
        return 1.0 - p_none

    def p_beats(self, seat: int, lead: int, best: int) -> float:
        """Probability that ``seat``, yet to play to a trick led with ``lead``
        and now won by ``best``, holds a card that beats ``best``."""
        trumps = self.trumps
        pool = self.pool[seat]
        lead_class = self.follow[lead]
        best_is_trump = bool(trumps >> best & 1)
        if best_is_trump:
            higher_trumps = self.stronger(trumps & pool, best)
            if lead_class == trumps:
                return self.p_holds_any(seat, higher_trumps)
            if not higher_trumps:
                return 0.0
            p_void = 1.0 - self.p_holds_any(seat, lead_class)
            return p_void * self.p_holds_any(seat, higher_trumps)
        p_follow = self.p_holds_any(seat, self.stronger(lead_class & pool, best))
        if not trumps or not trumps & pool:
            return p_follow
        p_void = 1.0 - self.p_holds_any(seat, lead_class)
        return min(1.0, p_follow + p_void * self.p_holds_any(seat, trumps & pool))

    def higher_out(self, c: int) -> int:
        """Cards others may hold that beat ``c`` within its own suit (or trumps)."""
        return self.stronger(self.follow[c] & self.out, c)

    def lower_out(self, c: int) -> int:
        cls = self.follow[c]
        pw = self.power[c]
        m = 0
        for x in iter_cards(cls & self.out):
            if self.power[x] < pw:
                m |= 1 << x
        return m

    def is_master(self, c: int) -> bool:
        """No card outside this hand beats ``c`` in its own suit (or trumps)."""
        return self.higher_out(c) == 0

    def team_points(self, seat: int, obs_points: tuple[int, ...]) -> int:
        if self.declarer is None:
            return obs_points[seat]
        if seat == self.declarer:
            return obs_points[seat] + mask_points(self.known_skat)
        return sum(obs_points[s] for s in range(3) if s != self.declarer)
