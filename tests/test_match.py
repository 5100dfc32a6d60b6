"""Matches: rotation, the four-player table, score sheet, Seeger-Fabian, Net, ranking."""

from __future__ import annotations

import random

import pytest

from skat.engine import ISKO, LOTHAR, OFFICERS, PASS, Match, MatchError


def play_random(match: Match, rng: random.Random) -> None:
    hand = match.current
    assert hand is not None
    while not hand.done:
        match.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize(
    ("game", "players", "hands"),
    [("skat", 3, 10), ("skat", 4, 6), ("skat", 2, 6), ("officers", 2, 3), ("officers", 3, 6), ("poker", 3, 3)],
)
def test_match_sizes_the_rules_forbid(game: str, players: int, hands: int) -> None:
    with pytest.raises(MatchError):
        Match.new(game, ISKO if game != "officers" else OFFICERS, players=players, hands=hands)


@pytest.mark.parametrize(("game", "rules", "players"), [("skat", ISKO, 4), ("officers", OFFICERS, 2)])
def test_a_match_is_set_up_without_a_deal_and_new_deals_the_first_hand(game: str, rules, players: int) -> None:
    """The constructor only sets a match up (a record supplies its decks); ``Match.new`` deals from the
    seeded generator, so a set-up plus ``start_hand`` is the same match as ``new``."""
    bare = Match(game, rules, players=players, hands=players * 2, seed=11)
    assert bare.current is None and bare.decks == [] and bare.actions == []
    started = Match.new(game, rules, players=players, hands=players * 2, seed=11)
    bare.start_hand()
    assert started.decks == bare.decks and started.seats == bare.seats
    assert started.current is not None and started.current.legal_actions() == bare.current.legal_actions()
    shared = Match.new(game, rules, players=players, hands=1, seed=11, deck=tuple(range(32)))
    assert shared.decks == [tuple(range(32))] and shared.rng.getstate() == bare.rng.getstate()


def test_three_player_rotation_and_passed_in_deals_count() -> None:
    m = Match.new("skat", ISKO, players=3, hands=6, seed=1)
    dealers = []
    for _ in range(6):
        dealers.append(m.dealer)
        assert m.seats == ((m.dealer + 1) % 3, (m.dealer + 2) % 3, m.dealer)  # rearhand deals at three
        for _ in range(3):
            m.apply(PASS)
        assert m.current.result.game == "passed"
        m.next_hand()
    assert dealers == [0, 1, 2, 0, 1, 2]
    assert m.finished and len(m.sheet) == 6 and m.sheet[-1].totals == (0, 0, 0)


def test_four_player_table_dealer_sits_out_and_seeger_fabian() -> None:
    rng = random.Random(11)
    m = Match.new("skat", ISKO.with_options(seeger_fabian=True), players=4, hands=8, seed=11)
    while True:
        dealer = m.dealer
        assert dealer not in m.seats and len(set(m.seats)) == 3
        with pytest.raises(Exception, match="sits out"):
            m.apply(PASS, player=dealer)
        play_random(m, rng)
        row = m.sheet[-1]
        assert row.changes[dealer] == 0  # the dealer gets no cards and scores nothing
        r = row.result
        if r.declarer is not None and r.game != "passed":
            decl = row.declarer
            if r.value < 0:
                # +30 to each of the other three, the dealer included
                assert row.seeger == tuple(r.value - 50 if p == decl else 30 for p in range(4))
            else:
                assert row.seeger == tuple(r.value + 50 if p == decl else 0 for p in range(4))
        if m.next_hand() is None:
            break
    assert [row.dealer for row in m.sheet] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_three_player_seeger_fabian_gives_forty_to_each_opponent() -> None:
    rng = random.Random(3)
    m = Match.new("skat", ISKO.with_options(seeger_fabian=True), players=3, hands=30, seed=3)
    seen_loss = False
    while True:
        play_random(m, rng)
        row = m.sheet[-1]
        r = row.result
        if r.game != "passed" and r.value < 0:
            seen_loss = True
            assert row.seeger == tuple(r.value - 50 if p == row.declarer else 40 for p in range(3))
        if m.next_hand() is None:
            break
    assert seen_loss
    st = m.standings()
    assert sum(r["net"] for r in st) == 0
    for r in st:
        assert r["seeger_fabian"] == sum(row.seeger[r["player"]] for row in m.sheet)


def test_lothar_net_is_twice_your_score_minus_both_opponents() -> None:
    rng = random.Random(5)
    m = Match.new("skat", LOTHAR, players=3, hands=6, seed=5)
    while True:
        play_random(m, rng)
        if m.next_hand() is None:
            break
    st = m.standings()
    s = [r["score"] for r in st]
    assert [r["net"] for r in st] == [2 * s[0] - s[1] - s[2], 2 * s[1] - s[0] - s[2], 2 * s[2] - s[0] - s[1]]
    assert s == list(m.sheet[-1].totals)


def test_officers_match_alternates_the_dealer_and_forehand_declares() -> None:
    rng = random.Random(2)
    m = Match.new("officers", OFFICERS, players=2, hands=4, seed=2)
    while True:
        assert m.seats == (1 - m.dealer, m.dealer)
        play_random(m, rng)
        row = m.sheet[-1]
        assert row.declarer == 1 - row.dealer  # forehand is always the declarer
        if m.next_hand() is None:
            break
    assert [r.dealer for r in m.sheet] == [0, 1, 0, 1]
