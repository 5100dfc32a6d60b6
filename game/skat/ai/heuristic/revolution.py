"""Every strength's Revolution (rules decisions 51-53): declaring it, and the defenders' exchange.

A Revolution is a Null Ouvert in which the defenders may bring any of their cards together,
so it is safe only when no suit of the declarer can be forced whatever the defenders hold:
for each of his cards, the cards out below it are no more than his own below it (the
measure the heuristic asks of a Null Ouvert, :func:`~skat.ai.model.evaluation.null_deficits`).
A daring strength declares it where that holds and the sheet's expected entry beats the game
it would declare otherwise.

In the exchange the defenders aim at one weak suit of the declarer (one that a run of low
leads forces): one defender, the catcher, takes all the defenders' cards of that suit, so
that he leads them and his partner, void there, never has to overtake the declarer.  He gives
for them the cards the declarer cannot be caught with, those of suits the declarer is void in
first, the highest first.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import NamedTuple

from ...engine import actions as A
from ...engine.cards import ALL_CARDS, SUIT_MASKS, cards_of
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import GameType
from ...engine.values import REVOLUTION_VALUE
from ..model.evaluation import game_value, null_deficits, null_suit_deficits
from ..strengths import Strength

REVOLUTION = A.declare(GameType.NULL, revolution=True)
SAFE_CHANCE = 0.95
"""The chance given to a Revolution no suit of which can be forced (a forehand declarer leads
once, and an unseen skat card can still spoil a count)."""


def safe(hand: int, known_out: int | None = None) -> bool:
    """No suit of ``hand`` can be forced by any cards out, however the defenders hold them."""
    out = ALL_CARDS & ~hand if known_out is None else known_out
    return max(null_deficits(hand, out), default=0) == 0


def revolution_expected(hand: int, skat: int) -> float:
    """The sheet's expected entry of a Revolution with these cards (won 92, lost twice it)."""
    p = SAFE_CHANCE if safe(hand, ALL_CARDS & ~hand & ~skat) else 0.0
    return p * REVOLUTION_VALUE - (1 - p) * 2 * REVOLUTION_VALUE


def choose_revolution(
    obs: SkatObservation, action: int, profile: Strength, chance: Callable[[SkatObservation, GameType], float]
) -> int:
    """``action`` (the declaration chosen), or the Revolution when it is safe and pays more than
    that game at its ``chance`` (the heuristic's chance of a declared game)."""
    if REVOLUTION not in obs.legal or not profile.dares or action == REVOLUTION:
        return action
    rev = revolution_expected(obs.hand, obs.skat)
    if rev <= 0:
        return action
    d = A.declaration(action)
    if d.game == GameType.NULL:
        return REVOLUTION  # a Null that is safe as a Revolution: 92 for the same risk
    p = chance(obs, d.game)
    value = game_value(d.game, obs.hand | obs.skat, obs.hand_game)
    chosen = p * value - (1 - p) * 2 * value
    return REVOLUTION if rev > chosen else action


# ------------------------------------------------------------------ the exchange
class Plan(NamedTuple):
    """An exchange: the catcher's seat and the pairs (card the catcher gets, card he gives)."""

    catcher: int
    pairs: tuple[tuple[int, int], ...]


def defenders(obs: SkatObservation) -> tuple[int, int]:
    assert obs.declarer is not None
    a, b = (s for s in (0, 1, 2) if s != obs.declarer)
    return a, b


def hands_of(obs: SkatObservation) -> dict[int, int]:
    """The three hands as a defender sees them in a Revolution (the declarer's lie open)."""
    assert obs.declarer is not None
    partner = 3 - obs.seat - obs.declarer
    return {obs.seat: obs.hand, partner: obs.partner_hand, obs.declarer: obs.open_cards}


def weak_suits(declarer: int, defenders_cards: int) -> list[tuple[int, int]]:
    """(deficit, suit mask) of the declarer's suits a run of low leads can force, most forced first."""
    return sorted((d for d in null_suit_deficits(declarer, defenders_cards) if d[0] > 0), key=lambda d: -d[0])


def plan_for(hands: dict[int, int], declarer: int, catcher: int, suit: int) -> Plan:
    """The catcher takes every defender card of ``suit``, giving the cards the declarer cannot be
    caught with (a suit he is void in first, the highest first)."""
    partner = 3 - catcher - declarer
    wanted = cards_of(hands[partner] & suit)
    spare = hands[catcher] & ~suit
    void = [m for m in SUIT_MASKS if not hands[declarer] & m]
    order = sorted(cards_of(spare), key=lambda c: (not any(1 << c & m for m in void), -(c % 8)))
    return Plan(catcher, tuple(zip(wanted, order, strict=False)))


def plans(obs: SkatObservation) -> list[Plan]:
    """Every one-suit plan, for either defender as catcher: the fewest cards to move first."""
    hands = hands_of(obs)
    assert obs.declarer is not None
    both = hands[obs.seat] | hands[3 - obs.seat - obs.declarer]
    out = [plan_for(hands, obs.declarer, catcher, suit)
           for _, suit in weak_suits(hands[obs.declarer], both) for catcher in defenders(obs)]
    return sorted(out, key=lambda p: len(p.pairs))


def next_swap(obs: SkatObservation, plan: Plan | None) -> int:
    """The plan's next swap that is still legal, as the mover's action (or done)."""
    if plan is None:
        return A.NO_CALL
    for gets, gives in plan.pairs:
        action = A.swap(gives, gets) if obs.seat == plan.catcher else A.swap(gets, gives)
        if action in obs.legal:
            return action
    return A.NO_CALL


def heuristic_plan(obs: SkatObservation) -> Plan | None:
    """The first defender as catcher on the declarer's most forced suit (the first lead is his
    or comes to him), else the partner; None when the declarer has no weak suit."""
    candidates = plans(obs)
    if not candidates:
        return None
    first = defenders(obs)[0]
    best = max(weak_suits(hands_of(obs)[obs.declarer or 0], obs.hand | obs.partner_hand))  # most forced
    for p in candidates:
        if p.catcher == first and all(1 << g & best[1] for g, _ in p.pairs):
            return p
    return candidates[0]


def is_exchange(obs: SkatObservation) -> bool:
    return obs.phase == Phase.EXCHANGE


def think(obs: SkatObservation) -> Generator[None, None, int]:
    yield None
    return next_swap(obs, heuristic_plan(obs))
