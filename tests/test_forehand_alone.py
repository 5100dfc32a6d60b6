"""Forehand after two passes: strong and the expert play the cards a strict bidder throws in.

Under the ISkO a hand all pass is thrown in and scores nothing, and the others' passes
say their hands are weak, so a hand that wins more often than it costs is worth
playing: strong wins enough of them from a model chance of 0.4, the expert from 0.35
(``tools/forced_declare.py``).  Normal keeps its one threshold, and at Lothar's table
passing means a Ramsch instead (its own rule).
"""

from __future__ import annotations

import random

import pytest

from skat.ai import make_player
from skat.ai.base import decide_now, run_steps
from skat.ai.heuristic.skat_calls import _HAND_FLAG, bid_options
from skat.ai.strengths import EXPERT, STRONG
from skat.engine import actions as A
from skat.engine.deal import shuffled_deck
from skat.engine.match import new_hand
from skat.engine.rules import ISKO, LOTHAR, Rules


def best_chance(hand: int) -> float:
    options = run_steps(bid_options(hand, True, STRONG))
    return max(o.p for o in options if not o.action & _HAND_FLAG)


def deck_with_forehand_chance(lo: float, hi: float) -> tuple[int, ...]:
    """The first seeded deck whose forehand's best pre-skat chance lies in [lo, hi)."""
    for seed in range(10_000):
        deck = tuple(shuffled_deck(random.Random(seed)))
        state = new_hand("skat", ISKO, deck)
        if lo <= best_chance(state.hands[0]) < hi:
            return deck
    raise AssertionError("no such deck")


def forehand_after(deck: tuple[int, ...], rules: Rules, middle_bids: bool):
    """The state where forehand decides: middlehand passes (or bids 18 first), rearhand passes."""
    state = new_hand("skat", rules, deck)
    if middle_bids:
        state.apply(min((a for a in state.observe(1).legal if A.is_bid(a)), key=A.bid_value))
        return state
    state.apply(A.PASS)
    state.apply(A.PASS)
    assert state.to_move == 0
    return state


def decision(strength: str, state) -> int:
    return decide_now(make_player(strength, random.Random(1)), state.observe(state.to_move))


@pytest.fixture(scope="module")
def marginal_deck() -> tuple[int, ...]:
    assert STRONG.bid_alone is not None
    # below the Ramsch rule's line too, so Lothar's table passes it for certain
    return deck_with_forehand_chance(STRONG.bid_alone + 0.02, STRONG.bid - 0.09)


@pytest.mark.parametrize("strength", ["strong", "expert"])
def test_a_marginal_hand_that_would_be_thrown_in_is_played(marginal_deck, strength: str) -> None:
    action = decision(strength, forehand_after(marginal_deck, ISKO, middle_bids=False))
    assert A.is_bid(action) and A.bid_value(action) == 18


def test_normal_still_throws_it_in(marginal_deck) -> None:
    assert decision("normal", forehand_after(marginal_deck, ISKO, middle_bids=False)) == A.PASS


def test_with_a_bidder_in_the_auction_the_expert_bids_as_before(marginal_deck) -> None:
    state = forehand_after(marginal_deck, ISKO, middle_bids=True)
    assert state.to_move == 0
    assert decision("expert", state) == A.PASS


def test_at_lothars_table_passing_means_ramsch_and_the_old_rule_holds(marginal_deck) -> None:
    assert decision("expert", forehand_after(marginal_deck, LOTHAR, middle_bids=False)) == A.PASS


def test_between_the_two_lines_the_expert_plays_and_strong_throws_in() -> None:
    assert STRONG.bid_alone is not None and EXPERT.bid_alone is not None
    deck = deck_with_forehand_chance(EXPERT.bid_alone + 0.01, STRONG.bid_alone - 0.01)
    state = forehand_after(deck, ISKO, middle_bids=False)
    assert decision("expert", state) == A.bid(18)
    assert decision("strong", state) == A.PASS


def test_a_hand_below_the_line_is_thrown_in_by_the_expert_too() -> None:
    assert EXPERT.bid_alone is not None
    deck = deck_with_forehand_chance(0.2, EXPERT.bid_alone - 0.05)
    assert decision("expert", forehand_after(deck, ISKO, middle_bids=False)) == A.PASS


def test_the_lab_style_that_bids_after_a_pass_at_once_reads_the_auction() -> None:
    """``bid_after_pass`` (a lab style of issue 19, not shipped): rearhand bids a hand
    between that line and ``bid`` once middlehand passed at its first word, and passes
    it when middlehand bid first and forehand held."""
    from skat.ai.heuristic import skat_calls
    from skat.lab.expert_variants import BIDDING_STYLES

    style = BIDDING_STYLES["pass50"]
    assert style.bid_after_pass is not None

    def rear_chance(deck: tuple[int, ...]) -> float:
        options = run_steps(bid_options(new_hand("skat", ISKO, deck).hands[2], False, STRONG))
        return max(o.p for o in options if not o.action & _HAND_FLAG)

    deck = next(d for d in (tuple(shuffled_deck(random.Random(s))) for s in range(10_000))
                if style.bid_after_pass + 0.01 <= rear_chance(d) < style.bid - 0.01)

    def rearhand(state) -> int:
        assert state.to_move == 2
        return run_steps(skat_calls.think(state.observe(2), ISKO, style, random.Random(0)))

    state = new_hand("skat", ISKO, deck)
    state.apply(A.PASS)  # middlehand at its first word
    assert A.is_bid(rearhand(state))

    state = new_hand("skat", ISKO, deck)
    state.apply(min((a for a in state.observe(1).legal if A.is_bid(a)), key=A.bid_value))
    state.apply(A.HOLD)  # forehand holds 18
    state.apply(A.PASS)  # middlehand passes after a bid: not at once
    assert rearhand(state) == A.PASS
