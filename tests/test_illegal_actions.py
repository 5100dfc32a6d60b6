"""Illegal actions raise a clear error and leave the state unchanged."""

from __future__ import annotations

import copy
import random

import pytest

from skat.engine import (
    HAND,
    HOLD,
    ISKO,
    LOTHAR,
    OFFICERS,
    PASS,
    PICKUP,
    IllegalActionError,
    OfficersHand,
    SkatDeal,
    SkatHand,
    bid,
    declare,
    parse_card,
)
from skat.engine.tricks import GameType


def deal() -> SkatDeal:
    return SkatDeal.from_deck(list(range(32)))


def unchanged_after(state: object, action: int, seat: int | None = None, match: str = "") -> None:
    before = copy.deepcopy(state.__dict__)
    with pytest.raises(IllegalActionError, match=match):
        state.apply(action, seat)  # type: ignore[attr-defined]
    assert state.__dict__ == before


def test_wrong_seat_in_bidding() -> None:
    h = SkatHand(ISKO, deal())
    unchanged_after(h, bid(18), seat=0, match="turn")  # middlehand says first


def test_bid_that_is_no_game_value() -> None:
    h = SkatHand(ISKO, deal())
    with pytest.raises(ValueError, match="not a game value"):
        bid(19)
    unchanged_after(h, 64 + 200, match="not allowed")


def test_bid_not_higher_than_the_last() -> None:
    h = SkatHand(ISKO, deal())
    h.apply(bid(20))
    h.apply(HOLD)
    unchanged_after(h, bid(18), match="not allowed")
    unchanged_after(h, bid(20), match="not allowed")
    h.apply(bid(30))  # ISkO may skip values


def test_lothar_forbids_skipping() -> None:
    h = SkatHand(LOTHAR, deal())
    unchanged_after(h, bid(20), match="not allowed")
    h.apply(bid(18))
    h.apply(HOLD)
    unchanged_after(h, bid(22), match="not allowed")
    h.apply(bid(20))


def test_listener_cannot_bid() -> None:
    h = SkatHand(ISKO, deal())
    h.apply(bid(18))
    unchanged_after(h, bid(20), match="not allowed")


def _declarer_forehand(rules=ISKO, value: int = 18) -> SkatHand:  # type: ignore[no-untyped-def]
    h = SkatHand(rules, deal())
    h.apply(bid(value))
    h.apply(HOLD)
    h.apply(PASS)  # middlehand passes
    h.apply(PASS)  # rearhand passes
    assert h.declarer == 0
    return h


def test_announcements_only_in_hand_games() -> None:
    h = _declarer_forehand()
    h.apply(PICKUP)
    cards = [c for c in range(32) if h.hands[0] >> c & 1]
    h.apply(cards[0])
    h.apply(cards[1])
    unchanged_after(h, declare(GameType.CLUBS, schneider=True), match="not allowed")
    unchanged_after(h, declare(GameType.GRAND, ouvert=True), match="not allowed")
    h.apply(declare(GameType.NULL, ouvert=True))  # Null ouvert with the skat is fine


def test_lothar_offers_no_announcements_but_ouvert() -> None:
    h = _declarer_forehand(LOTHAR)
    h.apply(HAND)
    unchanged_after(h, declare(GameType.CLUBS, schneider=True), match="not allowed")
    h.apply(declare(GameType.CLUBS, ouvert=True))


def test_null_below_the_bid_is_not_offered_under_isko() -> None:
    h = _declarer_forehand(ISKO, 24)
    h.apply(PICKUP)
    cards = [c for c in range(32) if h.hands[0] >> c & 1]
    h.apply(cards[0])
    h.apply(cards[1])
    unchanged_after(h, declare(GameType.NULL), match="not allowed")  # Null 23 < 24
    assert declare(GameType.NULL, ouvert=True) in h.legal_actions()  # Null ouvert 46


def test_null_hand_reaches_35_under_isko() -> None:
    h = _declarer_forehand(ISKO, 35)
    h.apply(HAND)
    assert declare(GameType.NULL) in h.legal_actions()  # Null Hand = 35
    assert declare(GameType.NULL, ouvert=True) in h.legal_actions()


def test_lothar_lets_an_overbid_null_be_declared_and_charges_the_next_step() -> None:
    h = SkatHand(LOTHAR, deal())
    for v in (18, 20, 22, 23, 24):
        h.apply(bid(v))
        h.apply(HOLD)
    h.apply(PASS)
    h.apply(PASS)
    assert h.declarer == 0 and h.bid == 24
    h.apply(PICKUP)
    cards = [c for c in range(32) if h.hands[0] >> c & 1]
    h.apply(cards[0])
    h.apply(cards[1])
    assert declare(GameType.NULL) in h.legal_actions()
    h.apply(declare(GameType.NULL))
    rng = random.Random(5)
    while not h.done:
        h.apply(rng.choice(h.legal_actions()))
    r = h.result
    assert r is not None and r.overbid and not r.won
    assert r.charged_value == 35 and r.value == -70


def test_card_not_held_and_not_following_suit() -> None:
    h = _declarer_forehand()
    h.apply(HAND)
    h.apply(declare(GameType.GRAND))
    # forehand holds cards 0-2, 11-14, 23-25 (deck order dealt 3-skat-4-3)
    fh = h.hands[0]
    not_held = next(c for c in range(32) if not fh >> c & 1)
    unchanged_after(h, not_held, match="does not hold")
    lead = parse_card("D7")  # card 0: diamonds
    assert fh >> lead & 1
    h.apply(lead)
    mh = h.hands[1]
    legal = h.legal_actions()
    off_suit = next((c for c in range(32) if mh >> c & 1 and c not in legal), None)
    if off_suit is not None:
        unchanged_after(h, off_suit, match="follow suit")
    unchanged_after(h, PASS, match="not a card")


def test_acting_after_the_end() -> None:
    h = SkatHand(ISKO, deal())
    for _ in range(3):
        h.apply(PASS)
    assert h.done and h.result is not None and h.result.game == "passed"
    unchanged_after(h, PASS, match="over")


def test_officers_wrong_seat_and_face_down_card() -> None:
    h = OfficersHand(OFFICERS, list(range(32)))
    unchanged_after(h, declare(GameType.CLUBS), seat=1, match="turn")
    unchanged_after(h, PASS, match="not allowed")  # passing is a variant, off by default
    h.apply(declare(GameType.CLUBS))
    h.apply(38)  # no Kontra
    down = [c for c in range(32) if h.down[0] >> c & 1]
    assert down
    unchanged_after(h, down[0], match="as a playable card")


def _not_actions(legal: list[int]) -> list[object]:
    """Values equal to a legal action (or to a card) that are not ints: never an action."""
    return [float(legal[0]), float(legal[-1]), True, False, str(legal[0]), None, complex(legal[0])]


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("skat", ISKO),
        ("skat", LOTHAR.with_options(kontra_re=True)),
        ("officers", OFFICERS),
        ("officers", OFFICERS.with_options(officers_layout="harlequin")),
        ("officers", OFFICERS.with_options(officers_layout="admirals", officers_passing=True)),
    ],
)
def test_only_real_ints_are_actions_in_every_phase(game: str, rules: object) -> None:
    """Issue 15, finding 8: a float equal to a legal action changed the state and then raised
    TypeError, and True/False were played as cards (True is 1 = D8, False is 0 = D7)."""
    import random

    from skat.engine.deal import shuffled_deck

    phases = set()
    for seed in range(6):
        rng = random.Random(seed)
        deck = shuffled_deck(rng)
        state = SkatHand(rules, SkatDeal.from_deck(deck)) if game == "skat" else OfficersHand(rules, deck)
        while not state.done:
            legal = state.legal_actions()
            phases.add(state.phase)
            for bad in _not_actions(legal):
                unchanged_after(state, bad, match="whole number")  # type: ignore[arg-type]
            state.apply(rng.choice(legal))
        for bad in (1.0, True):
            unchanged_after(state, bad, match="whole number")  # type: ignore[arg-type]
    assert len(phases) >= 3
