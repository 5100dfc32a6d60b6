"""One measure of the declarer's chance (issue 18): the heuristic's declaration, the expert's
``last_estimate`` and the Re call all read :func:`declared_chance`, so the duel's calibration no
longer depends on which player declared, and a Null or an overbid game is rated the same way."""

from __future__ import annotations

import random

import pytest

from skat.ai.expert.player import declared_estimate
from skat.ai.heuristic import skat_calls
from skat.ai.heuristic.player import declaration_estimate
from skat.engine import actions as A
from skat.engine.cards import parse_card
from skat.engine.deal import SkatDeal, shuffled_deck
from skat.engine.rules import ISKO, LOTHAR
from skat.engine.skat_hand import Phase, SkatHand
from skat.engine.tricks import GameType


def _declaring(seed: int, rules=ISKO) -> SkatHand:  # type: ignore[no-untyped-def]
    """A random deal, forehand the declarer at a random bid, the skat taken and two cards put away."""
    rng = random.Random(seed)
    state = SkatHand(rules, SkatDeal.from_deck(shuffled_deck(rng)))
    state.apply(A.PASS)
    state.apply(A.PASS)
    state.apply(rng.choice([a for a in state.legal_actions() if A.is_bid(a)]))
    state.apply(A.PICKUP)
    while state.phase == Phase.DISCARD:
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == Phase.DECLARE
    return state


@pytest.mark.parametrize("seed", range(12))
def test_every_player_rates_a_declaration_the_same(seed: int) -> None:
    state = _declaring(seed)
    obs = state.observe(state.declarer)
    for action in obs.legal:
        heuristic = declaration_estimate(obs, ISKO, action)
        assert declared_estimate(obs, action) == heuristic
        assert 0.0 <= heuristic <= 1.0


def test_a_game_that_cannot_reach_the_bid_has_no_chance() -> None:
    """Without four, Clubs is worth 5 x 12 = 60 and Spades 55: at a bid of 70 both are lost."""
    fh = [parse_card(c) for c in ["CA", "CT", "CK", "CQ", "C9", "SA", "ST", "HA", "HT", "DA"]]
    mh = [parse_card(c) for c in ["CJ", "SJ", "HJ", "DJ", "C8", "SK", "SQ", "S9", "HK", "HQ"]]
    rh = [parse_card(c) for c in ["C7", "S8", "S7", "H9", "H8", "H7", "DT", "DK", "DQ", "D9"]]
    state = SkatHand(ISKO, SkatDeal.from_hands(fh, mh, rh, [parse_card("D8"), parse_card("D7")]))
    for action in (A.bid(70), A.HOLD, A.PASS, A.PASS, A.PICKUP, parse_card("D8"), parse_card("D7")):
        state.apply(action)
    obs = state.observe(0)
    clubs = A.declare(GameType.CLUBS)
    assert clubs in obs.legal
    assert declaration_estimate(obs, ISKO, clubs) == declared_estimate(obs, clubs) == 0.0
    assert skat_calls.declared_chance(obs, GameType.SPADES) == 0.0
    assert skat_calls.declared_chance(obs, GameType.GRAND) > 0.0  # Grand without four: 5 x 24 = 120


@pytest.mark.parametrize("seed", range(40))
def test_re_is_judged_by_the_declared_chance(seed: int) -> None:
    """Kontra/Re on: the declarer's chance at Re is the chance its declaration had (Null included)."""
    rules = LOTHAR.with_options(kontra_re=True)
    state = _declaring(seed, rules)
    rng = random.Random(seed)
    action = rng.choice(state.legal_actions())
    before = declaration_estimate(state.observe(state.declarer), rules, action)
    state.apply(action)
    if state.phase != Phase.KONTRA:
        pytest.skip("no Kontra round for this declaration")
    state.apply(A.KONTRA)
    assert state.phase == Phase.RE
    assert skat_calls.re_chance(state.observe(state.declarer)) == before
