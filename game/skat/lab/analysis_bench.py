"""``skat bench analysis``: how long the after-the-hand analysis of a Skat hand takes.

Fifty seeded hands are played by computer players (the strong heuristic in
every seat, until a game is declared); each is analysed from scratch (empty
caches) by driving :func:`skat.ai.review.analysis.analyse` slice by slice.  Printed
as JSON: the median and longest total CPU time per hand and the longest
single slice (targets: median at most 3 s, every slice at most 20 ms).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

from ..ai.base import decide_now
from ..ai.heuristic.player import HeuristicPlayer
from ..ai.review import analysis
from ..engine.deal import SkatDeal, shuffled_deck
from ..engine.rules import ISKO, Rules
from ..engine.skat_hand import SkatHand


def played_hand(seed: int, rules: Rules = ISKO, strength: str = "strong") -> SkatHand:
    """The first declared hand from ``seed`` on, played by computer players."""
    while True:
        rng = random.Random(seed)
        hand = SkatHand(rules, SkatDeal.from_deck(shuffled_deck(rng)))
        players = [HeuristicPlayer(strength, random.Random(seed * 3 + s)) for s in range(3)]
        while not hand.done:
            seat = hand.to_move
            assert seat is not None
            hand.apply(decide_now(players[seat], hand.observe(seat)))
        r = hand.result
        if r is not None and r.game not in ("passed", "ramsch"):
            return hand
        seed += 1000


def measure(hand: SkatHand, me: int | None = None) -> tuple[float, float, analysis.Analysis]:
    """(total CPU seconds, longest slice in seconds, the analysis), caches cleared."""
    analysis._RESULTS.clear()
    analysis._POSITIONS.clear()
    gen = analysis.analyse(hand, me)
    total = 0.0
    longest = 0.0
    clock = time.thread_time
    while True:
        t0 = clock()
        done: StopIteration | None
        try:
            next(gen)
        except StopIteration as stop:
            done = stop
        else:
            done = None
        dt = clock() - t0
        total += dt
        longest = max(longest, dt)
        if done is not None:
            return total, longest, done.value


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="skat bench analysis", description=__doc__)
    ap.add_argument("--hands", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="one line per hand on stderr")
    args = ap.parse_args(argv)
    times = []
    slices = []
    for i in range(args.hands):
        hand = played_hand(args.seed + i)
        total, longest, a = measure(hand)
        times.append(total)
        slices.append(longest)
        if args.verbose:
            import sys

            print(
                f"hand {i}: {a.game.key} {total:.2f}s slice {longest * 1000:.1f}ms "
                f"best {a.best.points} actual {a.actual.points}",
                file=sys.stderr,
            )
    out = {
        "bench": "analysis",
        "python": platform.python_version(),
        "hands": args.hands,
        "clock": "thread_time (CPU)",
        "median_s": round(statistics.median(times), 3),
        "max_s": round(max(times), 3),
        "longest_slice_ms": round(max(slices) * 1000, 2),
        "median_longest_slice_ms": round(statistics.median(slices) * 1000, 2),
        "targets": {"median_s": 3.0, "slice_ms": 20.0},
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
