"""The hint: what the expert would do in the person's place, and why.

:class:`HintSearch` runs the expert's own decision
(:class:`~skat.ai.expert.player.SearchPlayer`, ``think`` through ``begin``)
for the person's seat, in slices like every computer player, so the hint is
exactly the expert's choice for the same seed.  While it steps, it listens to
the search's per-action averages (:mod:`skat.ai.scores`), which become the
numbers shown on the cards.  The reason is built from the same estimates the
expert's decisions use (the bidding options and win chances of
:mod:`skat.ai.heuristic.skat_calls`, the declaration's ``last_estimate``, the search's
averages); the wording is left to the UI, in the person's language.

A discard is two decisions: the second is made on a copy of the hand with the
first card put away, by the same player, as in a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...engine import actions as A
from ...engine.cards import mask_points
from ...engine.games import OFFICERS, SKAT, Game, Hand, game_of
from ...engine.officers import OfficersObservation
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import GameType
from .. import scores
from ..base import Decision, View, run_steps
from ..effort import Effort
from ..expert import ramsch_calls as expert_ramsch
from ..expert import skat_cards
from ..expert.officers_cards import BLIND
from ..expert.player import HEURISTIC, SearchPlayer
from ..heuristic import skat_calls
from ..heuristic.ramsch_calls import is_ramsch_call
from ..heuristic.round_calls import grand_hand_chance, is_grand_hand_offer

SHOWN_STEP = 0.01
"""The smallest difference of chances the hint shows (whole percents)."""


@dataclass
class Hint:
    """The expert's choice for one decision, with the numbers behind it.

    ``kind`` names the decision ("bid", "hold", "pass", "pickup", "hand",
    "discard", "declare", "kontra", "re", "no_call", "card"); ``actions`` is
    the choice (two cards for a discard).  ``card_values`` holds, for card
    play, every legal card's average on the scale ``measure``: "chance" (the
    mover's chance of winning, 0 to 1), "ramsch" (card points the mover is
    expected to take) or "score" (expected score minus the opponent's)."""

    kind: str
    actions: tuple[int, ...]
    game: int | None = None
    hand_game: bool = False
    chance: float | None = None
    value: int | None = None
    points: float | None = None
    samples: int = 0
    measure: str = ""
    card_values: dict[int, float] = field(default_factory=dict)
    by_rule: bool = False
    """No search behind it: the expert decides this by its rules of thumb."""
    side_lead: bool = False
    """A defender's early lead: a trump valued higher is held back for a side card
    (:func:`skat.ai.expert.skat_cards.trump_leads_held_back`)."""
    blind: bool = False
    """The card is one the person cannot see (Harlequin): it is named only as a face-down card."""
    stage: str = ""
    """"kontra" or "re" for those calls (a "no_call" answers either); "confirmed" for a bid
    beyond the heuristic's that the pre-skat simulation backs (``chance``: taking the skat
    at ``value``, over ``samples`` sampled deals)."""
    trumps: int | None = None
    aces: int | None = None
    """What a defender's Kontra rests on: trumps and aces held."""

    @property
    def action(self) -> int:
        return self.actions[0]


def kind_of(action: int) -> str:
    if 0 <= action < 32:
        return "card"
    if A.is_bid(action):
        return "bid"
    if A.is_declaration(action):
        return "declare"
    return {
        A.PASS: "pass",
        A.HOLD: "hold",
        A.PICKUP: "pickup",
        A.HAND: "hand",
        A.KONTRA: "kontra",
        A.RE: "re",
        A.NO_CALL: "no_call",
        A.SKAT_ON: "skat_on",
        A.KNOCK: "knock",
        A.GIFT: "gift",
        A.GIFT_TAKEN: "gift_take",
        A.GIFT_SCHNEIDER: "gift_schneider",
        A.GIFT_SCHWARZ: "gift_schwarz",
    }.get(action, "swap" if A.is_swap(action) else "other")


class HintSearch:
    """The expert thinking for ``seat`` of ``hand`` (the person's own seat: it
    only ever sees ``hand.observe(seat)``).  Call :meth:`step` once per frame
    until it returns True; then :attr:`hint` holds the answer."""

    def __init__(
        self, hand: Hand, seat: int, seed: int, effort: Effort | None = None, player: SearchPlayer | None = None
    ) -> None:
        """``player``: the expert of earlier hints of this hand, to keep what it found
        (a confirmed bid's simulation); its card play draws from ``seed`` all the same."""
        self.hand = hand.clone()  # the table's hand moves on; the discard's second card needs this position
        self.seat = seat
        if player is None:
            player = SearchPlayer(rng=random.Random(seed), effort=effort)
        else:
            player.rng = random.Random(seed)
        self.player = player
        self.view: View = hand.observe(seat)
        self.hint: Hint | None = None
        self.chosen: list[int] = []
        self.samples = 0
        self._measure = ""
        self._averages: dict[int, float] = {}
        self._discarding = self.view.phase == Phase.DISCARD
        self.decision: Decision = self.player.begin(self.view)

    @property
    def done(self) -> bool:
        return self.hint is not None

    def _listen(self, kind: str, averages: dict[int, float], samples: int) -> None:
        self._measure = kind
        self._averages = dict(averages)
        self.samples = samples

    def step(self, budget: float) -> bool:
        """Think for about ``budget`` seconds (at least one unit of work)."""
        if self.hint is not None:
            return True
        with scores.listening(self._listen):
            finished = self.decision.step(budget)
        if not finished:
            return False
        action = self.decision.action
        assert action is not None
        self.chosen.append(action)
        if self._discarding and len(self.chosen) == 1:
            second = self.hand.clone()
            second.apply(action)
            if second.to_move == self.seat and second.phase == self.view.phase:
                self.decision = self.player.begin(second.observe(self.seat))
                return False
        self.hint = self._explain()
        return True

    # ------------------------------------------------------------ reasons
    def _explain(self) -> Hint:
        view, action = self.view, self.chosen[0]
        kind = "discard" if self._discarding else kind_of(action)
        hint = Hint(kind, tuple(self.chosen), samples=self.samples)
        EXPLAIN[game_of(view)](self, view, hint)
        return hint

    def _explain_skat(self, view: SkatObservation, hint: Hint) -> None:
        """A Skat call by its reasons, a card by the values the search gave the cards."""
        if view.phase != Phase.PLAY:
            _explain_skat(view, hint, self.player)
        elif hint.kind == "card":
            self._card_values(view, hint)

    def _explain_officers(self, view: OfficersObservation, hint: Hint) -> None:
        """Like :meth:`_explain_skat`; a card the person cannot see (Harlequin) is named as a blind one."""
        if hint.kind != "card":
            _explain_officers(view, hint, self.player, self._measure, self._averages)
            return
        seen = view.playable[view.seat] | view.hand
        blind = self._card_values(view, hint)
        if blind is not None and blind > -500:
            for c in view.legal:
                if c < 32 and not seen >> c & 1:
                    hint.card_values[c] = blind
        hint.blind = not seen >> hint.action & 1
        self._point_value(hint)

    def _card_values(self, view: View, hint: Hint) -> float | None:
        """The search's value of each legal card (and sets the chosen card's chance or points);
        returns the value it gave any face-down card (Harlequin's blind play), if any."""
        legal = [a for a in view.legal if a < 32]
        if not self._averages:
            hint.by_rule = len(legal) > 1 and not _all_alike(view, legal)
            return None
        blind = None
        if self._measure == "pimc":
            assert isinstance(view, SkatObservation)  # narrows the type: the PIMC measure is Skat's
            measure, convert = _pimc_scale(view)
            hint.card_values = {c: convert(v) for c, v in self._averages.items() if c in legal}
            held_back = skat_cards.trump_leads_held_back(view, self.player.card_play)
            chosen = hint.card_values.get(hint.action)
            hint.side_lead = chosen is not None and any(  # higher by a shown percent at least
                held_back >> c & 1 and v >= chosen + SHOWN_STEP for c, v in hint.card_values.items()
            )
        else:
            measure = "score"
            values = dict(self._averages)
            blind = values.pop(BLIND, None)
            hint.card_values = {c: v for c, v in values.items() if c in legal}
        hint.measure = measure
        self._point_value(hint)
        return blind

    @staticmethod
    def _point_value(hint: Hint) -> None:
        """The chosen card's value as a chance or as points."""
        if hint.action in hint.card_values:
            v = hint.card_values[hint.action]
            if hint.measure == "chance":
                hint.chance = v
            else:
                hint.points = v


EXPLAIN: dict[Game, Callable[[HintSearch, Any, Hint], None]] = {
    SKAT: HintSearch._explain_skat,
    OFFICERS: HintSearch._explain_officers,
}
"""Each game's explanation of the chosen action."""


def _all_alike(view: View, legal: list[int]) -> bool:
    if isinstance(view, SkatObservation) and view.game is not None:  # narrows: Skat's card classes
        return len(skat_cards.equivalent_groups(view, legal)) == 1
    return False


def _pimc_scale(view: SkatObservation):
    """How PIMC's average outcome for the mover reads as a chance (or Ramsch points)."""
    game = view.game
    if game == GameType.RAMSCH:
        return "ramsch", lambda v: -30.0 * v
    declarer = view.seat == view.declarer
    if game == GameType.NULL:
        return "chance", lambda v: max(0.0, min(1.0, (v + 1.0) / 2.0))

    def chance(v: float) -> float:
        own = v if declarer else -v  # the declarer's outcome: WIN, LOSS and Schneider steps
        p = (own - skat_cards.LOSS) / (skat_cards.WIN - skat_cards.LOSS)
        p = max(0.0, min(1.0, p))
        return p if declarer else 1.0 - p

    return "chance", chance


def _explain_skat(obs: SkatObservation, hint: Hint, player: SearchPlayer) -> None:
    """The Skat decisions before play are the strong heuristic's (see
    :mod:`skat.ai.expert.player`): the reason quotes its own estimates, but for a
    bid beyond it, which quotes the simulation that backed it."""
    action = hint.action
    phase = obs.phase
    forehand = obs.seat == 0
    if is_ramsch_call(obs):
        _explain_ramsch(obs, hint, player)
        return
    if is_grand_hand_offer(obs):  # a Ramsch round: the Grand Hand's chance, whichever was chosen
        hint.stage = "grand_offer"
        hint.game = GameType.GRAND
        hint.hand_game = True
        hint.chance = grand_hand_chance(obs)
        return
    if phase == Phase.BIDDING:
        options = run_steps(skat_calls.bid_options(obs.hand, forehand, HEURISTIC))
        if action == A.HOLD:
            need = obs.bid
        elif A.is_bid(action):
            need = A.bid_value(action)
        else:
            bids = [A.bid_value(a) for a in obs.legal if A.is_bid(a)]
            need = obs.bid if A.HOLD in obs.legal else min(bids, default=obs.bid or 18)
        hint.value = need
        reaching = [o for o in options if o.value >= need]
        best = max(reaching, key=lambda o: o.p, default=None)
        if best is not None:
            hint.game = A.declaration(best.action & ~skat_calls._HAND_FLAG).game
            hint.hand_game = bool(best.action & skat_calls._HAND_FLAG)
            hint.chance = best.p
        confirmed = player.bid_confirmed
        chance = confirmed.chance_at(need) if confirmed is not None else None
        if confirmed is not None and chance is not None:  # a bid beyond the heuristic's, on the simulation's word
            hint.stage = "confirmed"
            hint.chance = chance
            hint.samples = confirmed.samples
    elif phase == Phase.SKAT:
        options = run_steps(skat_calls.bid_options(obs.hand, forehand, HEURISTIC))
        want_hand = action == A.HAND
        pool = [o for o in options if bool(o.action & skat_calls._HAND_FLAG) == want_hand and o.value >= obs.bid]
        best = max(pool, key=lambda o: o.expected, default=None)
        hint.value = obs.bid
        if best is not None:
            hint.game = A.declaration(best.action & ~skat_calls._HAND_FLAG).game
            hint.chance = best.p
    elif phase == Phase.DISCARD:
        mask = 0
        for c in hint.actions:
            mask |= 1 << c
        hint.points = float(mask_points(mask))
    elif phase == Phase.DECLARE:
        d = A.declaration(action)
        hint.game = d.game
        hint.hand_game = obs.hand_game
        hint.chance = player.last_estimate
    elif phase == Phase.KONTRA and obs.game is not None:
        # The heuristic's own measure: trump length and top cards against the game.
        hint.stage = "kontra"
        hint.game = obs.game
        hint.trumps, hint.aces = skat_calls.kontra_counts(obs.hand, obs.game)
    elif phase == Phase.RE and obs.game is not None:
        # The declarer's chance of winning, as the heuristic rates it for Re.
        hint.stage = "re"
        hint.game = obs.game
        hint.chance = skat_calls.re_chance(obs)
    else:  # Schenken's and the Revolution's calls (their "no" is said as their buttons say it)
        hint.stage = {Phase.GIFT: "gift", Phase.EXCHANGE: "exchange"}.get(phase, "")
        hint.game = obs.game
        hint.by_rule = True


def _explain_ramsch(obs: SkatObservation, hint: Hint, player: SearchPlayer) -> None:
    """A Ramsch call: the expert's chance to be the one charged (:mod:`skat.ai.expert.ramsch_calls`),
    or for a push the points the two cards take out of the hand."""
    hint.stage = "ramsch"
    if obs.phase == Phase.DISCARD:
        mask = 0
        for c in hint.actions:
            mask |= 1 << c
        hint.points = float(mask_points(mask))
        return
    samples = player.profile.ramsch_samples or 48
    hint.chance = run_steps(expert_ramsch.losing_chance(obs, random.Random(obs.hand), samples))
    hint.samples = samples


def _explain_officers(
    obs: OfficersObservation, hint: Hint, player: SearchPlayer, measure: str, averages: dict[int, float]
) -> None:
    action = hint.action
    if A.is_declaration(action):
        hint.game = A.declaration(action).game
        hint.chance = player.last_estimate
    elif obs.game is not None:
        hint.game = obs.game
    if measure == "rollouts" and action in averages:
        hint.points = averages[action]
        others = [v for a, v in averages.items() if a != action]
        hint.value = round(max(others)) if others else None
    else:
        hint.by_rule = True


