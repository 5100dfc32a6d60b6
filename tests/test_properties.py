"""Property-based tests over many random games of each game and rule set."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skat.engine import (
    ISKO,
    LOTHAR,
    OFFICERS,
    IllegalActionError,
    Match,
    OfficersHand,
    SkatDeal,
    SkatHand,
    shuffled_deck,
)
from skat.engine.cards import JACK, mask_points
from skat.engine.record import hand_record, match_record, replay_hand, replay_match
from skat.engine.tricks import GameType

SKAT_RULES = {
    "isko": ISKO,
    "lothar": LOTHAR,
    "isko+kontra": ISKO.with_options(kontra_re=True, seeger_fabian=True),
    "ramsch+jungfrau": LOTHAR.with_options(jungfrau=True, kontra_re=True),
}
OFFICERS_RULES = {
    "officers": OFFICERS,
    "passing+null": OFFICERS.with_options(officers_passing=True, officers_null=True),
    "more-matadors+simple": OFFICERS.with_options(more_matadors=True, officers_scoring="simple_points"),
    "simple-base": OFFICERS.with_options(officers_scoring="simple_base", kontra_re=False),
    "harlequin": OFFICERS.with_options(officers_layout="harlequin", officers_passing=True),
    "admirals": OFFICERS.with_options(officers_layout="admirals", officers_passing=True),
}


def effective_suit(card: int, game: GameType) -> str:
    """Rule by rule: Jacks are trumps except in Null (and no-trump Ramsch);
    in a suit game the trump suit's cards are trumps too."""
    suit, rank = card >> 3, card & 7
    if game in (GameType.NULL, GameType.NO_TRUMP):
        return "DHSC"[suit]
    if rank == JACK or (game <= GameType.CLUBS and suit == game):
        return "trump"
    return "DHSC"[suit]


def plain_legal(
    playable: set[int], lead: int | None, game: GameType, must_follow_from: set[int] | None = None
) -> set[int]:
    if lead is None:
        return set(playable)
    led = effective_suit(lead, game)
    pool = playable if must_follow_from is None else must_follow_from
    same = {c for c in pool if effective_suit(c, game) == led}
    return same or set(playable)


def snapshot(state: object) -> dict:
    return copy.deepcopy(state.__dict__)


def try_illegal(state: SkatHand | OfficersHand, rng: random.Random) -> None:
    """An illegal action (wrong seat or an action outside the legal list) raises and changes nothing."""
    legal = set(state.legal_actions())
    calls = [32, 33, 34, 35, 36, 37, 38, 44, 45, 46, 47, 64, 70, 256, 260, 261, 261 + 128, 1024 + 33]  # gifts, a swap
    candidates = [a for a in list(range(32)) + calls if a not in legal]
    before = snapshot(state)
    bad = rng.choice(candidates)
    with pytest.raises(IllegalActionError):
        state.apply(bad)
    assert snapshot(state) == before
    if legal and state.to_move is not None:
        other = (state.to_move + 1) % (3 if isinstance(state, SkatHand) else 2)
        with pytest.raises(IllegalActionError, match="turn"):
            state.apply(next(iter(legal)), other)
        assert snapshot(state) == before


def skat_playable(state: SkatHand) -> set[int]:
    hand = state.hands[state.to_move]
    return {c for c in range(32) if hand >> c & 1}


def officers_playable(state: OfficersHand, seat: int) -> tuple[set[int], set[int] | None]:
    obs = state.observe(seat)
    tops = {up for (_down, up) in obs.piles[seat] if up is not None}
    hand_cards = {c for c in range(32) if state.handm[seat] >> c & 1}
    seen = {c for c in range(32) if obs.hand >> c & 1}
    if state.layout == "harlequin":
        return hand_cards, seen
    return tops | hand_cards, None


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules_name=st.sampled_from(sorted(SKAT_RULES)))
def test_random_skat_hands_keep_every_invariant(seed: int, rules_name: str) -> None:
    rules = SKAT_RULES[rules_name]
    rng = random.Random(seed)
    state = SkatHand(rules, SkatDeal.random(rng))
    steps = 0
    while not state.done:
        assert state.all_cards_in_one_place()
        if state.phase == 6:  # play: the generator agrees with a plain rule check
            lead = state.trick[0] if state.trick else None
            assert set(state.legal_actions()) == plain_legal(skat_playable(state), lead, state.game)
        if steps % 7 == 0:
            try_illegal(state, rng)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert state.all_cards_in_one_place()
    result = state.result
    assert result is not None
    if result.game != "passed":
        n_tricks = len(state.tricks)
        assert sum(state.trick_counts) == n_tricks
        if n_tricks < 10:  # only a lost Null or a lost Schwarz announced stops early, at the deciding trick
            took = [t.winner == state.declarer for t in state.tricks]
            if result.game == "null":
                assert took == [False] * (n_tricks - 1) + [True]
            else:
                assert result.schwarz_announced and took == [True] * (n_tricks - 1) + [False]
        in_hands = sum(mask_points(h) for h in state.hands)
        assert sum(state.points) + mask_points(state.skat) + in_hands == 120
        if n_tricks == 10:
            assert sum(result.points) == 120
        for t in state.tricks:
            assert len(t.cards) == 3
    # The record replays to the identical state and result.
    rec = hand_record("skat", rules, state)
    _, _, again = replay_hand(rec)
    assert again.history == state.history
    assert again.result == state.result
    assert again.hands == state.hands and again.tricks == state.tricks and again.skat == state.skat


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules_name=st.sampled_from(sorted(OFFICERS_RULES)))
def test_random_officers_hands_keep_every_invariant(seed: int, rules_name: str) -> None:
    rules = OFFICERS_RULES[rules_name]
    rng = random.Random(seed)
    state = OfficersHand(rules, shuffled_deck(rng))
    steps = 0
    while not state.done:
        assert state.all_cards_in_one_place()
        if state.phase == 7 - 1:
            playable, seen = officers_playable(state, state.to_move)
            lead = state.trick[0] if state.trick else None
            assert set(state.legal_actions()) == plain_legal(playable, lead, state.game, seen)
        if steps % 5 == 0:
            try_illegal(state, rng)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert state.all_cards_in_one_place()
    result = state.result
    assert result is not None
    if result.game != "passed":
        total = state.total_tricks
        if len(state.tricks) < total:  # a lost Null or a lost Schwarz announced stops at the deciding trick
            took = [t.winner == state.declarer for t in state.tricks]
            if result.game == "null":
                assert took[-1] and not any(took[:-1])
            else:
                assert result.schwarz_announced and all(took[:-1]) and not took[-1]
        assert sum(state.trick_counts) == len(state.tricks)
        if len(state.tricks) == total:
            assert state.points[0] + state.points[1] + mask_points(state.skat) == 120
    rec = hand_record("officers", rules, state)
    _, _, again = replay_hand(rec)
    assert again.history == state.history
    assert again.result == state.result


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), four=st.booleans(), rules_name=st.sampled_from(sorted(SKAT_RULES)))
def test_random_skat_match_replays_and_net_sums_to_zero(seed: int, four: bool, rules_name: str) -> None:
    players = 4 if four else 3
    rng = random.Random(seed)
    match = Match.new("skat", SKAT_RULES[rules_name], players=players, hands=players, seed=seed)
    while True:
        hand = match.current
        assert hand is not None
        while not hand.done:
            match.apply(rng.choice(hand.legal_actions()))
        if match.next_hand() is None:
            break
    assert match.finished
    rows = match.standings()
    assert sum(r["net"] for r in rows) == 0
    assert sorted(r["rank"] for r in rows) == list(range(1, players + 1))
    again = replay_match(match_record(match))
    assert [r.totals for r in again.sheet] == [r.totals for r in match.sheet]
    assert again.standings() == rows
    # The dealer sits out at four: every hand's seats exclude its dealer.
    if four:
        for row in match.sheet:
            assert row.changes[row.dealer] == 0 or match.rules.seeger_fabian is False


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules_name=st.sampled_from(sorted(OFFICERS_RULES)))
def test_random_officers_match_replays(seed: int, rules_name: str) -> None:
    rng = random.Random(seed)
    match = Match.new("officers", OFFICERS_RULES[rules_name], players=2, hands=4, seed=seed)
    while True:
        hand = match.current
        assert hand is not None
        while not hand.done:
            match.apply(rng.choice(hand.legal_actions()))
        if match.next_hand() is None:
            break
    again = replay_match(match_record(match))
    assert [r.totals for r in again.sheet] == [r.totals for r in match.sheet]
    dealers = [row.dealer for row in match.sheet]
    assert dealers == [0, 1, 0, 1]
