"""``skat bench ui``: frame times over an animated hand, headless, and the time to the first frame.

Frames advance a simulated 1/60 s each, so the hand animates exactly as on
screen; the figure is the work each frame costs (events, the computer
players' slices, update, drawing, flip), measured with ``perf_counter``.
"""

from __future__ import annotations

import json
import os
import statistics
import time


def bench_ui(hands: int = 2, game: str = "skat") -> dict[str, object]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    t0 = time.perf_counter()
    from ..engine.games import GAMES
    from ..engine.match import Match
    from ..storage import MemoryStorage, Store
    from ..ui.app import App
    from ..ui.controller import MatchController
    from ..ui.table import TableScene

    app = App(size=(1280, 720), store=Store(MemoryStorage(), language="de"), headless=True)
    app.start()
    app.frame(1 / 60)
    first_frame = time.perf_counter() - t0

    times: list[float] = []
    for n in range(hands):
        g = game if n % 2 == 0 else next(other for other in GAMES if other != game)
        rules = GAMES[g].default_rules
        players = GAMES[g].seats
        match = Match.new(g, rules, players=players, hands=players, seed=100 + n)
        ctl = MatchController(match, human=0, seed=100 + n, autoplay=True)
        table = TableScene(app, ctl)
        app.push(table)
        for _ in range(60 * 120):
            start = time.perf_counter()
            app.frame(1 / 60)
            times.append(time.perf_counter() - start)
            if ctl.hand.done and not table.busy and not table.queue:
                break
        app.stack.reset(app.stack.scenes[0])
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    return {
        "benchmark": "ui",
        "what": "frame time over animated hands with computer players, 1280x720, headless",
        "frames": len(times),
        "median_frame_ms": round(statistics.median(times) * 1000, 3),
        "p95_frame_ms": round(p95 * 1000, 3),
        "max_frame_ms": round(times[-1] * 1000, 3),
        "first_frame_s": round(first_frame, 3),
    }


def main(argv: list[str] | None = None) -> int:
    print(json.dumps(bench_ui()))
    return 0
