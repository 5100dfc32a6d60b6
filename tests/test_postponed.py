"""The defender's postponed search (EPIMC, ``CardPlay.postpone``): one card for
all the deals that look alike at his next decision, not the best card of each."""

from __future__ import annotations

import random

import pytest

from skat.ai import SearchPlayer
from skat.ai.base import decide_now, run_steps
from skat.ai.effort import Effort
from skat.ai.expert import skat_cards
from skat.ai.expert.sampling import DealSampler
from skat.ai.heuristic.player import HeuristicPlayer
from skat.engine import ISKO, SkatDeal, SkatHand
from skat.engine.hand_state import Phase
from skat.engine.tricks import GameType


def _fused_and_plain(trees: list[skat_cards.Tree]) -> tuple[float, float]:
    summed: skat_cards.Tree = {}
    for tree in trees:
        skat_cards._merge(summed, tree)
    return skat_cards._fused(summed), sum(skat_cards._fused(t) for t in trees)


def test_deals_that_look_alike_get_one_card_and_deals_told_apart_their_own() -> None:
    """Two deals where the declarer's reply is the same (the defender cannot tell
    them apart) and each needs the other next card: the fused value takes one
    card for both (1.0 - 1.6), where plain PIMC takes the best of each (2.0).
    Once the reply differs, each deal keeps its own best card."""
    alike = [{(5, 9): {1: 1.0, 2: -1.6}}, {(5, 9): {1: -1.6, 2: 1.0}}]
    fused, plain = _fused_and_plain(alike)
    assert plain == 2.0
    assert fused == pytest.approx(-0.6)
    apart = [{(5, 9): {1: 1.0, 2: -1.6}}, {(6, 9): {1: -1.6, 2: 1.0}}]
    assert _fused_and_plain(apart) == (2.0, 2.0)
    deeper = [
        {(5, 9): {1: {(7, 8): {3: 1.0, 4: -1.6}}, 2: -1.6}},
        {(5, 9): {1: {(7, 8): {3: -1.6, 4: 1.0}}, 2: -1.6}},
    ]
    fused, plain = _fused_and_plain(deeper)
    assert (fused, plain) == (pytest.approx(-0.6), 2.0)


def _defence_position(seed: int) -> SkatHand:
    """A heuristic suit game or Grand at its fourth trick, a defender to lead or follow."""
    rng = random.Random(seed)
    while True:
        deck = list(range(32))
        rng.shuffle(deck)
        state = SkatHand(ISKO, SkatDeal.from_hands(deck[:10], deck[10:20], deck[20:30], deck[30:]))
        players = [HeuristicPlayer("strong", random.Random(s)) for s in range(3)]
        while not state.done and not (state.phase == Phase.PLAY and len(state.tricks) >= 3):
            seat = state.to_move
            assert seat is not None
            state.apply(decide_now(players[seat], state.observe(seat), 10.0))
        if state.done or state.game in (None, GameType.NULL, GameType.RAMSCH):
            continue
        while state.to_move == state.declarer:
            seat = state.to_move
            state.apply(decide_now(players[seat], state.observe(seat), 10.0))
        if len(state.observe(state.to_move).legal) > 1:  # type: ignore[arg-type]
            return state


def test_the_postponed_line_keeps_each_deals_result_with_every_card_open() -> None:
    """On one deal (every group one deal) the best postponed line of each card wins
    or loses exactly as the plain solve of that card: the others' replies and the
    defender's next card are each deal's best."""
    checked = 0
    for seed in range(4):
        state = _defence_position(seed)
        obs = state.observe(state.to_move)  # type: ignore[arg-type]
        sampler = DealSampler(obs, skat_cards.CARD_PLAY.inference)
        rng = random.Random(seed)
        search = skat_cards._Search(obs)
        assert search.full and search.kind == "trump"
        reps = [g[0] for g in skat_cards.equivalent_groups(obs, list(obs.legal))]
        for _ in range(3):
            deal = sampler.sample(rng)
            assert deal is not None
            trees = run_steps(search.postponed_deal(deal, reps, 2))
            assert trees is not None
            for card in reps:
                plain = run_steps(search.evaluate(deal, card))
                line = skat_cards._fused(trees[card])
                assert (line > 0) == (plain > 0), (seed, card)
                checked += 1
    assert checked >= 12


def test_a_postponed_defence_plays_legal_cards_to_the_end() -> None:
    """A whole game with postponed defenders: every card is legal and the
    decision never hands back a card that is not the defender's."""
    state = _defence_position(7)
    player = skat_cards.CardPlay(postpone=2)
    experts = [SearchPlayer(rng=random.Random(s), effort=Effort.fixed(4)) for s in range(3)]
    for e in experts:
        e.card_play = player
    while not state.done:
        seat = state.to_move
        assert seat is not None
        obs = state.observe(seat)
        card = decide_now(experts[seat], obs, 30.0)
        assert card in obs.legal
        state.apply(card)
