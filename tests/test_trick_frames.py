"""Every trick, frame by frame, through the real table: each card lands face up
in the middle, the trick is held in view, then gathered once to its winner's
pile, and no card ever travels from a pile back to the middle.

The table is stepped at 60 frames a second through whole hands played by the
computer players (the person's seat too), in Skat with three and four players
and in Offiziersskat's three layouts, at every animation speed, and with
clicks that skip an animation half way; every card sprite is followed.
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

from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.layout import OFF_TRICK, TRICK_SLOTS  # noqa: E402
from skat.ui.menu import TitleScene  # noqa: E402
from skat.ui.result import ResultScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

DT = 1 / 60
NEAR = 2.0
"""Pixels (logical) within which a sprite counts as lying at a place."""


@dataclass
class Film:
    """What every card sprite did in every frame of one hand."""

    frames: list[dict[int, tuple[float, float, bool, bool]]] = field(default_factory=list)
    """card -> (x, y, face up, moving) per frame, after the frame's update."""
    clicks: int = 0

    def record(self, table: TableScene) -> None:
        self.frames.append({c: (sp.x, sp.y, sp.face_up, sp.moving) for c, sp in table.sprites.items()})


def make_table(game: str, rules, players: int, seed: int, speed: str, dealer: int = 0):  # type: ignore[no-untyped-def]
    app = App(size=(1280, 720), store=Store(MemoryStorage(), language="en"), headless=True)
    app.settings["animation"] = speed
    app.settings["sound"] = False
    app.draw = lambda: None  # the sprites are the subject; painting 60 frames a second is not
    match = Match.new(game, rules, players=players, hands=players if game == "skat" else 2, seed=seed,
                  first_dealer=dealer)
    ctl = MatchController(match, human=0, strength="normal", seed=seed, autoplay=True)
    app.stack.reset(TitleScene(app))
    table = TableScene(app, ctl)
    app.push(table)
    return app, table


def film_hand(app: App, table: TableScene, click_rng: random.Random | None = None, limit: int = 40000) -> Film:
    """Step frames until the hand is over and the result is shown; with
    ``click_rng``, click the felt now and then while something moves."""
    film = Film()
    felt = app.painter.px(400, 420)  # the table cloth: no button, no card of the person's
    for _ in range(limit):
        events = []
        if click_rng is not None and table.animating and click_rng.random() < 0.04:
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=felt, button=1, touch=False))
            film.clicks += 1
        app.step(DT, events=events)
        film.record(table)
        if isinstance(app.stack.top, ResultScene):
            return film
    raise AssertionError("the hand never ended")


def trick_slot(table: TableScene, seat: int) -> tuple[float, float]:
    slot = table.slot_of_seat()[seat]
    return OFF_TRICK[slot] if table.officers else TRICK_SLOTS[slot]


def at(film: Film, c: int, f: int, place: dict[int, tuple[float, float]]) -> bool:
    """Card ``c`` lies at its ``place`` in frame ``f``."""
    return math.dist(film.frames[f][c][:2], place[c]) <= NEAR


def shown(film: Film, f: int, cards: tuple[int, ...], middle: dict[int, tuple[float, float]]) -> bool:
    """The whole trick lies face up and at rest in the middle in frame ``f``."""
    return all(at(film, c, f, middle) and film.frames[f][c][2] and not film.frames[f][c][3] for c in cards)


def shown_tricks(table: TableScene) -> list:  # type: ignore[type-arg]
    """The tricks the table showed one by one: after a claim or in a decided hand the rest is laid
    open and gathered at once (issue 20)."""
    hand = table.c.hand
    ending = table.c.ending
    return list(hand.tricks if ending is None else hand.tricks[: ending.tricks_shown])


def check_tricks(table: TableScene, film: Film) -> set[str]:
    """Assert the rules of a trick's life for every trick of the hand; returns
    the screen slots that played a trick's last card."""
    players = 2 if table.officers else 3
    last = film.frames[-1]
    last_slots: set[str] = set()
    for k, trick in enumerate(shown_tricks(table)):
        seats = [(trick.leader + i) % players for i in range(len(trick.cards))]
        pile = {c: last[c][:2] for c in trick.cards}  # where each card lies when the hand is over
        middle = {c: trick_slot(table, s) for c, s in zip(trick.cards, seats, strict=True)}
        last_slots.add(table.slot_of_seat()[seats[-1]])
        what = f"trick {k + 1} {trick.cards}"

        held = next((f for f in range(len(film.frames)) if shown(film, f, trick.cards, middle)), None)
        assert held is not None, f"{what}: never seen whole and face up in the middle"
        for c in trick.cards:
            assert all(math.dist(film.frames[f][c][:2], pile[c]) > 40 for f in range(held)), (
                f"{what}: card {c} was on its pile before the trick lay in the middle")
        # From the held trick on, every card only ever comes closer to its pile, and stays once there.
        for c in trick.cards:
            d = [math.dist(film.frames[f][c][:2], pile[c]) for f in range(held, len(film.frames))]
            for i in range(1, len(d)):
                assert d[i] <= d[i - 1] + 0.01, (
                    f"{what}: card {c} moved away from its pile at frame {held + i} ({d[i - 1]:.1f} -> {d[i]:.1f})")
        # The trick leaves the middle face up: its cards turn over on the way to the pile, not before.
        for c in trick.cards:
            leaving = next((f for f in range(held, len(film.frames)) if not at(film, c, f, middle)), None)
            if leaving is not None and math.dist(film.frames[leaving][c][:2], pile[c]) > 40:
                assert film.frames[leaving][c][2], f"{what}: card {c} turned face down in the middle"
        # The last card came from its player to the middle face up, on a straight way in.
        c = trick.cards[-1]
        rest = [f for f in range(held) if not film.frames[f][c][3]]
        start = max((f for f in rest if not at(film, c, f, middle)), default=-1) + 1
        for f in range(start, held + 1):
            assert film.frames[f][c][2], f"{what}: the last card {c} travels face down at frame {f}"
            if f > start:
                before = math.dist(film.frames[f - 1][c][:2], middle[c])
                assert math.dist(film.frames[f][c][:2], middle[c]) <= before + 0.01, (
                    f"{what}: the last card {c} turns away from the middle at frame {f}")
    return last_slots


CASES = [
    ("skat", ISKO, 3, 5, 0),
    ("skat", ISKO, 3, 11, 1),
    ("skat", ISKO, 3, 23, 2),
    ("skat", ISKO.with_options(kontra_re=True), 4, 7, 3),
    ("officers", OFFICERS, 2, 5, 0),
    ("officers", OFFICERS.with_options(officers_layout="harlequin"), 2, 8, 1),
    ("officers", OFFICERS.with_options(officers_layout="admirals"), 2, 3, 0),
]


@pytest.mark.parametrize(("game", "rules", "players", "seed", "dealer"), CASES,
                         ids=[f"{g}{p}-{r.officers_layout if g == 'officers' else 'isko'}-seed{s}"
                              for g, r, p, s, _ in CASES])
def test_every_trick_lands_is_held_and_is_gathered_once(game, rules, players, seed, dealer) -> None:  # type: ignore[no-untyped-def]
    app, table = make_table(game, rules, players, seed, "normal", dealer)
    film = film_hand(app, table)
    assert table.c.hand.tricks, "the hand had tricks"
    check_tricks(table, film)


@pytest.mark.parametrize("speed", ["slow", "fast", "off"])
@pytest.mark.parametrize("game", ["skat", "officers"])
def test_tricks_at_every_animation_speed(game: str, speed: str) -> None:
    rules, players = (ISKO, 3) if game == "skat" else (OFFICERS, 2)
    app, table = make_table(game, rules, players, 5, speed)
    check_tricks(table, film_hand(app, table))


@pytest.mark.parametrize(("game", "rules", "players", "seed", "speed"), [
    ("skat", ISKO, 3, 5, "normal"), ("skat", ISKO, 4, 9, "normal"), ("officers", OFFICERS, 2, 5, "normal"),
    ("skat", ISKO, 3, 11, "slow"), ("officers", OFFICERS, 2, 8, "fast"),
])
def test_clicks_that_skip_animations_never_send_a_card_back(game, rules, players, seed, speed) -> None:  # type: ignore[no-untyped-def]
    app, table = make_table(game, rules, players, seed, speed)
    film = film_hand(app, table, click_rng=random.Random(seed))
    assert film.clicks > 10, "the clicks skipped animations throughout the hand"
    check_tricks(table, film)


@pytest.mark.parametrize("speed", ["normal", "off"])
def test_each_finished_trick_stays_in_view_for_a_moment(speed: str) -> None:
    """Even with animations off (cards jump), a finished trick lies in the middle for
    half a second before it is gathered: long enough to see what was played."""
    app, table = make_table("skat", ISKO, 3, 5, speed)
    film = film_hand(app, table)
    for k, trick in enumerate(shown_tricks(table)):
        seats = [(trick.leader + i) % 3 for i in range(3)]
        middle = {c: trick_slot(table, s) for c, s in zip(trick.cards, seats, strict=True)}
        frames = sum(1 for f in range(len(film.frames)) if shown(film, f, trick.cards, middle))
        assert frames * DT >= (0.9 if speed == "normal" else 0.45), (k, frames)


def test_every_seat_plays_the_last_card_of_some_trick() -> None:
    """Across a few hands the last card comes from every side of the table."""
    seen: dict[str, set[str]] = {"skat": set(), "officers": set()}
    for game, rules, players, seed, dealer in CASES:
        app, table = make_table(game, rules, players, seed, "fast", dealer)
        seen[game] |= check_tricks(table, film_hand(app, table))
    assert seen["skat"] >= {"bottom", "left", "right", "top"}
    assert seen["officers"] == {"bottom", "top"}


def click_felt(app: App) -> None:
    felt = app.painter.px(400, 420)
    app.step(DT, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=felt, button=1, touch=False)])


@pytest.mark.parametrize("game", ["skat", "officers"])
def test_a_click_lands_the_last_card_and_a_second_click_gathers_the_trick(game: str) -> None:
    rules, players = (ISKO, 3) if game == "skat" else (OFFICERS, 2)
    app, table = make_table(game, rules, players, 5, "normal")
    for _ in range(20000):  # until the card that completes a trick is on its way
        app.step(DT, events=[])
        if table.held_trick is not None and any(table.sprites[c].moving for c in table.held_trick[1]):
            break
    else:
        raise AssertionError("no trick was completed")
    winner, cards = table.held_trick
    trick = table.c.hand.tricks[-1]
    seats = [(trick.leader + i) % players for i in range(len(cards))]
    click_felt(app)
    for c, seat in zip(cards, seats, strict=True):
        sp = table.sprites[c]
        assert not sp.moving and sp.face_up and math.dist((sp.x, sp.y), trick_slot(table, seat)) <= NEAR, (
            "the first click lands the trick in the middle")
    assert table.held_trick == (winner, cards) and table.hold > 0, "and it stays there"
    click_felt(app)
    assert table.held_trick is None
    piles = {c: table.targets()[c] for c in cards}
    for c in cards:
        sp = table.sprites[c]
        assert (sp.x, sp.y) == (piles[c].x, piles[c].y) and not sp.face_up, "the second click takes it to the pile"
