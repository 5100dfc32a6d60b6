"""The weights of sampled deals by what the others bid and played.

A card-play search (:mod:`skat.ai.expert.skat_cards`) needs whole deals to
solve.  They are drawn by the one sampler of Skat worlds,
:class:`skat.ai.model.worlds.WorldSampler`, which honours the hard facts of
the observation (cards played, voids shown, the declarer's discards, an
Ouvert hand, each place's number of cards) and draws every world that fits
them equally often.  This module is the heavier layer on top of it.

The bidding and the play are soft evidence and weigh in by rejection: a
candidate deal is accepted with a probability from

- the auction, by :func:`skat.ai.model.evaluation.win_probability`: a seat that bid
  or held X is likely to hold a game worth X, one that passed at X unlikely to
  hold one it would have played, and the declarer (seen by a defender) holds a
  hand that suits the game he announced;
- the cards the others chose (not the forced ones): each seat is modelled as
  the strong heuristic, and every past card it would not have played from its
  sampled hand (nor one that plays alike) multiplies the weight by
  ``MISMATCH``.  The last four tricks of a trump game are left out: there the
  heuristic searches random deals, so its card is no single function of the
  hand.

The acceptance never drops below a floor, so a surprising hand (a human's
bluff, a bold bid, a partner who plays otherwise) still turns up, and after
``CANDIDATES`` rejections the likeliest candidate is taken.  An
:class:`Inference` can also weigh the declarer's choice of game and of discard
(the lab's variants; off in the product: they did not win their paired games,
``docs/bench/defence-experiments.md``).
``BIDDING_WEIGHTS`` and ``PLAY_WEIGHTS`` turn the evidence off (for
comparisons).  Measured on 100 hands of the strong heuristic (ISkO, 10 deals
at the start of tricks 2, 4, 6 and 8, 2.7 ms per deal): the sampled hidden
hands share 51/53/54/56% of their cards with the true ones by the auction
alone, and 52/55/61/68% with the play too (``tools/sampling_accuracy.py``;
before the one world sampler: 50/52/55/56% and 51/55/61/68%).
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass, replace

from ...engine.cards import CARD_POINTS, iter_cards, mask_points
from ...engine.skat_hand import SkatObservation
from ...engine.tricks import FOLLOW, POWER, GameType, legal_follow
from ...engine.values import NULL_VALUES
from ..base import run_steps
from ..heuristic.skat_cards import choose_card
from ..model.auction import best_chance, bidding_bounds
from ..model.evaluation import TRUMP_GAMES, best_discard, game_value, win_probability
from ..model.knowledge import SkatKnowledge
from ..model.worlds import World, WorldSampler, weighed
from ..solve import skat_endgame
from ..strengths import STRONG

BIDDING_WEIGHTS = True
"""Weigh sampled deals by the auction and the declared game (see module doc)."""
PLAY_WEIGHTS = True
"""Weigh sampled deals by the cards the others played (see module doc)."""
MISMATCH = 0.3
"""Weight factor of each past card another seat played that the strong
heuristic, holding that seat's sampled hand, would not have played."""
CANDIDATES = 20
"""Candidate deals drawn per accepted deal at most (the likeliest is kept)."""
FLOOR = 0.08
"""Least factor of one piece of bidding evidence."""
MODEL_STEP = 4
"""Cards modelled between two pauses (a few milliseconds)."""
ACCEPT_FLOOR = 0.01
"""Least acceptance probability of any deal that fits the hard facts."""


@dataclass(frozen=True)
class Inference:
    """How strongly the soft evidence about the declarer's hand weighs (the
    settings a lab variant changes; :data:`INFERENCE` is the product's)."""

    game_choice: float = 1.0
    """Weight factor of a deal in which the declarer, by the strong heuristic's
    ranking of the games (expected score among those reaching the bid), would
    have declared another game than the one he did (1.0: not weighed)."""
    discard_choice: float = 1.0
    """Weight factor of a deal whose skat is not the pair the strong heuristic
    would have put away from the declarer's twelve cards for the declared game."""
    declarer_mismatch: float | None = None
    defender_mismatch: float | None = None
    """``MISMATCH`` for the declarer's cards and for a defender's (None: ``MISMATCH``)."""


INFERENCE = Inference()
"""The expert's inference."""


class DealSampler:
    """Draws deals consistent with ``obs`` (a play-phase observation)."""

    def __init__(self, obs: SkatObservation, inference: Inference = INFERENCE) -> None:
        game = obs.game
        self.inference = inference
        assert game is not None, "deals are sampled in the play phase"
        self.obs = obs
        self.game = game
        kn = SkatKnowledge(obs, game, STRONG)
        self.kn = kn
        self.me = obs.seat
        self.worlds = WorldSampler.for_view(kn, obs.skat)
        """The deals that fit the hard facts."""
        self.fixed = self.worlds.fixed
        """Per place (seats, then the skat), the cards this seat knows lie there."""
        self.feasible = self.worlds.feasible
        self._played_by = self._cards_played_by_seat()
        self._evidence = self._bidding_evidence() if BIDDING_WEIGHTS else {}
        self._plays = self._play_events() if PLAY_WEIGHTS else []
        self._mismatches: dict[tuple[int, int, int], bool] = {}
        """Per (play event, the seat's hand then, the skat it saw): whether the
        strong heuristic would have played otherwise.  Candidate deals share
        a seat's hand often (more than half of the lookups in a decision), and
        the heuristic's card is the costliest part of a deal's weight."""
        self._seat_factors: dict[tuple[int, int], float] = {}
        """Per (seat, its original hand): the auction's factor (:meth:`bidding_weight`)."""
        self._declarer_factors: dict[tuple[int, int], float] = {}
        """Per (the declarer's original hand, the skat): :meth:`_declarer_factor`."""

    def draw(self, rng: random.Random) -> World | None:
        """One deal that fits the hard facts (None only if none exists)."""
        return self.worlds.draw(rng)

    # ------------------------------------------------------------ soft evidence
    def _cards_played_by_seat(self) -> list[int]:
        return [self.obs.played_by(s) for s in range(3)]

    def _bidding_evidence(self) -> dict[int, tuple[int, int]]:
        """The auction's bounds (:func:`~skat.ai.model.auction.bidding_bounds`)
        of the seats whose hands this seat does not see, the declarer aside
        (his game says more, see :meth:`bidding_weight`)."""
        return {
            s: b
            for s, b in bidding_bounds(self.obs.bidding).items()
            if s != self.me and not self.fixed[s] and s != self.obs.declarer
        }

    def _play_events(self) -> list[tuple[SkatObservation, int, int, int, bool]]:
        """The others' past cards that may have been a choice, latest first,
        as (the seat's view then, without its hand, legal cards and skat; the
        card; the cards the seat has played since, this one included; the
        cards gone before it; whether the seat knows the skat)."""
        obs = self.obs
        if obs.ouvert or self.game == GameType.RAMSCH:
            return []
        sees_skat = not obs.hand_game
        events = []
        gone = 0
        points = [0, 0, 0]
        tricks = [(t.leader, t.cards) for t in obs.tricks]
        tricks.append((obs.trick[0][0] if obs.trick else 0, tuple(c for _, c in obs.trick)))
        for k, (leader, cards) in enumerate(tricks):
            if skat_endgame.searched(self.game, 10 - k):
                break  # the strong heuristic searches random deals there: no single card to expect
            part: tuple[tuple[int, int], ...] = ()
            for i, c in enumerate(cards):
                s = (leader + i) % 3
                if s != self.me and not self.fixed[s]:
                    counts = tuple(10 - k - any(p == t for p, _ in part) for t in range(3))
                    then = replace(obs, seat=s, to_move=s, trick=part, tricks=obs.tricks[:k], points=tuple(points),
                                   held=counts)
                    events.append((then, c, self._played_by[s] & ~gone, gone, sees_skat and s == obs.declarer))
                part = (*part, (s, c))
                gone |= 1 << c
            if k < len(obs.tricks):
                points[obs.tricks[k].winner] += mask_points(sum(1 << c for c in cards))
        events.reverse()
        return events

    def play_weight(self, deal: World) -> float:
        """How well ``deal`` explains the others' cards (see :meth:`play_steps`)."""
        return run_steps(self.play_steps(deal))

    def play_steps(self, deal: World, w: float = 1.0, enough: float = 0.0) -> Generator[None, None, float]:
        """``w`` times how well ``deal`` explains the others' cards:
        ``MISMATCH`` for each one the strong heuristic, given the seat's hand
        in ``deal``, would have played otherwise (a card that plays alike
        counts as the same).  Stops once the weight is at most ``enough``;
        pauses every ``MODEL_STEP`` cards modelled."""
        game = self.game
        modelled = 0
        inf = self.inference
        declarer_factor = MISMATCH if inf.declarer_mismatch is None else inf.declarer_mismatch
        defender_factor = MISMATCH if inf.defender_mismatch is None else inf.defender_mismatch
        known = self._mismatches
        for event, (then, c, since, before, sees_skat) in enumerate(self._plays):
            s = then.seat
            held = deal.hands[s] | since
            legal = legal_follow(game, then.trick[0][1], held) if then.trick else held
            if legal & (legal - 1) == 0:
                continue  # forced
            skat = deal.skat if sees_skat else 0
            key = (event, held, skat)
            mismatch = known.get(key)
            if mismatch is None:  # the pauses count the cards modelled, not those already known
                if modelled and modelled % MODEL_STEP == 0:
                    yield None
                modelled += 1
                view = replace(then, hand=held, legal=tuple(iter_cards(legal)), skat=skat)
                chosen = choose_card(view, STRONG, _NO_RANDOM)
                mismatch = chosen != c and not _alike(game, chosen, c, held, before | skat)
                known[key] = mismatch
            if mismatch:
                w *= declarer_factor if s == self.obs.declarer else defender_factor
                if w <= enough:
                    break
        return w

    def weight_steps(self, deal: World, enough: float = 0.0) -> Generator[None, None, float]:
        """How well ``deal`` fits the auction, the declared game and the play,
        in (0, 1]; once known to be at most ``enough``, any such value."""
        w = self.bidding_weight(deal)
        if self._plays and w > enough:
            w = yield from self.play_steps(deal, w, enough)
        return max(ACCEPT_FLOOR, w)

    def bidding_weight(self, deal: World) -> float:
        """How well ``deal`` fits the auction and the declared game."""
        if not BIDDING_WEIGHTS:
            return 1.0
        w = 1.0
        factors = self._seat_factors
        for s, (said, refused) in self._evidence.items():
            original = deal.hands[s] | self._played_by[s]
            factor = factors.get((s, original))
            if factor is None:
                factor = 1.0
                if said:
                    factor *= _clamp((best_chance(original, s == 0, said) - 0.3) / 0.3) ** 2
                if refused and refused > said and best_chance(original, s == 0, refused) >= 0.62:
                    factor *= 0.3
                factors[(s, original)] = factor
            w *= factor
        d = self.obs.declarer
        if d is not None and d != self.me and not self.fixed[d] and self.game != GameType.RAMSCH:
            original = deal.hands[d] | self._played_by[d]
            factor = self._declarer_factors.get((original, deal.skat))
            if factor is None:
                factor = self._declarer_factor(d, original, deal.skat)
                self._declarer_factors[(original, deal.skat)] = factor
            w *= factor
        return w

    def _declarer_factor(self, d: int, original: int, skat: int) -> float:
        """How well the declarer's hand ``original`` and the skat suit the game he declared."""
        if self.obs.hand_game:
            p = win_probability(self.game, original, d == 0, "hand")
        elif self.game == GameType.NULL:
            p = win_probability(self.game, original, d == 0, "post")
        else:
            p = win_probability(self.game, original, d == 0, "post", mask_points(skat))
            if game_value(self.game, original | skat, False) < self.obs.bid:
                p *= 0.3
        return _clamp(p / 0.6) * self._choice_weight(original, skat, d == 0)

    def _choice_weight(self, hand: int, skat: int, forehand: bool) -> float:
        """The declarer's choices of game and discard, given his hand and the skat in a deal."""
        inf, w = self.inference, 1.0
        if self.game == GameType.NULL:
            return w
        if inf.game_choice < 1.0 and _preferred(hand, skat, forehand, self.obs) != self.game:
            w *= inf.game_choice
        if inf.discard_choice < 1.0 and not self.obs.hand_game:
            pair = best_discard(hand | skat, self.game)
            if (1 << pair[0]) | (1 << pair[1]) != skat:
                w *= inf.discard_choice
        return w

    def sample_steps(self, rng: random.Random) -> Generator[None, None, World | None]:
        """A deal drawn by the hard facts and accepted by the soft evidence,
        one candidate per step (a step is a few milliseconds)."""
        return (yield from weighed(rng, self.worlds, self.weight_steps, CANDIDATES))

    def sample(self, rng: random.Random) -> World | None:
        """:meth:`sample_steps` in one go."""
        return run_steps(self.sample_steps(rng))


_NO_RANDOM = random.Random(0)
"""The strong heuristic draws no random numbers; its choose_card wants a generator."""


def _alike(game: int, a: int, b: int, held: int, gone: int) -> bool:
    """Do cards ``a`` and ``b`` of the hand ``held`` play alike (same suit,
    same points, no card of another hand between them)?"""
    follow, power = FOLLOW[game], POWER[game]
    if follow[a] != follow[b] or (game != GameType.NULL and CARD_POINTS[a] != CARD_POINTS[b]):
        return False
    lo, hi = sorted((power[a], power[b]))
    between = follow[a] & ~held & ~gone
    while between:
        low = between & -between
        x = low.bit_length() - 1
        if lo < power[x] < hi:
            return False
        between ^= low
    return True


def _preferred(hand: int, skat: int, forehand: bool, obs: SkatObservation) -> int:
    """The game the strong heuristic declares with ``hand`` (after the discard
    ``skat``; Hand: the skat unseen) at ``obs``'s bid: the best expected score
    among the games reaching the bid (see :func:`skat.ai.heuristic.skat_calls._declare`)."""
    hand_game = obs.hand_game
    stage = "hand" if hand_game else "post"
    skat_points = 0 if hand_game else mask_points(skat)
    cards = hand if hand_game else hand | skat
    assert obs.game is not None, "the declarer's choice is read once the game is declared"
    best, best_score = GameType(obs.game), float("-inf")
    for g in TRUMP_GAMES:
        value = game_value(g, cards, hand_game)
        if value < obs.bid:
            continue
        p = win_probability(g, hand, forehand, stage, skat_points)
        score = p * value - (1 - p) * 2 * value
        if score > best_score:
            best, best_score = g, score
    value = NULL_VALUES[(hand_game, False)]
    if value >= obs.bid:
        p = win_probability(GameType.NULL, hand, forehand, stage)
        if p * value - (1 - p) * 2 * value > best_score:
            best = GameType.NULL
    return best


def _clamp(x: float) -> float:
    return min(1.0, max(FLOOR, x))
