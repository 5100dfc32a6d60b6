"""The search player: the "expert" strength.

It thinks within an :class:`~skat.ai.effort.Effort` budget (wall-clock time
at the table, a fixed number of sampled deals in a benchmark) and always in
short slices, like every player.  Skat card play -- declarer, defenders, Null
and Ramsch -- is perfect-information Monte Carlo over the double-dummy solver
(:mod:`skat.ai.expert.skat_cards`); every decision of Officers' Skat is searched by
:mod:`skat.ai.expert.officers_cards` and :mod:`skat.ai.expert.officers_calls`.

A Skat hand's bidding, Hand or skat, Kontra and Re are the strongest
heuristic's, but for two lines of its own: as forehand after two passes, where
passing throws the hand in, it plays from a chance of 0.35 (strong: 0.4), since
its card play wins more of those hands (:attr:`Strength.bid_alone`); and where the
heuristic would pass a hand its model rates 0.40 or more, the pre-skat simulation
looks at it and it bids on while taking the skat is likely to win
(:func:`skat_calls.confirmed_limit`).
After taking the skat, the discard and the game are chosen by simulation
(:mod:`skat.ai.expert.skat_calls`): the promising (game, discard) plans are
played out on the same deals sampled to fit the auction, a Null by the
double-dummy solver, and the plan with the best expected score is declared,
with its calibrated chance as ``last_estimate``.  The heuristic declared Null
after the skat at an estimated 0.67 and won about half of them against the
expert's defence; the simulation drops most of those Nulls.

The simulation bidder for every decision before the card play exists too, but
in paired matches (``tools/variant_ab.py``) it lost to heuristic bidding, so
only the discard and the declaration after the skat, and the check of a bid
the heuristic would pass, are wired in;
:meth:`SearchPlayer.skat_call` is the one place to switch, and the variants
that lost live in :mod:`skat.lab.expert_variants` (``skat bench duel --a expert-sim``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...engine import actions as A
from ...engine.games import OFFICERS, SKAT, Game, game_of
from ...engine.officers import OfficersObservation, OPhase
from ...engine.rules import Rules
from ...engine.skat_hand import Phase, SkatObservation
from ..base import Player, Thinking, View, rules_of
from ..effort import GAME_EFFORT, Effort
from ..heuristic import player as heuristic_player
from ..heuristic import skat_calls as heuristic_skat_calls
from ..heuristic.house_calls import call_rng, house_thinking
from ..heuristic.ramsch_calls import is_ramsch_call
from ..heuristic.round_calls import is_grand_hand_offer
from ..strengths import EXPERT, STRONG, Strength
from . import gift_calls, officers_calls, officers_cards, ramsch_calls, revolution, round_calls, skat_calls, skat_cards
from .ponder import Ponder, can_ponder

HEURISTIC: Strength = replace(STRONG, bid_alone=EXPERT.bid_alone)
"""The heuristic strength that makes the decisions not yet searched: strong's,
with the expert's own line for forehand's last word."""


class SearchPlayer(Player):
    """The "expert": searches the card play, and after taking the skat the
    discard and the game, within its ``effort``; a hand the heuristic would pass
    it bids on where the simulation finds taking the skat likely to win."""

    def __init__(
        self, strength: str = "expert", rng: random.Random | None = None, effort: Effort | None = None
    ) -> None:
        super().__init__(strength, rng)
        self.effort = effort if effort is not None else GAME_EFFORT
        self.card_play: skat_cards.CardPlay = skat_cards.CARD_PLAY
        """The card play's settings (a lab variant sets others)."""
        # The simulations draw from generators of their own (see sim_rng), so the
        # card play's draws (and a duel's paired games) do not depend on them.
        self.sim_seed = hash(self.rng.getstate()[1])
        self.pondering: Ponder | None = None
        """The card play thought ahead while others think (made on the first :meth:`ponder`)."""
        self.bid_confirmed: skat_calls.Confirmed | None = None
        """The simulation's word behind the last bid, where it went beyond the heuristic's pass."""

    def house_calls(self, view: View, thinking: Thinking) -> Thinking:
        """Schenken and a Revolution's exchange by solved deals (the heuristic's rules route them)."""
        return house_thinking(view, thinking, self.profile,
                              gift=lambda v: gift_calls.think(v, call_rng(v)), exchange=revolution.think)

    def ponder(self, view: View, budget: float) -> bool:
        """Samples and solves the Skat card decisions this seat is likely to face next
        (:mod:`skat.ai.expert.ponder`; its own generator, so the decisions' draws stay as they were)."""
        if self.pondering is None:
            if not can_ponder(view):
                return False
            self.pondering = Ponder(self.sim_seed + 1, self.card_play)
        return self.pondering.step(view, budget)  # type: ignore[arg-type]

    def think(self, view: View) -> Thinking:
        rules = rules_of(view)
        return THINK[game_of(view)](self, view, rules)

    def skat_think(self, obs: SkatObservation, rules: Rules) -> Thinking:
        """A Skat decision: the card play searched, the calls by :meth:`skat_call`."""
        if obs.phase == Phase.PLAY and obs.game is not None:
            pondered = [s.values for s in self.pondering.take(obs)] if self.pondering is not None else []
            return skat_cards.think(obs, self.rng, self.effort, self.card_play, pondered)
        return self.skat_call(obs, rules)

    def officers_think(self, obs: OfficersObservation, rules: Rules) -> Thinking:
        """An Officers' Skat decision (:func:`officers_decision`)."""
        return officers_decision(obs, rules, self)

    def skat_call(self, obs: SkatObservation, rules: Rules) -> Thinking:
        """Bidding, skat, discard, declaration, Kontra and Re of a Skat hand:
        the discard and the declaration after taking the skat by simulation, a bid
        the heuristic would pass checked by simulation (:func:`confirmed_bid`), the
        others by the heuristic (the wiring point a lab variant overrides); a Ramsch's calls
        by comparing its hand with sampled others (:mod:`skat.ai.expert.ramsch_calls`)."""
        if is_ramsch_call(obs):
            return ramsch_calls.think(obs, self.profile.ramsch_samples or 48, sim_rng(self, obs))
        if is_grand_hand_offer(obs):
            return round_calls.think(obs, self.profile.ramsch_samples or 48, sim_rng(self, obs))
        if obs.phase in (Phase.DISCARD, Phase.DECLARE) and not obs.hand_game:
            return simulated_call(obs, rules, self)
        if obs.phase == Phase.BIDDING and len(obs.legal) > 1:
            return confirmed_bid(obs, rules, self)
        return heuristic_call(obs, rules, self)


THINK: dict[Game, Callable[[SearchPlayer, Any, Rules], Thinking]] = {
    SKAT: SearchPlayer.skat_think,
    OFFICERS: SearchPlayer.officers_think,
}
"""Each game's decision, as a method (so a lab variant's override of :meth:`SearchPlayer.skat_call` holds)."""


def officers_decision(obs: OfficersObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    """Every decision of Officers' Skat, by search over sampled face-down cards
    (``player`` carries the ``rng`` and the ``effort``)."""
    if obs.phase == OPhase.PLAY and len(obs.legal) > 1:
        return officers_cards.think(obs, rules, player.rng, player.effort)
    return officers_calls.think(obs, rules, player.rng, player.effort, player)


def sim_rng(player: SearchPlayer, obs: SkatObservation) -> random.Random:
    """A generator of its own for each decision: a variant that simulates one
    decision more does not change the draws of the next ones."""
    return random.Random(hash((player.sim_seed, int(obs.phase), obs.hand, obs.skat, len(obs.bidding))))


def simulated_call(obs: SkatObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    """A Skat call by the simulation (:mod:`skat.ai.expert.skat_calls`)."""
    return (yield from skat_calls.think(obs, rules, sim_rng(player, obs), player.effort, player))


def confirmed_bid(obs: SkatObservation, rules: Rules, player: SearchPlayer, profile: Strength = HEURISTIC) -> Thinking:
    """The heuristic's bid (of ``profile``); where it passes, a hand the simulation
    finds likely to win after the skat bids on (:func:`skat_calls.confirmed_limit`)."""
    player.bid_confirmed = None
    action = yield from heuristic_call(obs, rules, player, profile)
    if action != A.PASS:
        return action
    return (yield from beyond_pass(obs, rules, player))


def beyond_pass(obs: SkatObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    """Where the heuristic passes: the bid the simulation confirms (noted in
    ``player.bid_confirmed`` for the hint), or pass."""
    found = yield from skat_calls.confirmed_limit(obs, rules, player.sim_seed, player.effort,
                                                  skat_calls.memory(player))
    action = heuristic_skat_calls.bid_action(obs, found.limit)
    player.bid_confirmed = found if action != A.PASS else None
    return action


def heuristic_call(obs: SkatObservation, rules: Rules, player: SearchPlayer, profile: Strength = HEURISTIC) -> Thinking:
    """A Skat call by the heuristic of ``profile``, noting the declared game's chance."""
    action = yield from heuristic_player.skat_think(obs, rules, profile, player.rng)
    if obs.phase == Phase.DECLARE and action in obs.legal:
        player.last_estimate = declared_estimate(obs, action)
    return action


def declared_estimate(obs: SkatObservation, action: int) -> float:
    """The heuristic's chance of winning the game ``action`` declares (the same
    measure as the heuristic player's own, :func:`~skat.ai.heuristic.skat_calls.declared_chance`)."""
    d = A.declaration(action)
    return heuristic_skat_calls.declared_chance(obs, d.game, d.ouvert)
