"""The expert's variants that lost their paired matches, kept for benchmarks.

``skat bench duel --a expert-MODE[-STYLE]`` plays one of them:
:class:`ExpertVariant` changes who makes a Skat hand's decisions before the
card play (:data:`SKAT_MODES`) and, with a bidding style
(:data:`BIDDING_STYLES`), the heuristic's thresholds for the auction and Hand.
The shipped expert is mode ``confirm`` with the strong heuristic's thresholds
(:class:`skat.ai.expert.player.SearchPlayer`); everything else stays here.
``--a expert-inf-NAME`` plays the shipped expert with another card play
(:data:`CARD_PLAYS`: the inference of the declarer's hand and the defence),
``expert-inf-shipped`` is the shipped one (``expert-inf-none``: before its rule on early trump leads).
``--a expert-oracle`` is no variant but a yardstick: the expert whose card play sees every
card (:class:`Oracle`), so a duel shows how much any inference of the hidden cards could add;
``expert-oracle-declarer`` and ``expert-oracle-defence`` see them in that role only, and
``expert-oracle-declarer-hand[-early|-late]`` is a defender who sees the declarer's hand alone,
``expert-oracle-partner-hand`` one who sees his partner's alone, ``-partner-jacks`` only the
partner's Jacks (:class:`SeenHand`).
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..ai.base import Thinking, View
from ..ai.effort import Effort
from ..ai.expert import skat_calls, skat_cards
from ..ai.expert.player import HEURISTIC, SearchPlayer, beyond_pass, heuristic_call, sim_rng, simulated_call
from ..ai.expert.sampling import DealSampler, Inference
from ..ai.expert.skat_cards import CARD_PLAY, CardPlay, _Search
from ..ai.heuristic import player as heuristic_player
from ..ai.heuristic import skat_calls as heuristic_calls
from ..ai.heuristic.skat_cards import choose_card
from ..ai.model.worlds import World, WorldSampler
from ..ai.strengths import STRONG, Strength
from ..engine import actions as A
from ..engine.cards import ALL_CARDS, JACKS_MASK
from ..engine.rules import Rules
from ..engine.skat_hand import Phase, SkatHand, SkatObservation
from ..engine.tricks import GameType

SKAT_MODES = ("heuristic", "post", "hand", "cap", "confirm", "null", "grand", "sim")
"""Who makes a Skat hand's decisions before the card play:

- ``heuristic``: the strong heuristic, every one of them;
- ``post``: the heuristic bids and chooses Hand or skat; after taking the skat
  the discard and the game are chosen by simulation (candidate plans played
  out on sampled deals, Null judged by the solver) -- the expert before its
  confirmed bids (2026-12-04);
- ``hand``: like ``post``, and Hand or skat by simulation too (the best Hand
  game's expected score against taking the skat), a Hand game then declared
  by its play-outs;
- ``cap``: like ``post``, and the heuristic's bid is capped by the simulation
  bidder's (the highest value with a positive expected score);
- ``confirm``: like ``post``, and a hand the heuristic would pass is bid on
  while the pre-skat simulation finds taking the skat likely to win
  (:func:`skat.ai.expert.skat_calls.confirmed_limit`) -- the shipped expert;
- ``null``: like ``heuristic``, but a Null the heuristic plans after the skat
  is checked by that simulation first;
- ``grand``: like ``null``, for a Null or a Grand the heuristic plans;
- ``sim``: the simulation bidder (:mod:`skat.ai.expert.skat_calls`) for all."""

BIDDING_STYLES: dict[str, Strength] = {
    "bold": replace(HEURISTIC, name="bold", bid=0.54, hand=0.72),
    "cautious": replace(HEURISTIC, name="cautious", bid=0.62, hand=0.80),
    "bid54": replace(HEURISTIC, name="bid54", bid=0.54),
    "bid50": replace(HEURISTIC, name="bid50", bid=0.50),
    "hand72": replace(HEURISTIC, name="hand72", hand=0.72),
    "pass54": replace(HEURISTIC, name="pass54", bid_after_pass=0.54),
    "pass50": replace(HEURISTIC, name="pass50", bid_after_pass=0.50),
    "pass46": replace(HEURISTIC, name="pass46", bid_after_pass=0.46),
}
"""Variants of the strong bidder (bid and Hand thresholds); its other decisions are the strong player's."""

CARD_PLAYS: dict[str, CardPlay] = {
    "none": CardPlay(),  # the card play before the rule on early trump leads
    "shipped": CARD_PLAY,
    "choice": CardPlay(Inference(game_choice=0.3)),
    "discard": CardPlay(Inference(game_choice=0.3, discard_choice=0.3)),
    "early15": CardPlay(early_defence_margin=0.15),
    "earlyrule": CardPlay(early_defence_margin=float("inf")),
    "earlyone": CardPlay(early_defence_margin=float("inf"), early_cards=9),
    "earlythree": CardPlay(early_defence_margin=float("inf"), early_cards=7),
    "close": CardPlay(close_margin=12, close_bonus=0.25),
    "dmis": CardPlay(Inference(declarer_mismatch=0.1)),
    "static": CardPlay(fitted_leaf=False),  # the card play before the fitted leaf estimate
    "notrump": CardPlay(trump_lead_penalty=float("inf"), trump_lead_tricks=3),
    "trump03": CardPlay(trump_lead_penalty=0.3, trump_lead_tricks=3),
    "notrump5": CardPlay(trump_lead_penalty=float("inf"), trump_lead_tricks=5),
}
"""Card-play variants (``skat bench duel --a expert-inf-NAME``): how the sampled
deals are weighed by the declarer's choice of game and discard
(:class:`skat.ai.expert.sampling.Inference`) and how far a defender's first
tricks trust the strong heuristic (:class:`skat.ai.expert.skat_cards.CardPlay`);
the figures of each are in ``docs/bench/defence-experiments.md``."""


def card_play_variant(name: str, rng: random.Random | None, effort: Effort | None) -> SearchPlayer:
    """The shipped expert with the card play :data:`CARD_PLAYS` ``[name]``."""
    if name not in CARD_PLAYS:
        raise ValueError(f"unknown card play {name!r}; known: {', '.join(CARD_PLAYS)}")
    player = SearchPlayer("expert", rng, effort)
    player.card_play = CARD_PLAYS[name]
    return player


EARLY_TRICKS = 3
"""The tricks ``declarer-hand-early`` sees in (and ``-late`` does not)."""


class Oracle(SearchPlayer):
    """A yardstick, not a player: the shipped expert's calls, and a card play that
    searches the true deal (``peek``, the hand being played, which the duel hands it)
    as its one sampled deal, as if it had inferred every hidden card.  The search
    is the expert's own (depth-limited in the first tricks), the heuristic's card
    breaks ties, and no rule on early trump leads is needed with the cards known."""

    SEEN: dict[str, tuple[str, int]] = {
        "declarer-hand": ("declarer", ALL_CARDS),
        "declarer-hand-early": ("declarer", ALL_CARDS),
        "declarer-hand-late": ("declarer", ALL_CARDS),
        "partner-hand": ("partner", ALL_CARDS),
        "partner-jacks": ("partner", JACKS_MASK),
    }
    """The roles that see one other seat's cards (:class:`SeenHand`): whose, and which of them."""

    ROLES = ("both", "declarer", "defence", *SEEN)
    """Where the oracle sees the cards: ``declarer`` and ``defence`` split the yardstick
    (``--a expert-oracle-declarer`` / ``-defence``); elsewhere it plays as the expert.
    ``declarer-hand`` splits the defence once more: a defender who sees the declarer's
    hand only and samples the partner's and the skat as the expert does
    (``--a expert-oracle-declarer-hand``); ``-early`` sees it in the first three
    tricks only, ``-late`` from the fourth on.  ``partner-hand`` is a defender who sees his
    partner's hand only (``--a expert-oracle-partner-hand``): what any understanding between
    two defenders could at most tell each other; ``partner-jacks`` knows only which Jacks
    his partner holds (what a signal about the trumps' top could tell)."""

    def __init__(self, rng: random.Random | None = None, effort: Effort | None = None, role: str = "both") -> None:
        super().__init__("expert", rng, effort)
        if role not in self.ROLES:
            raise ValueError(f"unknown oracle role {role!r}; known: {', '.join(self.ROLES)}")
        self.peek: SkatHand | None = None
        self.role = role

    def _sees(self, view: SkatObservation) -> bool:
        if self.role == "both":
            return True
        if self.role == "declarer-hand-early" and len(view.tricks) >= EARLY_TRICKS:
            return False
        if self.role == "declarer-hand-late" and len(view.tricks) < EARLY_TRICKS:
            return False
        return (view.declarer == view.seat) == (self.role == "declarer")

    def _seen_seat(self, view: SkatObservation) -> int:
        """The seat whose cards a role of :attr:`SEEN` sees: the declarer, or the partner."""
        assert view.declarer is not None
        return 3 - view.seat - view.declarer if self.SEEN[self.role][0] == "partner" else view.declarer

    def think(self, view: View) -> Thinking:
        if isinstance(view, SkatObservation) and view.phase == Phase.PLAY and self._sees(view):
            if self.peek is None:  # seated by a tool that does not hand it the cards: it would be the expert
                raise ValueError("the oracle plays only where the duel hands it the hand in play (peek)")
            if self.role in self.SEEN:
                return self._seen_hand_card(view, self.peek)
            return _true_deal_card(view, self.peek, self.rng)
        return super().think(view)

    def _seen_hand_card(self, view: SkatObservation, state: SkatHand) -> Thinking:
        """The expert's card play, its deals drawn with the seen seat's hand as it is."""
        if view.declarer is None or view.game in (None, GameType.NULL, GameType.RAMSCH):
            return super().think(view)
        seat = self._seen_seat(view)
        held = state.hands[seat]
        mask = self.SEEN[self.role][1]

        def sampler_of(obs: SkatObservation, inference: Inference) -> DealSampler:
            return SeenHand(obs, inference, seat, held, mask)

        return skat_cards.think(view, self.rng, self.effort, self.card_play, (), sampler_of)


class SeenHand(DealSampler):
    """A defender's deals with one other seat's cards known (``held``, the declarer's
    or the partner's, as far as ``mask`` goes: which cards of ``mask`` the seat holds
    and which it does not): the rest and the skat are drawn and weighed as the
    expert's are.  A seat seen whole is no longer evidence by its bid and cards (the
    declarer's game and bid still are where the partner's hand is the one seen)."""

    def __init__(
        self, obs: SkatObservation, inference: Inference, seat: int, held: int, mask: int = ALL_CARDS
    ) -> None:
        super().__init__(obs, inference)
        assert obs.declarer is not None and seat != obs.seat
        fixed = list(self.worlds.fixed)
        room = list(self.worlds.room)
        known = held & mask & ~fixed[seat]  # an Ouvert hand's cards are fixed already
        fixed[seat] |= known
        room[seat] -= known.bit_count()
        unseen = self.kn.out & ~(fixed[0] | fixed[1] | fixed[2] | fixed[3])
        barred = [*self.kn.voids, 0]
        barred[seat] |= mask & ~held
        self.worlds = WorldSampler(fixed, room, unseen, barred)
        self.fixed = self.worlds.fixed
        self.feasible = self.worlds.feasible
        if room[seat] == 0:
            self._plays = [e for e in self._plays if e[0].seat != seat]


def _true_deal_card(obs: SkatObservation, state: SkatHand, rng: random.Random) -> Thinking:
    legal = list(obs.legal)
    prior = choose_card(obs, STRONG, rng)
    yield prior
    if len(legal) == 1:
        return prior
    truth = World((state.hands[0], state.hands[1], state.hands[2]), state.skat)
    search = _Search(obs, CardPlay())
    search.start_deal()
    values = {}
    for c in legal:
        values[c] = yield from search.evaluate(truth, c)
    if search.switched:  # full depth given up midway: every card at the depth limit
        for c in legal:
            values[c] = yield from search.evaluate(truth, c)
    yield from search.solver.drain()
    return max(legal, key=lambda c: (values[c], c == prior))


class ExpertVariant(SearchPlayer):
    """The expert with another :data:`SKAT_MODES` entry and bidding profile."""

    def __init__(
        self,
        rng: random.Random | None = None,
        effort: Effort | None = None,
        skat_mode: str = "post",
        bidding: Strength = HEURISTIC,
    ) -> None:
        if skat_mode not in SKAT_MODES:
            raise ValueError(f"unknown skat mode {skat_mode!r}; known: {', '.join(SKAT_MODES)}")
        super().__init__("expert", rng, effort)
        self.skat_mode = skat_mode
        self.bidding = bidding
        """The heuristic's thresholds for the auction and Hand."""
        self.track_deviations = False
        """Set by benchmarks that replay only the games a variant decided
        differently: then each simulated decision is compared with the
        heuristic's, which costs a heuristic decision more."""
        self.deviated = False
        """True once a simulated decision differed from the heuristic's (tracked only)."""
        self.hand_deviated = False
        """True once the simulated Hand-or-skat choice differed from the heuristic's."""
        self.bid_deviated = False
        """True once a bid or the Hand-or-skat choice differed from the heuristic's of
        :data:`HEURISTIC` (tracked only): a game where it did not is the ``post`` expert's game."""

    def skat_call(self, obs: SkatObservation, rules: Rules) -> Thinking:
        mode = self.skat_mode
        if mode == "sim":
            return _simulated(obs, rules, self)
        if mode == "cap" and obs.phase == Phase.BIDDING and len(obs.legal) > 1:
            return _capped_bid(obs, rules, self)
        if mode == "confirm" and obs.phase == Phase.BIDDING and len(obs.legal) > 1:
            return _confirmed_bid(obs, rules, self)
        if mode == "hand" and (obs.phase == Phase.SKAT or (obs.phase == Phase.DECLARE and obs.hand_game)):
            return _hand_choice(obs, rules, self)
        if obs.phase in (Phase.DISCARD, Phase.DECLARE) and not obs.hand_game and mode != "heuristic":
            checked = {"null": (GameType.NULL,), "grand": (GameType.NULL, GameType.GRAND)}.get(mode)
            return _after_pickup(obs, rules, self, checked)
        return _heuristic_skat(obs, rules, self)


def _capped_bid(obs: SkatObservation, rules: Rules, player: ExpertVariant) -> Thinking:
    heuristic = yield from heuristic_calls._bid_limit(obs, rules, player.bidding, player.rng)
    if heuristic_calls.bid_action(obs, heuristic) == A.PASS:
        return A.PASS
    mem = skat_calls.memory(player)
    simulated = yield from skat_calls.bid_limit(obs, rules, sim_rng(player, obs), player.effort, mem)
    action = heuristic_calls.bid_action(obs, min(heuristic, simulated))
    yield from _note_deviation(obs, rules, player, action)
    return action


def _confirmed_bid(obs: SkatObservation, rules: Rules, player: ExpertVariant) -> Thinking:
    """The shipped expert's bid (:func:`skat.ai.expert.player.confirmed_bid`) with the
    variant's bidding style, marked where it goes beyond the heuristic's."""
    heuristic = yield from _heuristic_skat(obs, rules, player)
    if heuristic != A.PASS:
        return heuristic
    action = yield from beyond_pass(obs, rules, player)
    if action != heuristic:
        player.deviated = player.bid_deviated = True
    return action


def _simulated(obs: SkatObservation, rules: Rules, player: ExpertVariant) -> Thinking:
    action = yield from simulated_call(obs, rules, player)
    yield from _note_deviation(obs, rules, player, action)
    return action


def _hand_choice(obs: SkatObservation, rules: Rules, player: ExpertVariant) -> Thinking:
    """Hand or skat, and the declaration after Hand, by simulation."""
    action = yield from simulated_call(obs, rules, player)
    if player.track_deviations and len(obs.legal) > 1:
        heuristic = yield from heuristic_player.skat_think(obs, rules, HEURISTIC, random.Random(0))
        if heuristic != action:
            player.hand_deviated = player.deviated = True
    return action


def _after_pickup(
    obs: SkatObservation, rules: Rules, player: ExpertVariant, checked: tuple[GameType, ...] | None
) -> Thinking:
    """Discard and declaration after taking the skat by the simulation's plan
    (``checked``: only when the heuristic would play one of these games, else
    the heuristic's choice; None: always)."""
    if checked is not None and not skat_calls.memory(player).plans.get(obs.hand | obs.skat):
        if obs.phase == Phase.DISCARD:
            cards = obs.hand | obs.skat
            game, pair = yield from heuristic_calls.planning_discard(cards, obs.skat, obs.seat == 0, obs.bid, HEURISTIC)
            if game not in checked:
                return heuristic_calls.discard_card(obs, pair)
        else:
            action = yield from _heuristic_skat(obs, rules, player)
            if A.declaration(action).game not in checked:
                return action
    action = yield from simulated_call(obs, rules, player)
    yield from _note_deviation(obs, rules, player, action)
    return action


def _note_deviation(obs: SkatObservation, rules: Rules, player: ExpertVariant, action: int) -> Thinking:
    """Mark the player when the heuristic would have chosen otherwise."""
    if player.track_deviations and not player.deviated and obs.phase != Phase.PLAY:
        heuristic = yield from heuristic_player.skat_think(obs, rules, HEURISTIC, random.Random(0))
        player.deviated = heuristic != action
    return action


def _heuristic_skat(obs: SkatObservation, rules: Rules, player: ExpertVariant) -> Thinking:
    style = player.bidding if obs.phase in (Phase.BIDDING, Phase.SKAT) else HEURISTIC
    action = yield from heuristic_call(obs, rules, player, style)
    if style != HEURISTIC and player.track_deviations and not (player.deviated and player.bid_deviated):
        shipped = yield from heuristic_player.skat_think(obs, rules, HEURISTIC, random.Random(0))
        if shipped != action:  # one comparison marks both flags (the ``post`` expert bids as HEURISTIC)
            player.deviated = player.bid_deviated = True
    return action
