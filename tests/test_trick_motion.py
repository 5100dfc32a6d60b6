"""A finished trick travels once, whatever the table is asked to do meanwhile.

The engine takes a trick the moment its last card is played; the table shows that a little
later, event by event (the card flies in, the trick lies in view, then it is gathered).  Any
layout of the cards in between must show the hand as the table has shown it so far, not as the
engine has it already: else the cards of the trick fly to the winner's pile, back to the middle
when the last card is shown, and are gathered a second time (and a card the trick uncovers in
Offiziersskat turns over before its time).  The layouts that come in between here are the real
ones a person causes: the pause menu opened (Escape) and the window turned (portrait and back).

The person's seat is played by real clicks on its cards (the computers play the others), and
every card sprite is followed frame by frame at 60 frames a second.
"""

from __future__ import annotations

import math
import os
import random
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine.events import Event  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS, Rules  # noqa: E402
from skat.engine.skat_hand import Phase  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.layout import PILE_W  # noqa: E402
from skat.ui.menu import PauseScene, TitleScene  # noqa: E402
from skat.ui.result import ResultScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from test_trick_frames import DT, Film, shown, shown_tricks, trick_slot  # noqa: E402

LANDSCAPE = (1280, 720)
PORTRAIT = (720, 1280)


@dataclass
class Motion(Film):
    """The film of a hand, with each card's target (middle, pile or elsewhere) and the reveals shown."""

    kinds: list[dict[int, str]] = field(default_factory=list)
    """card -> 'middle' (a trick's place), 'pile' (a taken trick's place) or 'other', per frame."""
    reveals: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)
    """(frame, cards, the trick that uncovered them) of every reveal the table showed (Officers' Skat)."""
    interruptions: int = 0

    def record(self, table: TableScene) -> None:
        super().record(table)
        self.kinds.append({c: kind(sp.z, sp.tw) for c, sp in table.sprites.items()})


def kind(z: int, width: float) -> str:
    """Where a card is going, by its layout target: a trick's place in the middle, a taken trick's pile, other."""
    if z >= 300:
        return "middle"
    return "pile" if width == PILE_W and 20 <= z < 100 else "other"


def make_table(game: str, rules: Rules, players: int, seed: int, *, speed: str = "normal", pace: str = "normal",
               person: bool = True) -> tuple[App, TableScene]:
    """A real app and table; the person sits at table place 0 and deals last (so sits in at four)."""
    app = App(size=LANDSCAPE, store=Store(MemoryStorage(), language="en"), headless=True)
    app.settings.update(animation=speed, pace=pace, sound=False)
    app.draw = lambda: None  # the sprites are the subject
    hands = players if game == "skat" else 2
    match = Match.new(game, rules, players=players, hands=hands, seed=seed, first_dealer=players - 1)
    ctl = MatchController(match, human=0, strength="normal", seed=seed, autoplay=not person)
    app.stack.reset(TitleScene(app))
    table = TableScene(app, ctl)
    app.push(table)
    return app, table


def engine_ahead(table: TableScene) -> bool:
    """The engine has taken a trick whose last card the table has not shown yet."""
    queue = table.queue
    return bool(queue) and queue[0].kind == "play" and any(ev.kind == "trick" for ev in queue)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0, scancode=0)


def click_at(app: App, pos: tuple[float, float]) -> list[pygame.event.Event]:
    px = app.painter.px(*pos)
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px, button=1, touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px, button=1, touch=False)]


def card_click(app: App, table: TableScene, card: int) -> list[pygame.event.Event]:
    """A click on a visible part of ``card`` (the person's cards overlap)."""
    sp = table.sprites[card]
    for dx in (-0.4, -0.3, 0.0, 0.3, 0.4):
        pos = (sp.x + dx * sp.w, sp.y)
        if table.card_at(pos) == card:
            return click_at(app, pos)
    raise AssertionError(f"card {card} cannot be clicked")


def turn_window(app: App, size: tuple[int, int]) -> pygame.event.Event:
    """The window turns (a phone held the other way): the next frame lays the table out again."""
    pygame.display.set_mode(size)
    return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])


def person_decides(table: TableScene, rng: random.Random, app: App) -> list[pygame.event.Event]:
    """The person's move: a legal card clicked in the play; a computer's choice in the auction."""
    ctl = table.c
    hand = ctl.hand
    if hand.phase == Phase.PLAY:
        cards = [a for a in hand.legal_actions() if a < 32]
        return card_click(app, table, rng.choice(cards))
    seat = ctl.human_seat
    assert seat is not None
    decision = ctl.player(ctl.human).begin(hand.observe(seat))
    while not decision.step(1.0):
        pass
    table.apply_human(decision.action)
    return []


def play_hand(app: App, table: TableScene, *, interrupt: str = "", seed: int = 0, clicks: float = 0.0,
              limit: int = 40000) -> Motion:
    """Step the table at 60 frames a second until the result shows, the person clicking their cards.

    ``interrupt``: whenever the engine has taken a trick the table has not shown yet, 'pause' opens
    the pause menu (Escape; a person's completing card and the key in the same frame) and closes it
    a few frames later; 'turn' turns the window to portrait and, a few frames later, back.
    ``clicks``: the chance per frame of a click on the felt while something moves (it hurries)."""
    film = Motion()
    rng = random.Random(seed)
    show = table.director.show
    frame = [0]

    taken: list[tuple[int, ...]] = []

    def showing(ev: Event) -> None:
        if ev.kind == "trick":
            taken.append(ev.cards)
        elif ev.kind == "reveal":
            film.reveals.append((frame[0], ev.cards, taken[-1]))
        show(ev)

    table.director.show = showing  # type: ignore[method-assign]
    back_at: int | None = None
    interrupted: set[int] = set()  # the tricks interrupted (by their first card), once each
    felt = (400, 420)  # no button, no card of the person's
    per_trick = 2 if table.officers else 3
    for f in range(limit):
        frame[0] = f
        top = app.stack.top
        if isinstance(top, ResultScene):
            return film
        events: list[pygame.event.Event] = []
        hand = table.c.hand
        ahead = next((ev.cards[0] for ev in table.queue if ev.kind == "trick"), None) if engine_ahead(table) else None
        if back_at is None and top is table and table.c.human_to_move and not table.animating:
            completes = hand.phase == Phase.PLAY and len(hand.trick) == per_trick - 1
            first = hand.trick[0] if completes else None
            events += person_decides(table, rng, app)
            ahead = first if events and completes else ahead  # the click and the key in one frame
        if back_at is not None:
            if f >= back_at:
                back_at = None
                events.append(key(pygame.K_ESCAPE) if interrupt == "pause" else turn_window(app, LANDSCAPE))
        elif interrupt and ahead is not None and ahead not in interrupted and top is table:
            interrupted.add(ahead)
            events.append(key(pygame.K_ESCAPE) if interrupt == "pause" else turn_window(app, PORTRAIT))
            back_at, film.interruptions = f + 6, film.interruptions + 1
        elif clicks and table.animating and rng.random() < clicks:
            events += click_at(app, felt)[:1]
            film.clicks += 1
        app.step(DT, events=events)
        if isinstance(app.stack.top, PauseScene) and back_at is None:
            raise AssertionError("the pause menu stayed open")
        film.record(table)
    raise AssertionError("the hand never ended")


def check_each_trick_travels_once(table: TableScene, film: Motion) -> None:
    """Every card of a trick the table showed goes to the middle, then to its pile, and never back."""
    for k, trick in enumerate(shown_tricks(table)):
        for c in trick.cards:
            kinds = [frame[c] for frame in film.kinds if c in frame]
            visits = [kind for i, kind in enumerate(kinds) if kind != "other" and (i == 0 or kinds[i - 1] != kind)]
            assert visits == ["middle", "pile"], f"trick {k + 1} {trick.cards}: card {c} went {' -> '.join(visits)}"


def check_gathered_straight(table: TableScene, film: Motion) -> None:
    """Once a trick lies whole in the middle, face up, each of its cards only comes closer to its pile."""
    players = 2 if table.officers else 3
    last = film.frames[-1]
    for k, trick in enumerate(shown_tricks(table)):
        seats = [(trick.leader + i) % players for i in range(len(trick.cards))]
        middle = {c: trick_slot(table, s) for c, s in zip(trick.cards, seats, strict=True)}
        held = next((f for f in range(len(film.frames)) if shown(film, f, trick.cards, middle)), None)
        assert held is not None, f"trick {k + 1} {trick.cards}: never seen whole and face up in the middle"
        for c in trick.cards:
            d = [math.dist(film.frames[f][c][:2], last[c][:2]) for f in range(held, len(film.frames))]
            back = next((i for i in range(1, len(d)) if d[i] > d[i - 1] + 0.01), None)
            assert back is None, f"trick {k + 1} {trick.cards}: card {c} turned back at frame {held + back}"


def check_uncovered_cards_turn_once(table: TableScene, film: Motion) -> None:
    """A card a trick uncovers (Officers' Skat) stays face down while that trick lies in view, and
    turns face up once, where it lies."""
    tricks = {t.cards: t for t in table.c.hand.tricks}
    for f0, cards, taken in film.reveals:
        trick = tricks[taken]
        seats = [(trick.leader + i) % 2 for i in range(len(taken))]
        middle = {c: trick_slot(table, s) for c, s in zip(taken, seats, strict=True)}
        in_view = [f for f in range(len(film.frames)) if shown(film, f, taken, middle)]
        for c in cards:
            seen = [frame[c] for frame in film.frames]
            in_place = sum(1 for a, b in zip(seen, seen[1:], strict=False) if a[2] != b[2] and a[:2] == b[:2])
            assert in_place == 1, f"card {c}, uncovered at frame {f0}, turned over where it lies {in_place} times"
            up = [f for f in in_view if seen[f][2]]
            assert not up, f"card {c} lay face up at frame {up[:1]} while the trick {taken} uncovering it lay in view"


PAUSE_CASES = [
    ("skat", ISKO, 3, 8),
    ("skat", ISKO, 3, 11),
    ("skat", ISKO.with_options(kontra_re=True), 4, 8),
    ("officers", OFFICERS, 2, 5),
    ("officers", OFFICERS.with_options(officers_layout="harlequin"), 2, 8),
]


@pytest.mark.parametrize("case", PAUSE_CASES, ids=[f"{g}{p}-seed{s}" for g, _, p, s in PAUSE_CASES])
def test_the_pause_menu_opened_as_a_trick_is_completed_never_sends_it_to_the_pile_first(case) -> None:  # type: ignore[no-untyped-def]
    app, table = make_table(*case)
    film = play_hand(app, table, interrupt="pause", seed=case[3])
    assert film.interruptions == len(shown_tricks(table)) >= 3, "the menu opened as each trick was completed"
    check_each_trick_travels_once(table, film)
    check_gathered_straight(table, film)
    if table.officers:
        check_uncovered_cards_turn_once(table, film)


@pytest.mark.parametrize("case", [PAUSE_CASES[0], PAUSE_CASES[3]], ids=["skat3", "officers"])
def test_turning_the_window_as_a_trick_is_completed_never_sends_it_to_the_pile_first(case) -> None:  # type: ignore[no-untyped-def]
    app, table = make_table(*case)
    film = play_hand(app, table, interrupt="turn", seed=case[3])
    assert film.interruptions == len(shown_tricks(table)) >= 3, "the window turned as each trick was completed"
    check_each_trick_travels_once(table, film)


PERSON_CASES = [  # game, rules, players, seed, animation speed, pace, clicks that hurry
    ("skat", ISKO, 3, 5, "normal", "normal", 0.0),
    ("skat", ISKO, 3, 11, "normal", "fast", 0.05),
    ("skat", ISKO, 3, 23, "off", "normal", 0.0),
    ("skat", ISKO, 3, 2, "slow", "slow", 0.03),
    ("skat", ISKO.with_options(kontra_re=True), 4, 7, "normal", "normal", 0.0),
    ("skat", ISKO, 4, 9, "fast", "normal", 0.05),
    ("officers", OFFICERS, 2, 5, "normal", "normal", 0.0),
    ("officers", OFFICERS, 2, 8, "normal", "slow", 0.05),
    ("officers", OFFICERS.with_options(officers_layout="admirals"), 2, 3, "off", "fast", 0.0),
]


def person_film(case: tuple) -> tuple[TableScene, Motion]:  # type: ignore[type-arg]
    game, rules, players, seed, speed, pace, clicks = case
    app, table = make_table(game, rules, players, seed, speed=speed, pace=pace)
    return table, play_hand(app, table, seed=seed, clicks=clicks)


@pytest.mark.parametrize("case", PERSON_CASES, ids=[f"{g}{p}-seed{s}-{speed}-{pace}{'-clicks' if clicks else ''}"
                                                    for g, _, p, s, speed, pace, clicks in PERSON_CASES])
def test_the_tricks_of_a_hand_the_person_plays_by_clicks_travel_once(case) -> None:  # type: ignore[no-untyped-def]
    table, film = person_film(case)
    assert shown_tricks(table), "the hand had tricks"
    check_each_trick_travels_once(table, film)
    check_gathered_straight(table, film)
    if table.officers:
        check_uncovered_cards_turn_once(table, film)


def test_the_person_and_the_computers_each_complete_and_win_tricks_in_these_hands() -> None:
    """The cases above see a trick completed by the person's click and by a computer, won by each."""
    completed, won = set(), set()
    for case in PERSON_CASES[:2] + PERSON_CASES[6:7]:
        table, _ = person_film(case)
        players = 2 if table.officers else 3
        person = table.c.human_seat
        for trick in shown_tricks(table):
            completed.add((trick.leader + len(trick.cards) - 1) % players == person)
            won.add(trick.winner == person)
    assert completed == {True, False} and won == {True, False}
