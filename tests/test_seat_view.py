"""The table draws from what the engine says the person's seat sees (issue 18, point 5).

A card lies face up only when ``hand.observe(seat)`` (or what everybody sees, or the end of
the hand) shows it; the status panel's bidding is the engine's record, for Officers' Skat too.
"""

from __future__ import annotations

import dataclasses
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from skat.engine import actions as A  # noqa: E402
from skat.engine.match import Match, new_hand  # noqa: E402
from skat.engine.officers import OfficersHand  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.skat_hand import Phase, SkatHand  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.seat_view import seat_view  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

ADMIRALS = dataclasses.replace(OFFICERS, officers_layout="admirals")


def _random_play(hand: SkatHand | OfficersHand, rng: random.Random, stop=None) -> None:  # type: ignore[no-untyped-def]
    while not hand.done and (stop is None or not stop(hand)):
        hand.apply(rng.choice(hand.legal_actions()))


def _replayed_calls(hand: SkatHand | OfficersHand, game: str, rules, deck) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """Who said each call, found the long way: the hand's actions replayed on a fresh hand."""
    replica = new_hand(game, rules, deck)
    calls = []
    for action in hand.history:
        if replica.phase != Phase.BIDDING:
            break
        calls.append((replica.to_move, action))
        replica.apply(action)
    return calls


@pytest.mark.parametrize("seed", range(12))
def test_officers_hand_keeps_its_bidding_like_a_skat_hand(seed: int) -> None:
    rng = random.Random(seed)
    deck = tuple(rng.sample(range(32), 32))
    hand = new_hand("officers", ADMIRALS, deck)
    assert isinstance(hand, OfficersHand) and hand.phase == Phase.BIDDING
    _random_play(hand, rng)
    calls = _replayed_calls(hand, "officers", ADMIRALS, deck)
    assert calls and hand.bidding == calls
    assert hand.observe(0).bidding == hand.observe(1).bidding == tuple(calls)  # a call is heard by both
    copy = hand.clone()
    copy.bidding.append((0, A.PASS))
    assert hand.bidding == calls  # a clone's record is its own


def test_officers_without_an_auction_record_no_bidding() -> None:
    hand = new_hand("officers", OFFICERS, tuple(range(32)))
    _random_play(hand, random.Random(3))
    assert hand.bidding == [] and hand.observe(0).bidding == ()


def test_a_skat_seat_sees_its_hand_the_played_cards_and_its_known_skat_only() -> None:
    rng = random.Random(5)
    for _ in range(40):
        deck = tuple(rng.sample(range(32), 32))
        hand = new_hand("skat", ISKO, deck)
        assert isinstance(hand, SkatHand)
        _random_play(hand, rng, stop=lambda h: h.phase == Phase.PLAY and len(h.tricks) == 3)
        if hand.done:
            continue
        for seat in range(3):
            view = seat_view(hand, seat)
            others = 0
            for s in range(3):
                if s != seat and not (hand.ouvert and s == hand.declarer):
                    others |= hand.hands[s]
            assert view.seen & hand.hands[seat] == hand.hands[seat]
            assert not view.seen & others, "a seat never sees the others' hidden cards"
            skat_known = seat == hand.declarer and not hand.hand_game
            assert bool(view.seen & hand.skat) == (skat_known and bool(hand.skat))
            assert view.counts == tuple(m.bit_count() for m in hand.hands) and view.skat_count == 2
        public = seat_view(hand, None)  # sitting out: only what everybody sees
        assert not public.seen & (hand.hands[0] | hand.hands[1] | hand.hands[2]) & ~public.seen
        assert not public.seen & hand.skat


def test_the_end_of_a_hand_lays_the_skat_open() -> None:
    rng = random.Random(8)
    for _ in range(20):
        hand = new_hand("skat", ISKO, tuple(rng.sample(range(32), 32)))
        _random_play(hand, rng, stop=lambda h: h.phase == Phase.PLAY)
        if hand.done or hand.declarer is None:
            continue
        defender = (hand.declarer + 1) % 3
        assert not seat_view(hand, defender).seen & hand.skat
        _random_play(hand, rng)
        view = seat_view(hand, defender)
        assert view.done and view.seen & hand.skat == hand.skat == view.known_skat
        return
    raise AssertionError("no hand reached the play")


# ------------------------------------------------------------------ the table
def _table(game: str, rules, seed: int) -> tuple[App, TableScene]:  # type: ignore[no-untyped-def]
    app = App(size=(1280, 720), store=Store(MemoryStorage(), language="en"), headless=True)
    app.settings["animation"] = "off"
    app.start()
    players = 3 if game == "skat" else 2
    match = Match.new(game, rules, players=players, hands=players, seed=seed, first_dealer=players - 1)
    table = TableScene(app, MatchController(match, human=0, seed=seed))
    app.push(table)
    return app, table


@pytest.mark.parametrize(("game", "rules"), [("skat", ISKO), ("officers", OFFICERS), ("officers", ADMIRALS),
                                             ("officers", dataclasses.replace(OFFICERS, officers_layout="harlequin"))])
def test_the_table_shows_face_up_only_what_the_seat_sees(game: str, rules) -> None:  # type: ignore[no-untyped-def]
    app, table = _table(game, rules, seed=11)
    rng = random.Random(11)
    hand = table.c.hand
    steps = 0
    while not hand.done and steps < 80:
        view = table.seat_view()
        for card, target in table.targets().items():
            if target.face_up:
                assert view.sees(card), (steps, card)
        table.queue.extend(table.c.match.act(rng.choice(hand.legal_actions())))
        table.skip()
        steps += 1
    assert steps > 10


def test_the_table_takes_what_is_face_up_from_the_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """An observation that shows a defender's hand to the person puts those cards face up: the
    table asks the engine, it does not work out again what the seat may see."""
    app, table = _table("skat", ISKO, seed=4)
    table.skip()
    hand = table.c.hand
    seat = table.c.human_seat
    assert seat is not None
    other = (seat + 1) % 3
    assert not any(table.targets()[c].face_up for c in range(32) if hand.hands[other] >> c & 1)
    real = type(hand).observe

    def telling(self, s):  # type: ignore[no-untyped-def]
        obs = real(self, s)
        return dataclasses.replace(obs, hand=obs.hand | self.hands[other]) if s == seat else obs

    monkeypatch.setattr(type(hand), "observe", telling)
    targets = table.targets()
    assert all(targets[c].face_up for c in range(32) if hand.hands[other] >> c & 1)


def test_the_status_panel_shows_the_admirals_bidding_from_the_engine() -> None:
    app, table = _table("officers", ADMIRALS, seed=2)
    hand = table.c.hand
    assert hand.phase == Phase.BIDDING
    while hand.phase == Phase.BIDDING and hand.bid == 0:
        table.queue.extend(table.c.match.act(hand.legal_actions()[-1] if hand.to_move == 1 else A.PASS))
        table.skip()
    assert table.auction() == hand.bidding != []
    assert table.status.auction_text()
