"""Every computer strength plays a Bock and Ramsch-round match legally, and decides a Ramsch
round's Grand Hand offer by its own estimate (rules decision 43)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from skat.ai import make_player
from skat.ai.base import decide_now
from skat.ai.effort import Effort
from skat.ai.heuristic.round_calls import GRAND_HAND, grand_hand_chance
from skat.ai.strengths import STRENGTHS
from skat.engine import ISKO, LOTHAR, NO_CALL, Match, Phase, SkatDeal, SkatHand, parse_card
from skat.engine.bock import hand_rules

HANDS = 21
"""Seven rounds of three games: with 'all' events most of them are Bock or Ramsch-round games."""
ROUND_RULES = LOTHAR.with_options(bock_events="all", ramsch_round=True, kontra_re=True, schieberamsch=True,
                                  klopfen=True)


def _players(strength: str, seed: int) -> list:  # type: ignore[type-arg]
    effort = Effort.fixed(2)  # the expert's card play at its smallest: legality is asked here
    return [make_player(strength, random.Random(seed * 3 + s), effort) for s in range(3)]


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_every_strength_plays_a_match_of_bock_and_ramsch_rounds_legally(strength: str) -> None:
    m = Match.new("skat", ROUND_RULES, players=3, hands=HANDS, seed=len(strength))
    players = _players(strength, 2)
    offers: Counter[str] = Counter()
    while True:
        hand = m.current
        assert isinstance(hand, SkatHand)
        while not hand.done:
            seat = hand.to_move
            assert seat is not None
            view = hand.observe(seat)
            action = decide_now(players[seat], view, budget=5.0)
            assert action in view.legal, (strength, hand.phase, action, view.legal)
            if hand.phase == Phase.DECLARE and hand.declarer is None:
                offers["grand" if action == GRAND_HAND else "ramsch"] += 1
            m.act(action, seat=seat)
        if m.finished:
            break
        m.next_hand()
    kinds = Counter(r.round for r in m.sheet)
    assert kinds["ramsch"] >= 3 and kinds["bock"] >= 3, kinds  # the rounds came up and were played
    assert sum(offers.values()) >= kinds["ramsch"]  # every Ramsch-round game asked at least forehand


def _offer(hand_text: str, seat: int = 0) -> object:
    mine = [parse_card(c) for c in hand_text.split()]
    rest = [c for c in range(32) if c not in mine]
    state = SkatHand(hand_rules(ISKO, "ramsch"), SkatDeal.from_hands(mine, rest[:10], rest[10:20], rest[20:22]))
    assert state.phase == Phase.DECLARE and state.to_move == 0
    return state.observe(0)


STRONG_GRAND = "CJ SJ HJ DJ CA CT SA ST HA HT"
"""Four Jacks and the Aces and Tens of three suits: a Grand Hand that cannot be lost."""
WEAK = "D7 D8 D9 H7 H8 H9 S7 S8 C7 C8"
"""No Jack, no high card: the Ramsch costs it nothing."""


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_each_strength_declares_a_sure_grand_hand_and_plays_the_ramsch_with_a_safe_hand(strength: str) -> None:
    player = make_player(strength, random.Random(5), Effort.fixed(2))
    strong, weak = _offer(STRONG_GRAND), _offer(WEAK)
    assert grand_hand_chance(strong) > 0.9 > 0.05 > grand_hand_chance(weak)  # type: ignore[arg-type]
    assert decide_now(player, weak, 5.0) == NO_CALL
    if STRENGTHS[strength].hand <= 1.0:
        assert decide_now(player, strong, 5.0) == GRAND_HAND
    else:  # the easy strength never plays Hand
        assert decide_now(player, strong, 5.0) == NO_CALL


@pytest.mark.parametrize(("cards", "kind"), [(STRONG_GRAND, "declare"), (WEAK, "no_call")])
def test_the_hint_at_the_offer_names_the_call_and_the_grand_hands_chance(cards: str, kind: str) -> None:
    from skat.ai.review.hint import HintSearch
    from skat.i18n import Translator
    from skat.ui.hint import action_text, reason_text

    mine = [parse_card(c) for c in cards.split()]
    rest = [c for c in range(32) if c not in mine]
    hand = SkatHand(hand_rules(ISKO, "ramsch"), SkatDeal.from_hands(mine, rest[:10], rest[10:20], rest[20:22]))
    search = HintSearch(hand, 0, seed=3, effort=Effort.fixed(2))
    for _ in range(10_000):
        if search.step(0.05):
            break
    hint = search.hint
    assert hint is not None and hint.kind == kind and hint.stage == "grand_offer"
    t = Translator("en")
    assert action_text(t, hint) == ("play Grand Hand" if kind == "declare" else "Play the Ramsch")
    chance = round(100 * grand_hand_chance(hand.observe(0)))  # type: ignore[arg-type]
    assert f"{chance}%" in reason_text(t, hint, 2, hand)
