"""``skat bench idle``: how much CPU the game uses while nothing moves.

A person reads the rules, thinks about a bid or leaves the window open in the
background; the game should then cost next to nothing.  This runs the real
frame loop (``App.run``) headless for a number of wall-clock seconds on the
idle title screen and on the table waiting for the person's bid, and reports
the CPU seconds the process used per wall second (1.0 = one core busy).
Target: at most 0.05 on the desktop.
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import time


def _measure(app, seconds: float) -> dict[str, float]:
    draws_before = app.draws
    cpu0, wall0 = time.process_time(), time.perf_counter()
    asyncio.run(app.run(seconds=seconds))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {
        "cpu_per_wall_s": round(cpu / wall, 4),
        "wall_s": round(wall, 2),
        "frames_drawn": app.draws - draws_before,
    }


def bench_idle(seconds: float = 10.0) -> dict[str, object]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the output is JSON only
    from ..engine.match import Match
    from ..engine.rules import ISKO
    from ..storage import MemoryStorage, Store
    from ..ui.app import App
    from ..ui.controller import MatchController
    from ..ui.table import TableScene

    app = App(size=(1280, 720), store=Store(MemoryStorage(), language="en"), headless=True)
    app.start()
    title = _measure(app, seconds)

    # The table, the person in middlehand: the deal animates, then the game
    # waits for the person's first bid.  Settle it first, then measure.
    match = Match.new("skat", ISKO, players=3, hands=3, seed=7)
    ctl = MatchController(match, human=1, seed=7)
    table = TableScene(app, ctl)
    app.push(table)
    for _ in range(2000):
        app.frame(1 / 60)
        if ctl.human_to_move and not table.active:
            break
    waiting = ctl.human_to_move and not table.active
    table_figures = _measure(app, seconds)
    return {
        "benchmark": "idle",
        "what": "CPU seconds per wall second of the real frame loop, headless, nothing moving "
        "(title screen; the table waiting for the person's bid; the table with expert opponents "
        "waiting for the person's card, while they think ahead and once they have nothing left to "
        "prepare); target <= 0.05 where nothing is left to do",
        "title": title,
        "table": {**table_figures, "waiting_for_person": waiting},
        "expert_table": _expert_table(app, seconds),
        "seconds_each": seconds,
        "python": platform.python_version(),
    }


def _expert_table(app, seconds: float, seed: int = 11) -> dict[str, object]:
    """The table against two experts, the person to play a card: the loop while the experts
    think ahead (until they have nothing left to prepare, at most ``20 * seconds`` and at least
    6 s, 200 s for the default 10 s), then ``seconds`` more."""
    import random

    from ..ai import make_player
    from ..engine.match import Match
    from ..engine.rules import ISKO
    from ..engine.skat_hand import Phase
    from ..ui.controller import MatchController
    from ..ui.table import TableScene

    app.pop()
    for attempt in range(20):  # a deal that is played (not passed in) with the person to play
        match = Match.new("skat", ISKO, players=3, hands=1, seed=seed + attempt)
        ctl = MatchController(match, human=1, strength="expert", seed=seed + attempt)
        table = TableScene(app, ctl)
        app.push(table)
        person = make_player("strong", random.Random(seed))
        for _ in range(20_000):
            at_rest = ctl.human_to_move and not table.animating and not ctl.checking
            if at_rest and ctl.hand.phase == Phase.PLAY:
                break
            if at_rest:
                seat = ctl.human_seat
                assert seat is not None
                decision = person.begin(ctl.hand.observe(seat))
                while not decision.step(1.0):
                    pass
                assert decision.action is not None
                table.apply_human(decision.action)
            if ctl.hand.done:
                break
            app.frame(1 / 60)
        if ctl.human_to_move and ctl.hand.phase == Phase.PLAY:
            break
        app.pop()
    ponder_cpu = ponder_wall = 0.0
    frames = 0
    while ctl.pondering and ponder_wall < max(6.0, 20 * seconds):
        figures = _measure(app, 0.5)
        ponder_cpu += figures["cpu_per_wall_s"] * figures["wall_s"]
        ponder_wall += figures["wall_s"]
        frames += int(figures["frames_drawn"])
    resting = _measure(app, seconds)
    return {
        "cards_played_before": len(ctl.hand.observe(1).tricks) * 3 + len(ctl.hand.observe(1).trick),
        "while_thinking_ahead": {
            "cpu_per_wall_s": round(ponder_cpu / ponder_wall, 4) if ponder_wall else 0.0,
            "wall_s": round(ponder_wall, 2),
            "frames_drawn": frames,
        },
        "nothing_left_to_prepare": {**resting, "still_pondering": ctl.pondering},
    }


def main(argv: list[str] | None = None) -> int:
    """``skat bench idle [SECONDS]`` (10 s each by default)."""
    argv = argv or []
    try:
        seconds = float(argv[0]) if argv else 10.0
    except ValueError:
        print("usage: skat bench idle [SECONDS]")
        return 2
    print(json.dumps(bench_idle(seconds)))
    return 0
