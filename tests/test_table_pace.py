"""The computers' auction, skat and declaration at a pace a person can follow:
at normal speed each call stays on screen at least 0.8 s before anything else
happens, the declared game 1.5 s, and a click still hurries the table on.

Frames are stepped at 60 a second through the real table, and the speech
bubbles on screen are watched frame by frame.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.skat_hand import Phase  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.menu import TitleScene  # noqa: E402
from skat.ui.table import AI_NAMES, TableScene  # noqa: E402

DT = 1 / 60


def make_table(game: str, rules, players: int, seed: int, dealer: int = 0):  # type: ignore[no-untyped-def]
    app = App(size=(1280, 720), store=Store(MemoryStorage(), language="en"), headless=True)
    app.settings["animation"] = "normal"
    app.settings["sound"] = False
    app.draw = lambda: None  # only the timing is watched
    match = Match.new(game, rules, players=players, hands=players if game == "skat" else 2, seed=seed,
                  first_dealer=dealer)
    ctl = MatchController(match, human=0, strength="normal", seed=seed, autoplay=True)
    app.stack.reset(TitleScene(app))
    table = TableScene(app, ctl)
    app.push(table)
    return app, table


@dataclass
class Call:
    """One speech bubble: who said what, and in which frames."""

    who: str
    text: str
    shown: int
    gone: int | None = None
    next_action: int | None = None


def watch_calls(app: App, table: TableScene, clicks: bool = False) -> list[tuple[str, str, float, float]]:
    """Step frames until the first card is played; returns, per call, (who,
    text, seconds its bubble was on screen, seconds until the next action was
    taken).  With ``clicks``, the felt is clicked three frames after each call."""
    calls: list[Call] = []
    before: dict[int, tuple[str, float]] = {}
    hand = table.c.hand
    actions = len(hand.history)
    felt = app.painter.px(400, 420)
    frame = 0
    for frame in range(6000):
        events = []
        if clicks and calls and calls[-1].next_action is None and frame - calls[-1].shown == 3:
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=felt, button=1, touch=False))
        app.step(DT, events=events)
        if len(hand.history) > actions:
            actions = len(hand.history)
            for c in calls:
                c.next_action = frame if c.next_action is None else c.next_action
        now = table.bubbles
        for player in set(before) | set(now):
            old, new = before.get(player), now.get(player)
            if old is not None and (new is None or new[0] != old[0] or new[1] > old[1]):
                for c in calls:  # that player's bubble went or changed
                    if c.gone is None and c.who == AI_NAMES[player]:
                        c.gone = frame
            if new is not None and (old is None or new[0] != old[0] or new[1] > old[1]):
                calls.append(Call(AI_NAMES[player], new[0], frame))
        before = dict(now)
        if hand.phase == Phase.PLAY and (hand.trick or hand.tricks):
            break
    return [(c.who, c.text, ((c.gone if c.gone is not None else frame) - c.shown) * DT,
             ((c.next_action if c.next_action is not None else frame) - c.shown) * DT) for c in calls]


GAMES = {"Diamonds", "Hearts", "Spades", "Clubs", "Grand", "Null"}


def names_a_game(text: str) -> bool:
    """A declaration bubble: the game with its level ("Grand Hand", "Null Ouvert")."""
    return text.split()[0] in GAMES


@pytest.mark.parametrize(("game", "rules", "players", "seed"), [
    ("skat", ISKO, 3, 5), ("skat", ISKO, 3, 23), ("skat", ISKO.with_options(kontra_re=True), 4, 7),
    ("officers", OFFICERS, 2, 5),
])
def test_each_computer_call_and_the_game_stay_readable(game, rules, players, seed) -> None:  # type: ignore[no-untyped-def]
    app, table = make_table(game, rules, players, seed)
    calls = watch_calls(app, table)
    assert len(calls) >= 2, calls
    declared = [c for c in calls if names_a_game(c[1])]
    assert declared, f"the game was declared: {calls}"
    for who, text, visible, until_next in calls:
        least = 1.5 if names_a_game(text) else 0.8
        assert visible >= least, f"{who}'s {text!r} was shown only {visible:.2f} s: {calls}"
        assert until_next >= least, f"{who}'s {text!r}: the next action came after {until_next:.2f} s: {calls}"


def test_a_click_hurries_past_a_computer_call() -> None:
    app, table = make_table("skat", ISKO, 3, 5)
    calls = watch_calls(app, table, clicks=True)
    assert len(calls) >= 2
    # Each call's pause ends with the click three frames after it (then the next decision is one frame).
    assert all(until_next <= 8 * DT for _, _, _, until_next in calls[:-1]), calls
