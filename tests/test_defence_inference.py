"""The defenders' inference of the declarer's hand from his choice of game."""

from __future__ import annotations

import random

from skat.ai.expert import sampling
from skat.ai.expert.sampling import DealSampler, Inference
from skat.ai.model.worlds import World
from skat.engine import ISKO, SkatDeal, SkatHand
from skat.engine import actions as A
from skat.engine.cards import mask_of, parse_card
from skat.engine.skat_hand import SkatObservation
from skat.engine.tricks import GameType


def _cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


FOREHAND = "HJ DJ HA HT HK HQ H9 SA S7 D7"
MIDDLEHAND = "CJ SJ CA CT CK SK SQ DA DT D9"
REARHAND = "CQ C9 ST S9 S8 DK DQ D8 H8 H7"
SKAT = "C7 C8"


def _hearts_at_18() -> SkatObservation:
    """Forehand holds 18, takes the skat, puts the two Clubs back, declares
    Hearts and leads the Jack of Hearts; middlehand (a defender) is to move."""
    deal = SkatDeal.from_hands(_cards(FOREHAND), _cards(MIDDLEHAND), _cards(REARHAND), _cards(SKAT))
    state = SkatHand(ISKO, deal)
    for action in (A.bid(18), A.HOLD, A.PASS, A.PASS, A.PICKUP, *_cards(SKAT), A.declare(GameType.HEARTS)):
        state.apply(action)
    state.apply(parse_card("HJ"))
    assert state.to_move == 1
    return state.observe(1)


def _deal(declarer: str, rearhand: str, skat: str) -> World:
    return World(
        (mask_of(_cards(declarer)), mask_of(_cards(MIDDLEHAND)), mask_of(_cards(rearhand))), mask_of(_cards(skat))
    )


TRUE = _deal("DJ HA HT HK HQ H9 SA S7 D7", REARHAND, SKAT)
"""The true deal: a Hearts hand."""
SPADES = _deal("DJ ST S9 S8 SA S7 HA D7 DK", "CQ C9 HT HK HQ H9 DQ D8 H8 H7", SKAT)
"""A deal that fits every hard fact, but in which the declarer holds five Spades
and one Heart besides the Jacks: with it he would have declared Spades."""


def test_the_heuristic_ranking_names_the_game_each_hand_declares() -> None:
    obs = _hearts_at_18()
    hj = 1 << parse_card("HJ")
    assert sampling._preferred(TRUE.hands[0] | hj, TRUE.skat, True, obs) == GameType.HEARTS
    assert sampling._preferred(SPADES.hands[0] | hj, SPADES.skat, True, obs) == GameType.SPADES


def test_a_deal_that_contradicts_the_declared_game_weighs_less() -> None:
    """With the game choice weighed, the Spades deal's weight drops by the
    factor; the true deal keeps its weight."""
    obs = _hearts_at_18()
    off = DealSampler(obs, Inference())
    on = DealSampler(obs, Inference(game_choice=0.3))
    assert on.bidding_weight(TRUE) == off.bidding_weight(TRUE) > 0
    assert on.bidding_weight(SPADES) == off.bidding_weight(SPADES) * 0.3 > 0


def test_sampled_declarers_fit_the_declared_game_more_often() -> None:
    """Over many sampled deals, the declarer's hand is one the heuristic would
    declare Hearts with more often when the choice weighs in, and every deal
    still keeps the seat's own cards and the cards played out of the others."""
    obs = _hearts_at_18()
    hj = 1 << parse_card("HJ")

    def fitting(inference: Inference) -> float:
        sampler = DealSampler(obs, inference)
        rng = random.Random(4)
        n = fits = 0
        for _ in range(150):
            deal = sampler.sample(rng)
            assert deal is not None
            assert deal.hands[1] == obs.hand
            assert not (deal.hands[0] | deal.hands[2] | deal.skat) & (obs.hand | hj)
            n += 1
            fits += sampling._preferred(deal.hands[0] | hj, deal.skat, True, obs) == GameType.HEARTS
        return fits / n

    assert fitting(Inference(game_choice=0.3)) > fitting(Inference()) + 0.05
