"""Admirals' Skat with Passing, when both pass (docs/rules-decisions.md, decision 21):
the Ramsch without trumps is played over 15 tricks and the skat goes with the last
trick, so the card points add up to 120 (issue 15, finding 8: the skat counted for nobody)."""

from __future__ import annotations

import random

from skat.engine import OFFICERS, PASS, GameType, OfficersHand
from skat.engine.cards import mask_points
from skat.engine.deal import shuffled_deck

ADMIRALS_PASSING = OFFICERS.with_options(officers_layout="admirals", officers_passing=True)


def both_pass(seed: int) -> OfficersHand:
    rng = random.Random(seed)
    hand = OfficersHand(ADMIRALS_PASSING, shuffled_deck(rng))
    hand.apply(PASS)  # the dealer says nothing
    hand.apply(PASS)  # forehand does not play at 18 either
    assert hand.game == GameType.NO_TRUMP
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def test_the_skat_goes_to_the_winner_of_the_last_trick() -> None:
    seen_skat_points = 0
    for seed in range(40):
        hand = both_pass(seed)
        r = hand.result
        assert r is not None and r.game == "ramsch" and len(hand.tricks) == 15
        skat = mask_points(hand.skat)
        seen_skat_points += skat
        last = hand.tricks[-1].winner
        assert sum(r.points) == 120
        assert r.points[last] == hand.points[last] + skat
        assert r.points[1 - last] == hand.points[1 - last]
        if r.draw:
            assert r.points == (60, 60) and r.scores == (0, 0)
        elif not r.durchmarsch:
            loser = r.declarer
            assert r.points[loser] > 60 and r.scores[loser] == -r.points[loser]
    assert seen_skat_points > 0  # the deals put points into the skat, so the rule was exercised


def test_the_skat_decides_who_is_charged() -> None:
    """A hand whose tricks alone would be charged to the other player (or drawn)."""
    for seed in range(400):
        hand = both_pass(seed)
        r = hand.result
        tricks_only = hand.points
        last = hand.tricks[-1].winner
        if not r.durchmarsch and tricks_only[last] <= tricks_only[1 - last] and r.declarer == last:
            assert r.scores[last] == -(tricks_only[last] + mask_points(hand.skat))
            return
    raise AssertionError("no deal where the skat turns the Ramsch found in 400 seeds")
