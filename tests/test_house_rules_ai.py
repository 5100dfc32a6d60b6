"""Every computer strength plays every house rule of issue 21 legally, and decides its new calls
by its own estimate of the Ramsch hand (knocks with a safe hand, takes the skat with a risky one,
pushes the cards that would take tricks)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from skat.ai import make_player
from skat.ai.base import decide_now
from skat.ai.effort import Effort
from skat.ai.expert import ramsch_calls as expert_ramsch
from skat.ai.heuristic.ramsch_calls import best_push, ramsch_risk
from skat.ai.strengths import STRENGTHS
from skat.engine import ISKO, LOTHAR, NO_CALL, PICKUP, Phase, SkatDeal, SkatHand, parse_card
from skat.engine.actions import KNOCK, SKAT_ON
from skat.engine.cards import JACKS_MASK, mask_of
from skat.engine.rules import Rules

OPTIONS: dict[str, Rules] = {
    "schieberamsch": LOTHAR.with_options(schieberamsch=True, ramsch_always=True),
    "klopfen": LOTHAR.with_options(klopfen=True, ramsch_always=True),
    "ramsch-always+skat-to-loser": ISKO.with_options(ramsch_always=True, ramsch_skat="loser"),
    "kontra-bidders-only": ISKO.with_options(kontra_re=True, kontra_bidders_only=True),
    "schenken": ISKO.with_options(schenken=True, kontra_re=True),
    "revolution": ISKO.with_options(revolution=True, kontra_re=True),
}
HANDS = 20
CALLS = {SKAT_ON: "skat_on", PICKUP: "pickup", KNOCK: "knock"}


def _players(strength: str, seed: int) -> list:  # type: ignore[type-arg]
    effort = Effort.fixed(2)  # the expert's card play at its smallest: legality, not strength, is asked here
    return [make_player(strength, random.Random(seed * 3 + s), effort) for s in range(3)]


@pytest.mark.parametrize("strength", list(STRENGTHS))
@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_every_strength_plays_every_house_rule_legally(strength: str, option: str) -> None:
    rules = OPTIONS[option]
    rng = random.Random(hash((strength, option)) & 0xFFFF)
    calls: Counter[str] = Counter()
    players = _players(strength, 1)
    for _ in range(HANDS):
        state = SkatHand(rules, SkatDeal.random(rng))
        while not state.done:
            seat = state.to_move
            assert seat is not None
            view = state.observe(seat)
            action = decide_now(players[seat], view, budget=5.0)
            assert action in view.legal, (strength, option, state.phase, action, view.legal)
            if state.declarer is None and state.phase == Phase.DISCARD:
                assert not JACKS_MASK >> action & 1
            if action in CALLS and state.declarer is None:
                calls[CALLS[action]] += 1
            state.apply(action)
    if option == "schieberamsch":
        assert calls["pickup"] + calls["skat_on"] == 3 * HANDS
    if option == "klopfen" and STRENGTHS[strength].dares:
        assert calls["knock"] > 0  # knocks with some hand of twenty


SAFE = "D7 D8 D9 H7 H8 H9 S7 S8 C7 C8"
"""No Jack, no high card: a Ramsch hand that takes nothing."""
RISKY = "CJ SJ HJ CA CT SA ST HA DA DK"
"""Three Jacks and bare high cards: it will be charged."""


def _view(hand: str, phase: Phase, rules: Rules) -> object:
    mine = [parse_card(c) for c in hand.split()]
    rest = [c for c in range(32) if c not in mine]
    state = SkatHand(rules, SkatDeal.from_hands(mine, rest[:10], rest[10:20], rest[20:22]))
    assert state.phase == phase and state.to_move == 0
    return state.observe(0)


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_each_strength_takes_the_skat_with_a_risky_hand_and_knocks_only_with_a_safe_one(strength: str) -> None:
    skat_rules = LOTHAR.with_options(schieberamsch=True, ramsch_always=True)
    knock_rules = LOTHAR.with_options(klopfen=True, ramsch_always=True)
    player = make_player(strength, random.Random(5), Effort.fixed(2))
    assert ramsch_risk(mask_of(parse_card(c) for c in SAFE.split())) < 5 < 25 < ramsch_risk(
        mask_of(parse_card(c) for c in RISKY.split()))
    assert decide_now(player, _view(RISKY, Phase.SKAT, skat_rules), 5.0) == PICKUP
    assert decide_now(player, _view(RISKY, Phase.KONTRA, knock_rules), 5.0) == NO_CALL
    safe_knock = decide_now(player, _view(SAFE, Phase.KONTRA, knock_rules), 5.0)
    safe_skat = decide_now(player, _view(SAFE, Phase.SKAT, skat_rules), 5.0)
    if STRENGTHS[strength].dares:
        assert safe_knock == KNOCK and safe_skat == SKAT_ON
    else:  # the easy strength never doubles
        assert safe_knock == NO_CALL and safe_skat == PICKUP


def test_the_push_is_the_pair_that_would_take_tricks() -> None:
    push_hand = "CJ SJ CA H7 H8 H9 S7 S8 S9 D7 DA DT"
    hand = mask_of(parse_card(c) for c in push_hand.split())
    # The blank club Ace (9: uncovered and alone) goes, and one of the two diamond highs over a
    # single 7 (6 each): of those the Ace, with more points.  The Jacks may not be pushed.
    pair = set(best_push(hand, 2))
    assert pair == {parse_card("CA"), parse_card("DA")}
    assert ramsch_risk(hand) - ramsch_risk(hand & ~mask_of(pair)) == 9 + 6


def test_the_experts_losing_chance_follows_the_hand() -> None:
    rules = LOTHAR.with_options(klopfen=True, ramsch_always=True)
    rng = random.Random(2)

    def chance(hand: str) -> float:
        steps = expert_ramsch.losing_chance(_view(hand, Phase.KONTRA, rules), rng, 200)  # type: ignore[arg-type]
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value

    assert chance(SAFE) < 0.05 < 0.9 < chance(RISKY)


def _hint(hand: SkatHand):  # type: ignore[no-untyped-def]
    from skat.ai.review.hint import HintSearch

    search = HintSearch(hand, 0, seed=3, effort=Effort.fixed(2))
    for _ in range(1000):
        if search.step(0.05):
            return search.hint
    raise AssertionError("the hint never finished")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hint_names_the_ramsch_calls_and_says_why(lang: str) -> None:
    from skat.i18n import Translator
    from skat.ui.hint import action_text, percent, reason_text

    t = Translator(lang)
    rest = [c for c in range(32) if c not in [parse_card(c) for c in SAFE.split()]]
    safe = SkatDeal.from_hands([parse_card(c) for c in SAFE.split()], rest[:10], rest[10:20], rest[20:22])
    hand = SkatHand(LOTHAR.with_options(schieberamsch=True, klopfen=True, ramsch_always=True), safe)
    hint = _hint(hand)
    assert hint is not None and hint.action == SKAT_ON and action_text(t, hint) == t("hints.do.skat_on")
    assert hint.chance is not None and hint.chance < 0.25
    why = t("hints.why.ramsch_call", chance=percent(hint.chance), samples=hint.samples)
    assert reason_text(t, hint, 2, hand) == why
    hand.apply(SKAT_ON)
    while hand.to_move != 0:
        hand.apply(hand.legal_actions()[0])
    assert hand.phase == Phase.KONTRA
    hint = _hint(hand)
    assert hint is not None and hint.action == KNOCK and action_text(t, hint) == t("hints.do.knock")
