"""Giving up and settled claims end a Skat hand's card play early (issue 20, points 1 and 2;
docs/rules-decisions.md, decision 23).

``A.CONCEDE`` is the declarer's: the game is lost at the level reached.  ``A.REST_DECLARER``
and ``A.REST_DEFENDERS`` give the cards still out to one side, which is how the table
settles a claim.  All three are recorded by name and replay exactly, and none is ever among
the legal actions a computer player chooses from.
"""

from __future__ import annotations

import random

import pytest

from skat.engine import ISKO, SkatHand
from skat.engine import actions as A
from skat.engine.cards import mask_of, mask_points, parse_card
from skat.engine.deal import SkatDeal
from skat.engine.errors import IllegalActionError
from skat.engine.hand_state import Phase
from skat.engine.record import dumps, hand_record, loads, replay_hand
from skat.engine.tricks import GameType

# Forehand holds every Jack and the Ace and Ten of three suits: an unbeatable Grand.
TOP_GRAND = ("CJ SJ HJ DJ CA CT SA ST HA HT", "CK CQ C9 C8 SK SQ S9 HK HQ DA",
             "C7 S8 S7 H9 H8 H7 DT DK DQ D9", "D8 D7")


def deal(hands: tuple[str, str, str, str]) -> SkatDeal:
    fh, mh, rh, skat = ([parse_card(c) for c in h.split()] for h in hands)
    return SkatDeal.from_hands(fh, mh, rh, skat)


def hand_game(hands: tuple[str, str, str, str], game: str) -> SkatHand:
    """Forehand plays ``game`` Hand at 18 (middlehand and rearhand pass)."""
    h = SkatHand(ISKO, deal(hands))
    for token in ("pass", "pass", "18", "hand", game):
        h.apply(A.parse_action(token))
    assert h.phase == Phase.PLAY
    return h


def test_concede_before_the_first_card_loses_the_game_simply() -> None:
    h = hand_game(TOP_GRAND, "game:G")
    assert A.CONCEDE not in h.legal_actions()
    h.apply(A.CONCEDE, seat=0)
    r = h.result
    assert h.done and r is not None
    # with 4, game, Hand: 6 x 24, lost doubled; no Schneider, no Schwarz reached
    assert (r.won, r.value, r.schneider, r.schwarz) == (False, -2 * 6 * 24, False, False)
    assert r.declarer_points == mask_points(h.skat) and r.declarer_tricks == 0


def test_only_the_declarer_may_concede_and_only_in_play() -> None:
    h = hand_game(TOP_GRAND, "game:G")
    with pytest.raises(IllegalActionError, match="only the declarer"):
        h.apply(A.CONCEDE, seat=1)
    assert h.history[-1] != A.CONCEDE and h.phase == Phase.PLAY
    fresh = SkatHand(ISKO, deal(TOP_GRAND))
    with pytest.raises(IllegalActionError, match="declared game in play"):
        fresh.apply(A.CONCEDE)
    h.apply(A.CONCEDE)
    with pytest.raises(IllegalActionError, match="over"):
        h.apply(A.REST_DECLARER)


def test_conceding_with_points_won_still_loses_and_counts_schneider_only_when_certain() -> None:
    rng = random.Random(5)
    seen = {True: 0, False: 0}
    for _ in range(300):
        h = SkatHand(ISKO, SkatDeal.random(rng))
        for token in ("pass", "pass", "18", "hand", "game:C"):
            h.apply(A.parse_action(token))
        stop = rng.randrange(1, 29)
        while len(h.history) - 5 < stop and not h.done:
            h.apply(rng.choice(h.legal_actions()))
        if h.done:
            continue
        out = mask_points(h.hands[0] | h.hands[1] | h.hands[2] | mask_of(h.trick))
        have = h.points[0] + mask_points(h.skat)
        h.apply(A.CONCEDE)
        r = h.result
        assert r is not None and not r.won and r.value < 0
        assert r.declarer_points == have
        certain = have + out <= 30
        assert r.schneider == certain and not r.schwarz
        seen[certain] += 1
    assert seen[True] and seen[False]


def test_concede_in_null_loses_it() -> None:
    h = hand_game(TOP_GRAND, "game:N")
    h.apply(A.CONCEDE)
    assert h.result is not None and h.result.value == -2 * 35 and not h.result.won


def test_the_rest_to_the_declarer_scores_as_if_played_out() -> None:
    h = hand_game(TOP_GRAND, "game:G")
    h.apply(parse_card("CJ"))
    h.apply(A.REST_DECLARER, seat=2)  # any seat may hand in a settled claim
    r = h.result
    assert r is not None and r.won and r.schwarz and r.schneider and r.declarer_tricks == 10
    assert h.all_cards_in_one_place() and not any(h.hands)
    assert r.value == (4 + 1 + 1 + 1 + 1) * 24  # with 4, game, Hand, Schneider, Schwarz


def test_the_rest_to_the_defenders_in_null_wins_it_and_to_the_declarer_loses_at_once() -> None:
    won = hand_game(TOP_GRAND, "game:N")
    won.apply(A.REST_DEFENDERS)
    assert won.result is not None and won.result.won and won.result.value == 35
    lost = hand_game(TOP_GRAND, "game:N")
    lost.apply(A.REST_DECLARER)
    assert lost.result is not None and not lost.result.won and len(lost.tricks) == 1


def test_play_endings_are_recorded_by_name_and_replay() -> None:
    for ending in (A.CONCEDE, A.REST_DECLARER, A.REST_DEFENDERS):
        h = hand_game(TOP_GRAND, "game:G")
        h.apply(parse_card("CJ"))
        h.apply(parse_card("CK"))
        h.apply(ending)
        rec = loads(dumps(hand_record("skat", ISKO, h)))
        assert rec["actions"][-1] == A.action_name(ending)
        assert A.parse_action(rec["actions"][-1]) == ending
        _, _, again = replay_hand(rec)
        assert again.result == h.result


def test_officers_skat_has_no_play_endings() -> None:
    from skat.engine.match import Match

    m = Match.new("officers", ISKO, players=2, hands=1, seed=1)
    with pytest.raises(IllegalActionError):
        m.apply(A.CONCEDE)


def test_ramsch_has_no_sides_to_end_for() -> None:
    from skat.engine.rules import Rules

    h = SkatHand(Rules(all_pass="ramsch"), deal(TOP_GRAND))
    for token in ("pass", "pass", "pass"):
        h.apply(A.parse_action(token))
    assert h.game == GameType.RAMSCH
    with pytest.raises(IllegalActionError, match="declared game"):
        h.apply(A.REST_DECLARER)
