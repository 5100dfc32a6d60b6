"""The card play's play-out valuation (a lab variant): the hand it replays is the real one."""

from __future__ import annotations

import random

from skat.ai.base import decide_now
from skat.ai.effort import Effort
from skat.ai.expert import skat_cards
from skat.ai.heuristic.player import HeuristicPlayer
from skat.ai.model.worlds import World
from skat.engine import ISKO, SkatDeal, SkatHand
from skat.engine.hand_state import Phase
from skat.engine.tricks import GameType
from skat.lab.expert_variants import card_play_variant


def _defender_in_trick(seed: int, tricks: int) -> SkatHand:
    """A heuristic hand (not Null or Ramsch) played up to a defender's turn after ``tricks`` tricks."""
    rng = random.Random(seed)
    while True:
        deck = list(range(32))
        rng.shuffle(deck)
        state = SkatHand(ISKO, SkatDeal.from_deck(deck))
        players = [HeuristicPlayer("strong", random.Random(i)) for i in range(3)]
        while not state.done:
            seat = state.to_move
            assert seat is not None
            obs = state.observe(seat)
            trump_game = obs.game not in (None, GameType.NULL, GameType.RAMSCH)
            defending = trump_game and obs.declarer != seat
            if state.phase == Phase.PLAY and defending and len(obs.tricks) == tricks and obs.trick:
                return state
            state.apply(decide_now(players[seat], obs, 10.0))


def test_the_replayed_hand_is_the_real_one_at_the_movers_turn() -> None:
    for seed in range(6):
        state = _defender_in_trick(seed, 1 + seed % 2)
        seat = state.to_move
        assert seat is not None
        obs = state.observe(seat)
        search = skat_cards._Search(obs, skat_cards.CardPlay(playouts=1))
        truth = World((state.hands[0], state.hands[1], state.hands[2]), state.skat)
        replayed = search._replayed(truth)
        assert replayed.hands == state.hands
        assert replayed.to_move == seat
        assert replayed.observe(seat).trick == obs.trick
        assert replayed.points == state.points


def test_the_playout_defence_plays_whole_hands_legally() -> None:
    rng = random.Random(3)
    for g in range(2):
        deck = list(range(32))
        rng.shuffle(deck)
        state = SkatHand(ISKO, SkatDeal.from_deck(deck))
        players = [card_play_variant("playoutall", random.Random(g * 3 + i), Effort(seconds=None, samples=3))
                   for i in range(3)]
        while not state.done:
            seat = state.to_move
            assert seat is not None
            obs = state.observe(seat)
            action = decide_now(players[seat], obs, 10.0)
            assert action in obs.legal
            state.apply(action)
