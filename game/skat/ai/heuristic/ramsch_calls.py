"""The heuristic's Ramsch calls: take the skat or pass it on unseen (Schieberamsch), which
two cards to push, and whether to knock (Klopfen).

All of them rest on one estimate, :func:`ramsch_risk`: how much trouble a Ramsch hand is,
counted in its cards that will take tricks with points.  A hand with little risk passes
the skat on unseen and knocks (each doubles the game, and it expects another to lose); a
risky hand takes the skat and pushes the two cards that would take the most.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Generator

from ...engine import actions as A
from ...engine.cards import (
    ACE,
    CARD_POINTS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    JACKS_MASK,
    KING,
    QUEEN,
    SPADES,
    SUITS,
    TEN,
    cards_of,
)
from ...engine.skat_hand import Phase, SkatObservation
from ...engine.tricks import GameType
from ..strengths import Strength

JACK_RISK = {CLUBS: 9.0, SPADES: 7.0, HEARTS: 5.0, DIAMONDS: 3.0}
"""A Jack is a trump: it takes a trick when trumps are led or its owner is out of a suit;
the higher, the surer (the club Jack always does)."""
UNCOVERED_HIGH = 6.0
"""An Ace, Ten or King without a low card (7, 8, 9) under it to play instead: a trick with points."""
BARE_QUEEN = 2.0
"""A Queen with no low card of its suit."""
BLANK_ACE = 3.0
"""An Ace alone in its suit falls on the first trick of that suit, which it wins."""
MANY_JACKS = 4.0
"""Three or four Jacks: some trump tricks cannot be escaped."""


def ramsch_risk(hand: int) -> float:
    """How much trouble a Ramsch hand is: 0 for a hand of low cards and voids, about 10 to 30
    for an ordinary one, more for a hand of Jacks and bare high cards."""
    risk = 0.0
    jacks = 0
    for s in SUITS:
        base = 8 * s
        if hand >> (base + JACK) & 1:
            risk += JACK_RISK[s]
            jacks += 1
        highs = sum(1 for r in (ACE, TEN, KING) if hand >> (base + r) & 1)
        lows = sum(1 for r in (0, 1, 2) if hand >> (base + r) & 1)  # 7, 8, 9
        risk += UNCOVERED_HIGH * max(0, highs - lows)
        if lows == 0 and hand >> (base + QUEEN) & 1:
            risk += BARE_QUEEN
        if hand >> (base + ACE) & 1 and highs == 1 and lows == 0 and not hand >> (base + QUEEN) & 1:
            risk += BLANK_ACE
    if jacks >= 3:
        risk += MANY_JACKS
    return risk


def best_push(hand: int, count: int) -> tuple[int, ...]:
    """The ``count`` cards (no Jack) whose leaving makes the hand least risky; of equals, the
    ones with more points (they leave the hand)."""
    candidates = cards_of(hand & ~JACKS_MASK)
    best: tuple[float, int, tuple[int, ...]] | None = None
    for combo in itertools.combinations(candidates, count):
        rest = hand
        for c in combo:
            rest &= ~(1 << c)
        key = (ramsch_risk(rest), -sum(CARD_POINTS[c] for c in combo), combo)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[2]


def push_card(obs: SkatObservation) -> int:
    """The next card to push: the first of the best pair, or the best single one once one is pushed."""
    still = bin(obs.hand).count("1") - 10  # 2 with twelve cards in hand, 1 with eleven
    pick = best_push(obs.hand, max(1, min(2, still)))
    card = max(pick)
    return card if card in obs.legal else obs.legal[0]


def think(obs: SkatObservation, profile: Strength, rng: random.Random) -> Generator[None, None, int]:
    """One Ramsch call by the heuristic ``profile``'s thresholds on :func:`ramsch_risk`."""
    yield None
    legal = obs.legal
    risk = ramsch_risk(obs.hand)
    if obs.phase == Phase.SKAT:  # Schieberamsch: take it up, or pass it on unseen
        return A.PICKUP if risk >= profile.ramsch_take_from or A.SKAT_ON not in legal else A.SKAT_ON
    if obs.phase == Phase.DISCARD:
        return push_card(obs)
    if obs.phase == Phase.KONTRA:  # Klopfen
        return A.KNOCK if profile.dares and risk < profile.ramsch_knock_below else A.NO_CALL
    return legal[0]


def is_ramsch_call(obs: SkatObservation) -> bool:
    """A decision before a Ramsch's first card (the skat's round, the pushes, the knocks)."""
    return obs.game == GameType.RAMSCH and obs.phase in (Phase.SKAT, Phase.DISCARD, Phase.KONTRA)
