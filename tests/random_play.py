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


def play_step(match: Match, rng: random.Random, choose: Chooser = any_legal) -> Hand | None:
    """One step of play: the next action by ``choose`` (returns the hand it was played in), or, when
    the hand has ended, the next deal (returns None)."""
    hand = match.current
    assert hand is not None
    if hand.done:
        match.next_hand()
        return None
    match.apply(choose(hand, hand.legal_actions(), rng))
    return hand


def play_rows(match: Match, rng: random.Random, rows: int) -> Match:
    """Play on until the score sheet has ``rows`` lines (a match cut short, as a save in the middle of it)."""
    while len(match.sheet) < rows:
        play_step(match, rng)
    return match


def play_match(
    match: Match,
    rng: random.Random,
    choose: Chooser = any_legal,
    after: Callable[[Hand], None] | None = None,
) -> Match:
    """Play ``match`` to its end, each hand's actions by ``choose``, dealing the
    next hand when one ends; ``after`` sees the hand after every action."""
    while not match.finished:
        hand = play_step(match, rng, choose)
        if hand is not None and after is not None:
            after(hand)
    return match
