"""Sampled deals always fit what the seat knows (hypothesis over random hands)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skat.ai.base import decide_now
from skat.ai.expert import sampling
from skat.ai.expert.sampling import DealSampler
from skat.ai.heuristic.player import HeuristicPlayer
from skat.ai.model.auction import best_chance
from skat.ai.model.worlds import World
from skat.engine import ISKO, LOTHAR, SkatDeal, SkatHand
from skat.engine import actions as A
from skat.engine.cards import parse_card
from skat.engine.hand_state import Phase
from skat.engine.tricks import FOLLOW, GameType

RULES = [ISKO, LOTHAR.with_options(jungfrau=True), ISKO.with_options(kontra_re=True)]


def _play_to(seed: int, rules_index: int, stop_after: int, force_ramsch: bool) -> SkatHand | None:
    """A heuristic hand stopped at its ``stop_after``-th card (None if it ends first)."""
    rng = random.Random(seed)
    rules = RULES[rules_index]
    state = SkatHand(rules, SkatDeal.random(rng))
    players = [HeuristicPlayer("strong", random.Random(seed * 3 + s)) for s in range(3)]
    if force_ramsch and rules.all_pass == "ramsch":
        for _ in range(3):
            state.apply(A.PASS)
    played = 0
    while state.phase != Phase.DONE:
        seat = state.to_move
        assert seat is not None
        if state.phase == Phase.PLAY:
            if played == stop_after:
                return state
            played += 1
        state.apply(decide_now(players[seat], state.observe(seat)))
    return None


def _voids(state: SkatHand) -> list[int]:
    """The suits (or trumps) each seat has shown it lacks, from the true history."""
    game = state.game
    assert game is not None
    voids = [0, 0, 0]
    tricks = [(t.leader, t.cards) for t in state.tricks]
    if state.trick:
        tricks.append((state.leader, tuple(state.trick)))
    for leader, cs in tricks:
        lead = FOLLOW[game][cs[0]]
        for i in range(1, len(cs)):
            if not lead >> cs[i] & 1:
                voids[(leader + i) % 3] |= lead
    return voids


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    rules_index=st.integers(0, len(RULES) - 1),
    stop_after=st.integers(0, 28),
    force_ramsch=st.booleans(),
    sample_seed=st.integers(0, 1000),
    choice=st.sampled_from([1.0, 0.3]),
)
def test_sampled_deals_fit_everything_the_seat_knows(
    seed: int, rules_index: int, stop_after: int, force_ramsch: bool, sample_seed: int, choice: float
) -> None:
    """Whatever the inference weighs (the declarer's choice of game too), no deal breaks a hard fact."""
    state = _play_to(seed, rules_index, stop_after, force_ramsch)
    if state is None:
        return
    seat = state.to_move
    assert seat is not None
    obs = state.observe(seat)
    sampler = DealSampler(obs, sampling.Inference(game_choice=choice))
    assert sampler.feasible  # the true deal fits, so some deal does
    voids = _voids(state)
    unseen_true = state.hands[0] | state.hands[1] | state.hands[2] | state.skat
    rng = random.Random(sample_seed)
    for _ in range(4):
        deal = sampler.sample(rng)
        assert deal is not None
        hands, skat = deal.hands, deal.skat
        assert hands[seat] == obs.hand
        # the same cards are still unplayed, each in exactly one place
        assert hands[0] | hands[1] | hands[2] | skat == unseen_true
        assert sum(h.bit_count() for h in hands) + skat.bit_count() == unseen_true.bit_count()
        assert skat.bit_count() == 2
        for s in range(3):
            assert hands[s].bit_count() == state.hands[s].bit_count()
            assert not hands[s] & voids[s], "a seat was dealt a suit it has shown it lacks"
        if obs.skat:  # the declarer knows his discards
            assert skat == obs.skat
        if obs.open_cards and state.declarer is not None:
            assert hands[state.declarer] == obs.open_cards
        if state.game != GameType.RAMSCH and state.declarer is not None and seat != state.declarer:
            assert not obs.skat
        assert 0.0 < deal.weight <= 1.0


def test_sampling_is_deterministic_given_the_rng() -> None:
    state = _play_to(7, 0, 4, False)
    assert state is not None
    obs = state.observe(state.to_move)  # type: ignore[arg-type]
    a = [DealSampler(obs).sample(random.Random(3)) for _ in range(3)]
    assert a[0] == a[1] == a[2]


def test_a_bid_makes_strong_hands_likelier(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A defender who held up to 27 is dealt hands that could carry such a
    bid (by the evaluation's chance of the best game worth 27) more often with
    the bidding weights on than off."""
    rng = random.Random(5)
    state = None
    while state is None:
        s = SkatHand(ISKO, SkatDeal.random(rng))
        # middlehand bids up to 30 and loses to rearhand, who declares
        s.apply(A.bid(18))
        s.apply(A.PASS)  # forehand out
        s.apply(A.bid(20))  # rearhand
        for value in (22, 23, 24, 27, 30):
            s.apply(A.HOLD)  # middlehand holds
            s.apply(A.bid(value))
        s.apply(A.PASS)  # middlehand gives up at 30
        s.apply(A.HAND)
        s.apply(A.declare(GameType.GRAND))
        state = s
    obs = state.observe(2)  # the declarer, who saw middlehand hold up to 27

    def bidder_strength(weights: bool) -> float:
        monkeypatch.setattr(sampling, "BIDDING_WEIGHTS", weights)
        sampler = DealSampler(obs)
        r = random.Random(1)
        n = 200
        total = 0.0
        for _ in range(n):
            deal = sampler.sample(r)
            assert deal is not None
            total += best_chance(deal.hands[1], False, 27)
        return total / n

    assert bidder_strength(True) > bidder_strength(False) + 0.05


def _trump_or_null_hands(seeds: range, stop: int) -> Iterator[tuple[int, SkatHand]]:
    """(seed, hand) of the ISkO heuristic hands still being played at their
    ``stop``-th card in a trump game or Null (Ramsch has no play evidence)."""
    for seed in seeds:
        state = _play_to(seed, 0, stop, False)
        if state is not None and state.game != GameType.RAMSCH:
            yield seed, state


def test_the_true_deal_explains_every_card_of_strong_heuristic_players() -> None:
    """The play evidence models the others as the strong heuristic: in a hand
    the strong heuristic plays in every seat, the true deal never counts a
    card as unexpected, at any point of the play and from every seat."""
    checked = 0
    for stop in (4, 11, 19, 26):
        for _, state in _trump_or_null_hands(range(12), stop):
            if state.ouvert:
                continue
            truth = World((state.hands[0], state.hands[1], state.hands[2]), state.skat)
            for seat in range(3):
                sampler = DealSampler(state.observe(seat))
                assert sampler.play_weight(truth) == 1.0
                checked += 1
    assert checked > 60


def test_a_past_card_is_judged_from_the_view_its_player_had_then() -> None:
    """The play evidence rebuilds, for every card another seat chose, the public part of
    what that seat saw when it chose it: the trick on the table, the tricks before, the
    card points taken and how many cards each seat still held (not how many they hold now)."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = SkatHand(ISKO, SkatDeal.random(rng))
        players = [HeuristicPlayer("strong", random.Random(seed * 3 + s)) for s in range(3)]
        seen: dict[tuple[int, int], object] = {}
        while state.phase != Phase.DONE and len(state.tricks) < 5:
            seat = state.to_move
            assert seat is not None
            obs = state.observe(seat)
            if state.phase == Phase.PLAY:
                seen[(len(obs.tricks), len(obs.trick))] = obs
            state.apply(decide_now(players[seat], obs))
        if state.phase != Phase.PLAY or state.game in (GameType.RAMSCH, None) or state.ouvert:
            continue
        me = state.to_move
        assert me is not None
        for then, *_ in DealSampler(state.observe(me))._plays:
            real = seen[(len(then.tricks), len(then.trick))]
            for field in ("seat", "trick", "tricks", "points", "held"):
                assert getattr(then, field) == getattr(real, field), field
            checked += 1
    assert checked > 20


def test_the_play_evidence_deals_hidden_hands_closer_to_the_truth(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Late in heuristic hands, sampled hidden hands share more cards with the
    true ones when the cards played weigh in than when they do not."""

    def overlap(weights: bool) -> float:
        monkeypatch.setattr(sampling, "PLAY_WEIGHTS", weights)
        same = total = 0
        for seed, state in _trump_or_null_hands(range(20), 18):
            seat = state.to_move
            assert seat is not None
            sampler = DealSampler(state.observe(seat))
            r = random.Random(seed)
            for _ in range(6):
                deal = sampler.sample(r)
                assert deal is not None
                for s in range(3):
                    if s != seat:
                        same += (deal.hands[s] & state.hands[s]).bit_count()
                        total += state.hands[s].bit_count()
        return same / total

    assert overlap(True) > overlap(False) + 0.03


def test_cards_that_play_alike_are_alike() -> None:
    """In a Grand, the 8 and 9 of a suit play alike; a Queen and a King do
    not (3 and 4 points); the 7 and 9 are alike once the 8 is gone, not while
    another hand may hold it."""
    grand = int(GameType.GRAND)
    seven, eight, nine, queen, king = (parse_card(x) for x in ("C7", "C8", "C9", "CQ", "CK"))
    assert sampling._alike(grand, eight, nine, 1 << eight | 1 << nine, 0)
    assert not sampling._alike(grand, queen, king, 1 << queen | 1 << king, 0)
    assert not sampling._alike(grand, nine, seven, 1 << nine | 1 << seven, 0)
    assert sampling._alike(grand, nine, seven, 1 << nine | 1 << seven, 1 << eight)


@pytest.fixture
def heuristic_cards(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counter (``[n]``) of the strong heuristic's cards the sampler asks for."""
    calls = [0]
    real = sampling.choose_card

    def counting(*args):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(sampling, "choose_card", counting)
    return calls


def test_modelling_the_play_pauses_every_few_cards(heuristic_cards: list[int]) -> None:
    """Late in a hand a candidate deal is checked against a dozen past cards;
    the sampler pauses every ``MODEL_STEP`` cards modelled, so no step of a
    decision grows with the length of the play."""
    calls = heuristic_cards
    worst = total = 0
    for seed, state in _trump_or_null_hands(range(10), 17):
        sampler = DealSampler(state.observe(state.to_move))  # type: ignore[arg-type]
        steps = sampler.sample_steps(random.Random(seed))
        while True:
            calls[0] = 0
            try:
                next(steps)
            except StopIteration:
                break
            finally:
                worst = max(worst, calls[0])
                total += calls[0]
    assert total > 50
    assert worst <= sampling.MODEL_STEP


def test_a_sampler_weighs_every_deal_as_a_fresh_one_does_with_fewer_heuristic_cards(heuristic_cards: list[int]) -> None:
    """The sampler keeps the heuristic's verdict per past card and hand, and the
    auction's factor per hand, across the candidate deals of a decision.  A deal's
    weight is exactly what a sampler with nothing kept gives it, and the kept
    verdicts spare most of the heuristic's cards (candidate deals share a seat's hand)."""
    calls = heuristic_cards
    checked = kept_calls = fresh_calls = 0
    for seed, state in _trump_or_null_hands(range(8), 16):
        seat = state.to_move
        assert seat is not None
        obs = state.observe(seat)
        kept = DealSampler(obs)
        r = random.Random(seed)
        for _ in range(120):
            deal = kept.draw(r)
            assert deal is not None
            calls[0] = 0
            weight = sampling.run_steps(kept.weight_steps(deal))
            kept_calls += calls[0]
            calls[0] = 0
            assert weight == sampling.run_steps(DealSampler(obs).weight_steps(deal))
            fresh_calls += calls[0]
            checked += 1
    assert checked >= 600
    assert kept_calls < 0.8 * fresh_calls
