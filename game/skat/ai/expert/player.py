"""The search player: the "expert" strength.

It thinks within an :class:`~skat.ai.effort.Effort` budget (wall-clock time
at the table, a fixed number of sampled deals in a benchmark) and always in
short slices, like every player.  Skat card play -- declarer, defenders, Null
and Ramsch -- is perfect-information Monte Carlo over the double-dummy solver
(:mod:`skat.ai.expert.skat_cards`); every decision of Officers' Skat is searched by
:mod:`skat.ai.expert.officers_search`.

A Skat hand's bidding, Hand or skat, Kontra and Re are the strongest
heuristic's.  After taking the skat, the discard and the game are chosen by
simulation (:mod:`skat.ai.expert.skat_calls`): the promising (game, discard)
plans are played out on the same deals sampled to fit the auction, a Null by
the double-dummy solver, and the plan with the best expected score is
declared, with its calibrated chance as ``last_estimate``.  The heuristic
declared Null after the skat at an estimated 0.67 and won about half of them
against the expert's defence; the simulation drops most of those Nulls.

The simulation bidder for every decision before the card play exists too, but
in paired matches (``tools/variant_ab.py``) it lost to heuristic bidding, so
only the discard and the declaration after the skat are wired in.  The
variants stay selectable for benchmarks (:data:`SKAT_MODES`,
``skat bench duel --a expert-sim``); :func:`skat_decision` is the one place
to switch.
"""

from __future__ import annotations

import random

from ...engine import actions as A
from ...engine.cards import mask_points
from ...engine.officers import OfficersObservation
from ...engine.rules import Rules
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import GameType
from ..base import Player, Thinking, View, rules_of
from ..effort import GAME_EFFORT, Effort
from ..heuristic import player as heuristic_player
from ..heuristic import skat_calls as heuristic_skat_calls
from ..model.evaluation import win_probability
from . import officers_search, skat_calls, skat_cards

HEURISTIC = "strong"
"""The heuristic strength that makes the decisions not yet searched."""
SKAT_MODES = ("heuristic", "post", "hand", "cap", "null", "grand", "sim")
"""Who makes a Skat hand's decisions before the card play:

- ``heuristic``: the strong heuristic, every one of them;
- ``post``: the heuristic bids and chooses Hand or skat; after taking the skat
  the discard and the game are chosen by simulation (candidate plans played
  out on sampled deals, Null judged by the solver);
- ``hand``: like ``post``, and Hand or skat by simulation too (the best Hand
  game's expected score against taking the skat), a Hand game then declared
  by its play-outs;
- ``cap``: like ``post``, and the heuristic's bid is capped by the simulation
  bidder's (the highest value with a positive expected score);
- ``null``: like ``heuristic``, but a Null the heuristic plans after the skat
  is checked by that simulation first;
- ``grand``: like ``null``, for a Null or a Grand the heuristic plans;
- ``sim``: the simulation bidder (:mod:`skat.ai.expert.skat_calls`) for all."""
SKAT_MODE = "post"
"""The expert's mode (the others are benchmark variants, ``expert-<mode>``)."""


class SearchPlayer(Player):
    """The "expert": searches the card play, and after taking the skat the
    discard and the game, within its ``effort``."""

    def __init__(
        self,
        strength: str = "expert",
        rng: random.Random | None = None,
        effort: Effort | None = None,
        skat_mode: str = SKAT_MODE,
        bidding: str = HEURISTIC,
    ) -> None:
        super().__init__(strength, rng)
        if skat_mode not in SKAT_MODES:
            raise ValueError(f"unknown skat mode {skat_mode!r}; known: {', '.join(SKAT_MODES)}")
        self.effort = effort if effort is not None else GAME_EFFORT
        if bidding != HEURISTIC and bidding not in heuristic_skat_calls.BIDDING_STYLES:
            raise ValueError(f"unknown bidding style {bidding!r}")
        self.skat_mode = skat_mode
        self.bidding = bidding
        """The heuristic's thresholds for the auction and Hand (a benchmark may try others)."""
        # The simulations draw from generators of their own (see sim_rng), so the
        # card play's draws (and a duel's paired games) do not depend on them.
        self.sim_seed = hash(self.rng.getstate()[1])
        self.track_deviations = False
        """Set by benchmarks that replay only the games a variant decided
        differently: then each simulated decision is compared with the
        heuristic's, which costs a heuristic decision more."""
        self.deviated = False
        """True once a simulated decision differed from the heuristic's (tracked only)."""
        self.hand_deviated = False
        """True once the simulated Hand-or-skat choice differed from the heuristic's."""

    def think(self, view: View) -> Thinking:
        rules = rules_of(view)
        if isinstance(view, OfficersObservation):
            return officers_decision(view, rules, self)
        if view.phase == Phase.PLAY and view.game is not None:
            return skat_cards.think(view, self.rng, self.effort)
        return skat_decision(view, rules, self)


# ---------------------------------------------------------------- the wiring points
def skat_decision(obs: SkatObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    """Bidding, skat, discard, declaration, Kontra and Re of a Skat hand, by
    the player's :data:`SKAT_MODES`."""
    mode = player.skat_mode
    if mode == "sim":
        return _simulated(obs, rules, player)
    if mode == "cap" and obs.phase == Phase.BIDDING and len(obs.legal) > 1:
        return _capped_bid(obs, rules, player)
    if mode == "hand" and (obs.phase == Phase.SKAT or (obs.phase == Phase.DECLARE and obs.hand_game)):
        return _hand_choice(obs, rules, player)
    if obs.phase in (Phase.DISCARD, Phase.DECLARE) and not obs.hand_game and mode != "heuristic":
        checked = {"null": (GameType.NULL,), "grand": (GameType.NULL, GameType.GRAND)}.get(mode)
        return _after_pickup(obs, rules, player, checked)
    return _heuristic_skat(obs, rules, player)


def officers_decision(obs: OfficersObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    """Every decision of Officers' Skat, by search over sampled face-down cards."""
    return officers_search.think(obs, rules, player.rng, player.effort, player)


# ---------------------------------------------------------------- by simulation
def sim_rng(player: SearchPlayer, obs: SkatObservation) -> random.Random:
    """A generator of its own for each decision: a variant that simulates one
    decision more does not change the draws of the next ones."""
    return random.Random(hash((player.sim_seed, int(obs.phase), obs.hand, obs.skat, len(obs.bidding))))


def _capped_bid(obs: SkatObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    heuristic = yield from heuristic_skat_calls._bid_limit(obs, rules, player.bidding, player.rng)
    if heuristic_skat_calls.bid_action(obs, heuristic) == A.PASS:
        return A.PASS
    mem = skat_calls.memory(player)
    simulated = yield from skat_calls.bid_limit(obs, rules, sim_rng(player, obs), player.effort, mem)
    action = heuristic_skat_calls.bid_action(obs, min(heuristic, simulated))
    yield from _note_deviation(obs, rules, player, action)
    return action


def _simulated(obs: SkatObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    action = yield from skat_calls.think(obs, rules, sim_rng(player, obs), player.effort, player)
    yield from _note_deviation(obs, rules, player, action)
    return action


def _hand_choice(obs: SkatObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    """Hand or skat, and the declaration after Hand, by simulation."""
    action = yield from skat_calls.think(obs, rules, sim_rng(player, obs), player.effort, player)
    if player.track_deviations and len(obs.legal) > 1:
        heuristic = yield from heuristic_player.skat_think(obs, rules, HEURISTIC, random.Random(0))
        if heuristic != action:
            player.hand_deviated = player.deviated = True
    return action


def _after_pickup(
    obs: SkatObservation, rules: Rules, player: SearchPlayer, checked: tuple[GameType, ...] | None
) -> Thinking:
    """Discard and declaration after taking the skat by the simulation's plan
    (``checked``: only when the heuristic would play one of these games, else
    the heuristic's choice; None: always)."""
    if checked is not None and not skat_calls.memory(player).plans.get(obs.hand | obs.skat):
        if obs.phase == Phase.DISCARD:
            cards = obs.hand | obs.skat
            forehand = obs.seat == 0
            game, pair = yield from heuristic_skat_calls.planning_discard(cards, obs.skat, forehand, obs.bid, HEURISTIC)
            if game not in checked:
                return heuristic_skat_calls.discard_card(obs, pair)
        else:
            action = yield from _heuristic_skat(obs, rules, player)
            if A.declaration(action).game not in checked:
                return action
    action = yield from skat_calls.think(obs, rules, sim_rng(player, obs), player.effort, player)
    yield from _note_deviation(obs, rules, player, action)
    return action


def _note_deviation(obs: SkatObservation, rules: Rules, player: SearchPlayer, action: int) -> Thinking:
    """Mark the player when the heuristic would have chosen otherwise."""
    if player.track_deviations and not player.deviated and obs.phase != Phase.PLAY:
        heuristic = yield from heuristic_player.skat_think(obs, rules, HEURISTIC, random.Random(0))
        player.deviated = heuristic != action
    return action


# ---------------------------------------------------------------- heuristic stand-in
def _heuristic_skat(obs: SkatObservation, rules: Rules, player: SearchPlayer) -> Thinking:
    style = player.bidding if obs.phase in (Phase.BIDDING, Phase.SKAT) else HEURISTIC
    action = yield from heuristic_player.skat_think(obs, rules, style, player.rng)
    if style != HEURISTIC:
        yield from _note_deviation(obs, rules, player, action)
    if obs.phase == Phase.DECLARE and action in obs.legal:
        player.last_estimate = declared_estimate(obs, action)
    return action


def declared_estimate(obs: SkatObservation, action: int) -> float:
    """The heuristic's chance of winning the game ``action`` declares."""
    d = A.declaration(action)
    stage = "hand" if obs.hand_game else "post"
    skat_points = mask_points(obs.skat) if d.game != GameType.NULL else 0
    return win_probability(d.game, obs.hand, obs.seat == 0, stage, skat_points)
