"""The expert's simulation bidding: legal in every phase and rule set, sensible
on composed hands, and thinking in slices."""

from __future__ import annotations

import random

import pytest

from skat.ai.base import Player, Thinking, View, rules_of, run_steps
from skat.ai.effort import Effort
from skat.ai.expert.game_estimates import Outcome, auction_world, calibrated, estimate, table_score
from skat.ai.expert.skat_calls import think
from skat.ai.heuristic import player as heuristic_player
from skat.ai.model.auction import bidding_bounds
from skat.ai.model.worlds import WorldSampler
from skat.ai.strengths import NORMAL
from skat.engine import actions as A
from skat.engine.cards import ALL_CARDS, mask_of, parse_card
from skat.engine.deal import SkatDeal
from skat.engine.rules import ISKO, LOTHAR, Rules
from skat.engine.skat_hand import Phase, SkatHand, SkatObservation
from skat.engine.tricks import GameType


class SimBidder(Player):
    """Simulation for every decision but the cards (heuristic, fast)."""

    def __init__(self, effort: Effort, seed: int) -> None:
        super().__init__("normal", random.Random(seed))
        self.effort = effort

    def think(self, view: View) -> Thinking:
        assert isinstance(view, SkatObservation)
        rules = rules_of(view)
        if view.phase == Phase.PLAY:
            return heuristic_player.skat_think(view, rules, NORMAL, self.rng)
        return think(view, rules, self.rng, self.effort, self)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def deal_of(fh: str, mh: str, rh: str, skat: str) -> SkatDeal:
    return SkatDeal.from_hands(cards(fh), cards(mh), cards(rh), cards(skat))


def decide(player: Player, state: SkatHand) -> tuple[int, int]:
    """(action, units of work) of the seat to move, run in slices of 0 s
    (one unit per step: the smallest slice there is)."""
    seat = state.to_move
    assert seat is not None
    decision = player.begin(state.observe(seat))
    while not decision.step(0.0):
        pass
    assert not decision.corrected
    assert decision.action is not None
    return decision.action, decision.units


KONTRA_SF = ISKO.with_options(kontra_re=True, seeger_fabian=True)


@pytest.mark.parametrize("rules", [ISKO, LOTHAR, KONTRA_SF], ids=["isko", "lothar", "kontra_sf"])
def test_every_action_is_legal_over_seeded_deals(rules: Rules) -> None:
    rng = random.Random(5)
    seen: set[Phase] = set()
    for i in range(5):
        state = SkatHand(rules, SkatDeal.random(rng))
        players = [SimBidder(Effort.fixed(1), 100 * i + s) for s in range(3)]
        while not state.done:
            seat = state.to_move
            assert seat is not None
            phase = state.phase
            legal = state.legal_actions()
            action, _ = decide(players[seat], state)
            assert action in legal
            seen.add(phase)
            if phase == Phase.DECLARE:
                p = players[seat].last_estimate
                assert p is not None and 0.0 <= p <= 1.0
            state.apply(action)
    assert {Phase.BIDDING, Phase.SKAT, Phase.DISCARD, Phase.DECLARE, Phase.PLAY} <= seen
    if rules.kontra_re:
        assert Phase.KONTRA in seen


def test_cold_grand_hand_is_bid_high_and_played_hand() -> None:
    deal = deal_of(
        "CJ SJ HJ DJ CA CT CK SA ST HA",
        "D7 D8 D9 DT H7 H8 H9 S7 S8 C7",
        "DQ DK DA HT HQ HK S9 SQ SK C8",
        "C9 CQ",
    )
    state = SkatHand(ISKO, deal)
    state.apply(A.bid(96))  # middlehand says 96
    player = SimBidder(Effort.fixed(4), 1)
    action, _ = decide(player, state)
    assert action == A.HOLD  # forehand's Grand Hand is worth 144 or more
    state.apply(action)
    state.apply(A.PASS)  # middlehand
    state.apply(A.PASS)  # rearhand
    action, _ = decide(player, state)
    assert action == A.HAND
    state.apply(action)
    action, _ = decide(player, state)
    assert A.declaration(action).game == GameType.GRAND
    assert player.last_estimate is not None and player.last_estimate > 0.9


def test_hopeless_hand_passes_at_18() -> None:
    deal = deal_of(
        "CJ SJ HJ DJ CA CT CK SA ST HA",
        "D8 DQ DK HT HQ S9 SK C8 CQ HK",
        "D7 D9 DA H7 H8 H9 S7 S8 SQ C7",
        "DT C9",
    )
    state = SkatHand(ISKO, deal)
    action, _ = decide(SimBidder(Effort.fixed(4), 2), state)
    assert action == A.PASS


def _to_discard(deal: SkatDeal, rules: Rules = ISKO) -> SkatHand:
    """Forehand wins the auction at 18 and takes the skat."""
    state = SkatHand(rules, deal)
    for a in (A.PASS, A.PASS, A.bid(18), A.PICKUP):
        state.apply(a)
    assert state.phase == Phase.DISCARD
    return state


def test_hopeless_null_after_pickup_is_not_declared() -> None:
    # Every suit of forehand's twelve cards has a high card over a single low
    # one, so two discards cannot make a Null; a suit game or Grand is better.
    deal = deal_of(
        "D7 DK DA H7 HK HA S7 SK SA C7",
        "D8 D9 DT DQ H8 H9 HT HQ S8 CJ",
        "S9 ST SQ C8 C9 CT CQ SJ HJ DJ",
        "CK CA",
    )
    state = _to_discard(deal)
    player = SimBidder(Effort.fixed(4), 3)
    for _ in range(2):
        action, _ = decide(player, state)
        state.apply(action)
    action, _ = decide(player, state)
    assert A.declaration(action).game != GameType.NULL


def test_safe_null_after_pickup_is_declared() -> None:
    # Low cards everywhere; the two Aces from the skat go back into it.
    deal = deal_of(
        "D7 D8 D9 H7 H8 H9 S7 S8 S9 C7",
        "DT DJ DQ HT HJ HQ ST SJ SQ C8",
        "DK DA HK HA SK SA CT CJ CQ CK",
        "C9 CA",
    )
    state = _to_discard(deal)
    player = SimBidder(Effort.fixed(4), 4)
    discards = []
    for _ in range(2):
        action, _ = decide(player, state)
        discards.append(action)
        state.apply(action)
    action, _ = decide(player, state)
    assert A.declaration(action).game == GameType.NULL
    assert parse_card("CA") in discards


def test_blank_ten_goes_into_the_skat_in_a_clubs_game() -> None:
    deal = deal_of(
        "CJ SJ HJ CA CT CK CQ C9 HA D7",
        "D8 D9 DT DJ DQ H7 H9 HT S7 S8",
        "DK DA HQ HK S9 C8 SQ SK SA C7",
        "ST H8",
    )
    state = _to_discard(deal)
    player = SimBidder(Effort.fixed(4), 5)
    discards = []
    for _ in range(2):
        action, units = decide(player, state)
        discards.append(action)
        state.apply(action)
    assert parse_card("ST") in discards  # ten points safe in the skat
    action, _ = decide(player, state)
    assert A.declaration(action).game in (GameType.CLUBS, GameType.GRAND)


def test_kontra_against_a_hopeless_game_and_no_re() -> None:
    # Forehand plays Diamonds Hand with hardly a trump; rearhand holds all Jacks.
    deal = deal_of(
        "D7 D8 H7 H8 H9 S7 S8 S9 C7 C8",
        "DT DQ HT HQ ST SQ CT CQ DK HK",
        "CJ SJ HJ DJ DA HA SA CA SK CK",
        "D9 C9",
    )
    rules = ISKO.with_options(kontra_re=True)
    state = SkatHand(rules, deal)
    for a in (A.PASS, A.PASS, A.bid(18), A.HAND, A.declare(GameType.DIAMONDS)):
        state.apply(a)
    assert state.phase == Phase.KONTRA
    kontra_asked = state.to_move
    # Middlehand may say nothing; rearhand, with every Jack, doubles.
    if kontra_asked == 1:
        state.apply(A.NO_CALL)
    action, _ = decide(SimBidder(Effort.fixed(4), 6), state)
    assert action == A.KONTRA
    state.apply(action)
    assert state.phase == Phase.RE
    action, _ = decide(SimBidder(Effort.fixed(4), 7), state)
    assert action == A.NO_CALL


def test_a_decision_runs_in_many_small_units() -> None:
    deal = deal_of(
        "CJ SJ HJ CA CT CK CQ C9 HA D7",
        "D8 D9 DT DJ DQ H7 H9 HT S7 S8",
        "DK DA HQ HK S9 C8 SQ SK SA C7",
        "ST H8",
    )
    state = _to_discard(deal)
    _, units = decide(SimBidder(Effort.fixed(2), 8), state)
    # Two deals, several plans each, every play-out in steps of a few cards.
    assert units >= 20


def test_bidding_bounds_read_the_auction() -> None:
    # Middlehand says 18..22, forehand holds, then passes at 23; rearhand passes.
    bidding = ((1, A.bid(18)), (0, A.HOLD), (1, A.bid(20)), (0, A.HOLD), (1, A.bid(23)), (0, A.PASS), (2, A.PASS))
    bounds = bidding_bounds(bidding)
    assert bounds[1][0] == 23
    assert bounds[0] == (20, 23)
    assert bounds[2] == (0, 24)  # rearhand, the sayer, refused the next value


def test_sampled_worlds_keep_known_cards() -> None:
    rng = random.Random(9)
    mine = mask_of(cards("CJ SJ HJ CA CT CK CQ C9 HA D7"))
    worlds = WorldSampler.before_play({0: mine}, 0, {1: 10, 2: 10}, 2)
    for _ in range(20):
        w = run_steps(auction_world(rng, worlds, {1: (30, 0)}))
        assert w.hands[0] == mine
        assert w.hands[1] | w.hands[2] | w.skat | mine == ALL_CARDS
        assert [h.bit_count() for h in w.hands] == [10, 10, 10] and w.skat.bit_count() == 2


def test_expected_score_counts_lost_games_double_and_seeger_fabian() -> None:
    won = Outcome(GameType.CLUBS, False, False, 1, 70, 6)
    lost = Outcome(GameType.CLUBS, False, False, 1, 50, 4)
    e = estimate(A.declare(GameType.CLUBS), [won, lost], 18, 0.5, False)
    assert e.p_raw == pytest.approx(0.5)
    p = calibrated(GameType.CLUBS, 0.5)
    assert e.p == pytest.approx(p)
    assert e.expected == pytest.approx(p * 24 - (1 - p) * 48)
    assert table_score(24, True) == 74 and table_score(-48, True) == -138
    # Overbid: a Clubs game with one matador is worth 24 and cannot reach 30.
    e = estimate(A.declare(GameType.CLUBS), [won, won], 30, 0.5, False)
    assert e.p == 0.0 and e.expected < 0


def test_a_null_hand_is_bid_beyond_the_few_null_solves() -> None:
    # Only Null is worth simulating; more deals than Null solves must still work.
    deal = deal_of(
        "DT DJ DQ HT HJ HQ ST SJ SQ C8",
        "D7 D8 D9 H7 H8 H9 S7 S8 S9 C7",
        "DK DA HK HA SK SA CT CJ CQ CK",
        "C9 CA",
    )
    state = SkatHand(ISKO, deal)
    action, _ = decide(SimBidder(Effort.fixed(5), 10), state)
    assert A.is_bid(action)
