"""The observations' one account of the cards gone (``played``, ``played_by``) agrees with who
really played each card, in Skat and in every Officers' layout, at every moment of random hands."""

from __future__ import annotations

import dataclasses
import random

import pytest

from skat.engine.games import GAMES
from skat.engine.hand_state import Phase
from skat.engine.rules import ISKO, OFFICERS

RULES = [("skat", ISKO)] + [("officers", dataclasses.replace(OFFICERS, officers_layout=layout))
                            for layout in ("officers", "harlequin", "admirals")]


@pytest.mark.parametrize(("game", "rules"), RULES)
@pytest.mark.parametrize("seed", range(6))
def test_played_by_is_who_played_each_card(game: str, rules, seed: int) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    g = GAMES[game]
    hand = g.new_hand(rules, rng.sample(range(32), 32))
    by_seat = [0] * g.seats
    while not hand.done:
        for seat in range(g.seats):
            obs = hand.observe(seat)
            assert [obs.played_by(s) for s in range(g.seats)] == by_seat
            assert obs.played == sum(by_seat)  # the seats' cards are disjoint: their sum is their union
        legal = hand.legal_actions()
        action = rng.choice(legal)
        mover = hand.to_move
        playing = hand.phase == Phase.PLAY and action < 32
        hand.apply(action)
        if playing and mover is not None:
            by_seat[mover] |= 1 << action
    assert sum(by_seat) == sum(1 << c for t in hand.tricks for c in t.cards)
