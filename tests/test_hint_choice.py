"""The hint is the expert's own choice: the same seed gives the same action as
SearchPlayer's thinking, it is legal, and listening to the search's per-card
averages does not change what the search chooses."""

from __future__ import annotations

import random

import pytest

from skat.ai.base import decide_now
from skat.ai.effort import Effort
from skat.ai.expert.player import SearchPlayer
from skat.ai.review.hint import HintSearch
from skat.engine import actions as A
from skat.engine.match import Match
from skat.engine.rules import ISKO, OFFICERS
from skat.engine.skat_hand import Phase

EFFORT = Effort.fixed(3)


def expert(hand, seat: int, seed: int) -> int:  # type: ignore[no-untyped-def]
    return decide_now(SearchPlayer(rng=random.Random(seed), effort=EFFORT), hand.observe(seat), 1.0)


def hint_for(hand, seat: int, seed: int):  # type: ignore[no-untyped-def]
    search = HintSearch(hand, seat, seed, EFFORT)
    for _ in range(100_000):
        if search.step(0.004):
            break
    assert search.hint is not None
    return search.hint


def bidding(hand, bidder: int) -> int:  # type: ignore[no-untyped-def]
    """``bidder`` holds or says the lowest value; the others pass."""
    legal = hand.legal_actions()
    if hand.to_move != bidder:
        return A.PASS
    return A.HOLD if A.HOLD in legal else min((a for a in legal if A.is_bid(a)), default=legal[0])


def decisions(game: str, rules, players: int, seed: int, every: int, bidder: int | None = None):  # type: ignore[no-untyped-def]
    """Positions of one hand, played by a seeded random policy (Kontra and Re said when offered);
    ``bidder`` (default: seed mod 3; -1: nobody) takes the Skat bidding."""
    m = Match.new(game, rules, players=players, hands=players if game == "skat" else 2, seed=seed)
    h = m.current
    rng = random.Random(seed)
    n = 0
    while not h.done:
        legal = h.legal_actions()
        if n % every == 0 or h.phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE, Phase.KONTRA, Phase.RE):
            yield h, h.to_move
        if h.phase == Phase.BIDDING and game == "skat":
            action = bidding(h, seed % 3 if bidder is None else bidder)
        elif A.KONTRA in legal or A.RE in legal:
            action = A.KONTRA if A.KONTRA in legal else A.RE
        else:
            action = rng.choice(legal)
        h.apply(action)
        n += 1


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "rules", "players"),
    [
        ("skat", ISKO.with_options(kontra_re=True), 3),
        ("ramsch", ISKO.with_options(all_pass="ramsch"), 3),
        ("officers", OFFICERS, 2),
        ("officers", OFFICERS.with_options(officers_layout="admirals"), 2),
    ],
    ids=["skat", "ramsch", "officers", "admirals"],
)
def test_each_hint_is_legal_and_the_experts_own_choice(game: str, rules, players: int) -> None:  # type: ignore[no-untyped-def]
    kinds = set()
    measures = set()
    bidder = -1 if game == "ramsch" else None  # everybody passes: Ramsch
    game = "skat" if game == "ramsch" else game
    for seed in (1, 2):
        for hand, seat in decisions(game, rules, players, seed, every=4, bidder=bidder):
            h = hand.clone()
            hint = hint_for(h, seat, seed * 7 + len(h.history))
            assert hint.action in hand.legal_actions()
            assert hint.action == expert(hand, seat, seed * 7 + len(h.history))
            assert h.history == hand.history  # the hint never touches the hand
            kinds.add(hint.kind)
            measures.add(hint.measure)
            if hint.kind == "discard" and len(hint.actions) == 2:
                # The second card is the same player's next choice, after the first is put away.
                player = SearchPlayer(rng=random.Random(seed * 7 + len(h.history)), effort=EFFORT)
                first = decide_now(player, hand.observe(seat))
                after = hand.clone()
                after.apply(first)
                assert hint.actions == (first, decide_now(player, after.observe(seat)))
            legal_cards = {a for a in hand.legal_actions() if a < 32}
            assert set(hint.card_values) <= legal_cards
            if hint.measure == "chance":
                assert all(0.0 <= v <= 1.0 for v in hint.card_values.values())
                assert hint.chance == hint.card_values[hint.action]
    assert "card" in kinds and len(kinds) >= (2 if bidder == -1 else 4), kinds
    assert measures - {""} == {"ramsch" if bidder == -1 else "score" if game == "officers" else "chance"}


def test_card_play_hint_shows_a_number_for_every_card() -> None:
    m = Match.new("skat", ISKO, players=3, hands=3, seed=3)
    h = m.current
    while h.phase != Phase.PLAY or len(h.tricks) < 2:
        h.apply(bidding(h, 0) if h.phase == Phase.BIDDING else h.legal_actions()[0])
    seat = h.to_move
    assert seat is not None
    hint = hint_for(h, seat, 11)
    legal = [a for a in h.legal_actions() if a < 32]
    if len(legal) > 1 and not hint.by_rule:
        assert set(hint.card_values) == set(legal)
        assert hint.card_values[hint.action] == max(hint.card_values.values())
        assert hint.samples == EFFORT.samples
