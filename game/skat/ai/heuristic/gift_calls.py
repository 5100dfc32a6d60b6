"""The heuristic's Schenken (rules decisions 48-50): give the game as a defender, and answer a gift.

A defender gives only with a hand that cannot help beat the game: at most one trump and no
Ace outside trumps (both defenders must agree, so the pair gives only when both are that
weak).  The declarer takes the gift unless it is overbid at the levels declared (then only
Schneider can reach the bid) or its hand promises more: declining binds it to Schneider (two
levels more, lost at twice the higher value), so it declines only with the sure tricks that
make Schneider, and goes for Schwarz with ten sure tricks.
"""

from __future__ import annotations

from collections.abc import Generator

from ...engine import actions as A
from ...engine.cards import ACE, TEN
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import BASE_VALUES, TRUMPS, GameType
from ...engine.values import matadors
from ..strengths import Strength

SCHNEIDER_TRICKS = 8
"""Sure tricks from which the heuristic declines a gift for Schneider."""


def is_gift_call(obs: SkatObservation) -> bool:
    """Schenken's question (a defender) or its answer (the declarer)."""
    return obs.phase == Phase.GIFT


def side_suits(game: int) -> list[int]:
    return [s for s in range(4) if game == GameType.GRAND or s != game]


def would_give(obs: SkatObservation) -> bool:
    """A defender's hand too weak to help: at most one trump and no Ace outside trumps."""
    assert obs.game is not None
    trumps = (obs.hand & TRUMPS[obs.game]).bit_count()
    aces = sum(1 for s in side_suits(obs.game) if obs.hand >> (8 * s + ACE) & 1)
    return trumps <= 1 and aces == 0


def gift_levels(obs: SkatObservation) -> int:
    """The levels a taken gift is worth: matadors, game, Hand, the announcements, Spitze."""
    assert obs.game is not None and obs.rules is not None
    levels = abs(matadors(obs.game, obs.hand | obs.skat)) + 1 + obs.hand_game
    levels += 2 * obs.schneider_announced + 2 * obs.schwarz_announced
    return levels + (obs.rules.spitze if obs.spitze is not None else 0)


def gift_value(obs: SkatObservation) -> int:
    """What a taken gift writes (0 when it is overbid: a taken gift below the bid is lost)."""
    assert obs.game is not None
    value = BASE_VALUES[obs.game] * gift_levels(obs)
    return value if value >= obs.bid else 0


def sure_tricks(hand: int, game: int) -> int:
    """Tricks the declarer's cards take by themselves: the unbroken top trumps, the other trumps
    once those have drawn the defenders' (with seven trumps or more), and Aces and the Tens
    behind them in the other suits."""
    trumps = (hand & TRUMPS[game]).bit_count()
    tops = max(0, matadors(game, hand))
    count = trumps if trumps >= 7 and tops >= 2 else tops
    for s in side_suits(game):
        if hand >> (8 * s + ACE) & 1:
            count += 1 + (hand >> (8 * s + TEN) & 1)
    return min(10, count)


def answer(obs: SkatObservation, profile: Strength) -> int:
    """The declarer's answer: decline when taking is overbid or the sure tricks promise more."""
    assert obs.game is not None
    legal = obs.legal
    sure = sure_tricks(obs.hand, obs.game)
    if sure >= 10 and A.GIFT_SCHWARZ in legal and profile.dares:
        return A.GIFT_SCHWARZ
    decline = A.GIFT_SCHNEIDER if A.GIFT_SCHNEIDER in legal else A.GIFT_SCHWARZ
    if gift_value(obs) == 0:
        return decline
    if sure >= SCHNEIDER_TRICKS and profile.dares and decline == A.GIFT_SCHNEIDER:
        return decline
    return A.GIFT_TAKEN


def think(obs: SkatObservation, profile: Strength) -> Generator[None, None, int]:
    yield None
    if obs.seat == obs.declarer:
        return answer(obs, profile)
    return A.GIFT if would_give(obs) else A.NO_CALL
