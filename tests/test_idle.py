"""An idle screen is not redrawn: the game must not burn a CPU core while
nothing moves (issue: 75-82% of a core on the idle title and table)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402


@pytest.fixture
def app() -> App:
    a = App(size=(1280, 720), store=Store(MemoryStorage(), language="en"), headless=True)
    a.start()
    return a


def test_the_idle_title_screen_is_drawn_once_and_then_only_on_input(app: App) -> None:
    assert app.step(0.02, [])  # the first frame draws
    drawn = app.draws
    for _ in range(50):
        assert not app.step(0.02, [])
    assert app.draws == drawn
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(1, 1), buttons=(0, 0, 0))
    assert app.step(0.02, [move])  # input may change a hover: drawn again
    assert app.draws == drawn + 1


def test_the_table_waiting_for_the_person_is_not_redrawn(app: App) -> None:
    ctl = MatchController(Match.new("skat", ISKO, players=3, hands=3, seed=7), human=1, seed=7)
    table = TableScene(app, ctl)
    app.push(table)
    frames = 0
    while not (ctl.human_to_move and not table.active):
        assert app.step(1 / 60, []), "a table that deals, thinks or shows bubbles draws every frame"
        frames += 1
        assert frames < 3000
    app.step(1 / 60, [])
    drawn = app.draws
    for _ in range(100):
        app.step(1 / 60, [])
    assert app.draws == drawn


def test_the_frame_loop_sleeps_while_idle(app: App) -> None:
    """The real loop, idle for half a second: a handful of frames, not thirty."""
    app.step(0.02, [])
    drawn = app.draws
    asyncio.run(app.run(seconds=0.5))
    assert app.draws - drawn <= 2


def test_bench_idle_prints_json_figures() -> None:
    game_dir = str(Path(__file__).resolve().parents[1] / "game")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": game_dir}
    out = subprocess.run([sys.executable, "-m", "skat", "bench", "idle", "0.3"], capture_output=True, text=True,
                         env=env, check=True, timeout=120)
    data = json.loads(out.stdout)
    assert data["benchmark"] == "idle"
    assert data["table"]["waiting_for_person"] is True
    for screen in ("title", "table"):
        assert data[screen]["frames_drawn"] <= 2
        assert data[screen]["cpu_per_wall_s"] >= 0
    expert = data["expert_table"]
    assert expert["while_thinking_ahead"]["frames_drawn"] <= 2, "thinking ahead draws nothing"
    assert expert["while_thinking_ahead"]["wall_s"] > 0
