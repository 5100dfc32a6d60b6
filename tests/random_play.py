"""Random legal play for the tests: the one copy of "play the match to its end"."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from skat.engine import Match
from skat.engine.games import Hand

Chooser = Callable[[Hand, Sequence[int], random.Random], int]
"""Picks the next action from the hand's legal ones (a test that steers the play)."""


def any_legal(hand: Hand, legal: Sequence[int], rng: random.Random) -> int:
    return rng.choice(list(legal))


def play_match(
    match: Match,
    rng: random.Random,
    choose: Chooser = any_legal,
    after: Callable[[Hand], None] | None = None,
) -> None:
    """Play ``match`` to its end, each hand's actions by ``choose``, dealing the
    next hand when one ends; ``after`` sees the hand after every action."""
    while not match.finished:
        hand = match.current
        assert hand is not None
        if hand.done:
            match.next_hand()
            continue
        match.apply(choose(hand, hand.legal_actions(), rng))
        if after is not None:
            after(hand)
