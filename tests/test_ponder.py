"""Thinking ahead (issue 19, point 3): what the expert prepares while the person thinks is
exactly its next decision's work, never contradicts what happened, leaves the decisions of a
player that does not ponder as they were, and comes to rest so the table can sleep."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from skat.ai import make_player  # noqa: E402
from skat.ai.base import decide_now  # noqa: E402
from skat.ai.effort import Effort  # noqa: E402
from skat.ai.expert import ponder as ponder_module  # noqa: E402
from skat.ai.expert.ponder import Ponder, next_view  # noqa: E402
from skat.ai.heuristic.player import HeuristicPlayer  # noqa: E402
from skat.ai.model.worlds import World  # noqa: E402
from skat.engine import ISKO, SkatDeal, SkatHand  # noqa: E402
from skat.engine.hand_state import Phase  # noqa: E402
from skat.engine.match import Match, new_hand  # noqa: E402
from skat.engine.skat_hand import SkatObservation  # noqa: E402
from skat.engine.tricks import FOLLOW  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402


@pytest.fixture
def small_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Caps small enough that a test reaches "nothing left" in a few seconds."""
    monkeypatch.setattr(ponder_module, "PREDICTIONS", 4)
    monkeypatch.setattr(ponder_module, "POSITION_CAP", 4)
    monkeypatch.setattr(ponder_module, "WORK_CAP", 8)


def heuristic_hand(seed: int) -> tuple[SkatHand, list[HeuristicPlayer]]:
    """A hand of strong heuristics at its first card (skipping deals all pass)."""
    while True:
        rng = random.Random(seed)
        state = SkatHand(ISKO, SkatDeal.random(rng))
        players = [HeuristicPlayer("strong", random.Random(seed * 3 + s)) for s in range(3)]
        while state.phase not in (Phase.PLAY, Phase.DONE):
            seat = state.to_move
            assert seat is not None
            state.apply(decide_now(players[seat], state.observe(seat)))
        if state.phase == Phase.PLAY:
            return state, players
        seed += 1000


def fits(view: SkatObservation, deal: World) -> bool:
    """Whether ``deal`` honours the hard facts of ``view``: the seat's own hand, the cards gone,
    the hand sizes, the voids shown and the known skat."""
    gone = 0
    for t in view.tricks:
        for c in t.cards:
            gone |= 1 << c
    for _, c in view.trick:
        gone |= 1 << c
    places = [*deal.hands, deal.skat]
    if deal.hands[view.seat] != view.hand or (view.skat and deal.skat != view.skat):
        return False
    if any(a & b for i, a in enumerate(places) for b in places[i + 1:]) or sum(places) | gone != (1 << 32) - 1:
        return False
    if any(p & gone for p in places) or deal.skat.bit_count() != 2:
        return False
    played_by = [0, 0, 0]
    for t in view.tricks:
        for i in range(len(t.cards)):
            played_by[(t.leader + i) % 3] += 1
    for s, _ in view.trick:
        played_by[s] += 1
    if any(deal.hands[s].bit_count() != 10 - played_by[s] for s in range(3)):
        return False
    assert view.game is not None
    follow = FOLLOW[view.game]
    tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.trick[0][0], tuple(c for _, c in view.trick))
                                                           if view.trick else (0, ())]
    for leader, cards in tricks:
        for i, c in enumerate(cards[1:], 1):
            seat = (leader + i) % 3
            if not follow[cards[0]] >> c & 1 and deal.hands[seat] & follow[cards[0]]:
                return False  # failed to follow suit in this deal, though holding that suit
    return True


def ponder_to_rest(p: Ponder, view: SkatObservation, limit: int = 20_000) -> int:
    """Step ``p`` until it has nothing left; the steps it took."""
    for n in range(limit):
        if not p.step(view, 0.004):
            return n
    raise AssertionError("pondering never came to rest")


def test_a_pondered_position_is_the_view_the_engine_gives_then() -> None:
    for seed in range(6):
        state, players = heuristic_hand(seed)
        while not state.done:
            mover = state.to_move
            assert mover is not None
            card = decide_now(players[mover], state.observe(mover))
            before = [state.observe(s) for s in range(3)]
            state.apply(card)
            if state.done:
                break
            for s in range(3):
                if s != mover:
                    assert next_view(before[s], mover, card) == state.observe(s)


def test_reused_deals_fit_what_the_person_played_since(small_caps: None) -> None:
    """The seat after the person ponders while the person thinks; the person then plays.  Every deal
    handed to the decision fits the new view, and with the person's card given back it is a deal of
    the view pondered on in which the person held that card."""
    reused = 0
    for seed in range(12):
        state, players = heuristic_hand(seed)
        person = state.to_move
        assert person is not None
        expert = (person + 1) % 3
        old = state.observe(expert)
        p = Ponder(seed)
        ponder_to_rest(p, old)
        card = decide_now(players[person], state.observe(person))
        state.apply(card)
        new = state.observe(expert)
        assert new.to_move == expert
        solved = p.take(new)
        assert p.take(new) == []  # handed over once
        for s in solved:
            assert fits(new, s.deal)
            hands = list(s.deal.hands)
            hands[person] |= 1 << card
            assert fits(old, World((hands[0], hands[1], hands[2]), s.deal.skat))
            assert set(s.values) == set(ponder_module.distinct_cards(new) or [])
        reused += len(solved)
    assert reused > 0, "the person's likeliest cards were prepared in some of the hands"


def test_a_position_that_did_not_come_hands_over_nothing(small_caps: None) -> None:
    state, players = heuristic_hand(3)
    person = state.to_move
    assert person is not None
    expert = (person + 1) % 3
    p = Ponder(1)
    ponder_to_rest(p, state.observe(expert))
    prepared = {k[-1] for k, pos in p.positions.items() if pos.solved and len(k) == 1}
    legal = state.observe(person).legal
    unprepared = [c for c in legal if c not in prepared]
    if not unprepared:
        pytest.skip("every card of the person was prepared")
    state.apply(unprepared[0])
    assert p.take(state.observe(expert)) == []


def test_pondering_never_draws_from_the_players_generator(small_caps: None) -> None:
    state, _ = heuristic_hand(5)
    person = state.to_move
    assert person is not None
    expert = make_player("expert", random.Random(9), Effort.fixed(2))
    before = expert.rng.getstate()
    view = state.observe((person + 1) % 3)
    for _ in range(30):
        expert.ponder(view, 0.004)
    assert expert.pondering is not None and expert.pondering.units > 0
    assert expert.rng.getstate() == before


def _table(seed: int, ponder: bool) -> MatchController:
    match = Match.new("skat", ISKO, players=3, hands=1, seed=seed)
    ctl = MatchController(match, human=0, strength="expert", seed=seed)
    ctl.ponder = ponder
    ctl.shorten = False
    for p in range(3):
        ctl.players[p] = make_player("expert", random.Random(seed * 16 + p), Effort.fixed(2))
    return ctl


def _play(ctl: MatchController, person: HeuristicPlayer, ponder_frames: int) -> list[int]:
    """Play the hand at the controller as the table does: the computers in slices, pondering in
    every frame without a computer decision, the person (a heuristic) after ``ponder_frames`` frames."""
    h = ctl.hand
    while not h.done:
        if ctl.ai_to_move:
            while not ctl.step_ai(0.008):
                pass
            for _ in range(3):
                ctl.step_ponder()
            continue
        for _ in range(ponder_frames):
            ctl.step_ponder()
        seat = h.to_move
        assert seat is not None
        ctl.act(decide_now(person, h.observe(seat)))
    assert ctl.faults == []
    return list(h.history)


def test_with_pondering_off_the_decisions_are_todays() -> None:
    """The same seeded players decide the same at a table with the setting off as they do
    without any table (today's decisions), frames of pondering offered or not."""
    seed = 21
    off = _play(_table(seed, ponder=False), HeuristicPlayer("strong", random.Random(1)), 5)
    fresh = _table(seed, ponder=False)  # players of the same seeds, to decide without a controller
    m = fresh.match
    state = new_hand(m.game, m.rules_of(0), m.decks[-1])
    person = HeuristicPlayer("strong", random.Random(1))
    today = []
    while not state.done:
        seat = state.to_move
        assert seat is not None
        p = m.seats[seat]
        action = decide_now(person if p == 0 else fresh.players[p], state.observe(seat))
        today.append(action)
        state.apply(action)
    assert off == today


def test_pondering_decides_legally_and_comes_to_rest(small_caps: None) -> None:
    rested = prepared = 0
    for seed in range(33, 40):  # until a hand is played that the person does not declare alone
        r, p = _rest_checked_hand(seed)
        rested, prepared = rested + r, prepared + p
        if rested and prepared:
            break
    assert rested > 0 and prepared > 0


def _rest_checked_hand(seed: int) -> tuple[int, int]:
    """Play one hand, checking at each of the person's cards that pondering came to rest."""
    ctl = _table(seed, ponder=True)
    person = HeuristicPlayer("strong", random.Random(2))
    h = ctl.hand
    rested = 0
    prepared = 0
    while not h.done:
        if ctl.ai_to_move:
            decision = None
            while not ctl.step_ai(0.008):
                decision = ctl.decision
            assert decision is None or not decision.corrected
            continue
        for _ in range(2000):
            if not ctl.pondering:
                break
            ctl.step_ponder()
        if h.phase == Phase.PLAY:
            assert not ctl.pondering, "pondering reaches its caps and has nothing left"
            units = [getattr(pl, "pondering", None) for pl in ctl.players.values()]
            done = sum(u.units for u in units if u is not None)
            ctl.step_ponder()
            assert sum(u.units for u in units if u is not None) == done, "at rest, a frame does no work"
            rested += 1
            prepared += sum(len(pos.solved) for u in units if u is not None for pos in u.positions.values())
        seat = h.to_move
        assert seat is not None
        ctl.act(decide_now(person, h.observe(seat)))
    assert ctl.faults == []
    assert not any(getattr(p, "is_fallback", False) for p in ctl.players.values()), "every decision was legal"
    return rested, prepared


class _ThinkingAhead(MatchController):
    """A table whose computers have ``left`` frames of pondering to do."""

    left = 30

    @property
    def pondering(self) -> bool:
        return self.left > 0

    def step_ponder(self, budget: float = 0.004) -> None:
        if self.left > 0:
            self.left -= 1


def test_the_table_thinking_ahead_steps_frames_without_drawing_then_sleeps() -> None:
    import asyncio

    from skat.storage import MemoryStorage, Store
    from skat.ui.app import App
    from skat.ui.table import TableScene

    app = App(size=(1280, 720), store=Store(MemoryStorage(), language="en"), headless=True)
    app.start()
    ctl = _ThinkingAhead(Match.new("skat", ISKO, players=3, hands=3, seed=7), human=1, seed=7)
    ctl.left = 0
    table = TableScene(app, ctl)
    app.push(table)
    for _ in range(3000):
        app.frame(1 / 60)
        if ctl.human_to_move and not table.active:
            break
    assert ctl.human_to_move and not table.active and not app.working
    app.step(1 / 60, [])
    drawn = app.draws
    ctl.left = 12  # a fifth of a second at 60 frames a second: room for a loaded machine's slow frames
    assert app.working and not app.needs_frame
    asyncio.run(app.run(seconds=1.5))
    assert ctl.left == 0, "every frame of the loop pondered"
    assert app.draws == drawn, "thinking ahead changes nothing on screen"
    assert not app.working


def test_bench_ponder_reports_both_modes_on_the_same_deals(small_caps: None) -> None:
    from skat.lab.ponder_bench import bench_ponder

    data = bench_ponder(deals=1, seed=4, think_frames=40, flight_frames=4, fixed=2)
    on, off = data["modes"]["pondering"], data["modes"]["without"]
    assert off["deals_solved_ahead"] in ({}, {"mean": 0.0, "median": 0.0, "p10": 0.0, "max": 0.0})
    if on["card_decisions"]:
        assert on["deals_used"]["mean"] >= off["deals_used"]["mean"]  # at least the fixed 2, plus what was prepared
    assert on["faults"] == off["faults"] == []
    assert data["person_score_paired"]["deals"] == 1
