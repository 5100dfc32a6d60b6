"""Speed of the double-dummy solver, as figures: ``skat bench solver``.

Seeded random deals, each with a plausible suit game or Grand for the seat
with the best hand, who takes the skat and lays two cards away (their points
count for him), played at random to 0, 1, 3 and 5 completed tricks.  At each stage the 61-test and the exact value
are timed from a cold transposition table (a PIMC player meets a new layout
with every sampled deal).  Timing is printed, never asserted: machines are noisy.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time

from ..ai.solve.skat_solver import SkatSolver
from ..engine.cards import ACE, CARD_POINTS, JACKS_MASK, SUIT_MASKS, cards_of
from ..engine.deal import SkatDeal
from ..engine.tricks import POWER, TRUMPS, GameType

STAGES = (0, 1, 3, 5)


def choose_game(hands: tuple[int, int, int]) -> tuple[int, int]:
    """The seat with the most Jacks and long suit plays its longest suit (Grand with 3+ Jacks)."""

    def strength(h: int) -> int:
        return 3 * (h & JACKS_MASK).bit_count() + max((h & m & ~JACKS_MASK).bit_count() for m in SUIT_MASKS)

    declarer = max(range(3), key=lambda s: strength(hands[s]))
    h = hands[declarer]
    if (h & JACKS_MASK).bit_count() >= 3:
        return GameType.GRAND, declarer
    suit = max(range(4), key=lambda s: ((h & SUIT_MASKS[s] & ~JACKS_MASK).bit_count(), s))
    return suit, declarer


def pick_up_and_discard(hand: int, skat: int, game: int) -> tuple[int, int]:
    """The declarer takes the skat and lays away two plain non-Aces from his
    shortest suits, richest first (a plain, common discarding habit)."""
    full = hand | skat
    trumps = TRUMPS[game]
    plain = [c for c in cards_of(full & ~trumps) if c & 7 != ACE]

    def suit_len(c: int) -> int:
        return (full & SUIT_MASKS[c >> 3] & ~trumps).bit_count()

    plain.sort(key=lambda c: (suit_len(c), -CARD_POINTS[c], c))
    rest = sorted(cards_of(full & trumps), key=lambda c: (POWER[game][c], c))
    away = (plain + rest)[:2]
    discard = (1 << away[0]) | (1 << away[1])
    return full & ~discard, discard


def positions(n: int, seed: int) -> list[tuple[int, int, list[tuple[int, tuple[int, int, int], int, int]]]]:
    """``n`` deals: (game, declarer, [(tricks played, hands, leader, declarer points), ...])."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deal = SkatDeal.random(rng)
        game, declarer = choose_game(deal.hands)
        hands = list(deal.hands)
        hands[declarer], discard = pick_up_and_discard(hands[declarer], deal.skat, game)
        s = SkatSolver(game, declarer)
        s.reset(hands, [], 0, declarer_points=sum(CARD_POINTS[c] for c in cards_of(discard)))
        stages = []
        played = 0
        while True:
            if played in STAGES and not s.trick:
                stages.append((played, (s.hands[0], s.hands[1], s.hands[2]), s.leader, s.declarer_points))
                if played == STAGES[-1]:
                    break
            s.play(rng.choice(cards_of(s.legal())))
            if not s.trick:
                played += 1
        out.append((game, declarer, stages))
    return out


def _summary(ms: list[float], cpu: list[float], nodes: list[int]) -> dict[str, float]:
    """Wall-clock and CPU milliseconds (CPU time is what a busy shared machine distorts least)."""
    ms = sorted(ms)
    cpu = sorted(cpu)

    def p90(xs: list[float]) -> float:
        return xs[min(len(xs) - 1, int(0.9 * len(xs)))]

    return {
        "median_ms": round(statistics.median(ms), 3),
        "p90_ms": round(p90(ms), 3),
        "max_ms": round(ms[-1], 3),
        "cpu_median_ms": round(statistics.median(cpu), 3),
        "cpu_p90_ms": round(p90(cpu), 3),
        "median_nodes": int(statistics.median(nodes)),
        "p90_nodes": int(p90(sorted(nodes))),
        "max_nodes": max(nodes),
    }


def bench_solver(n: int = 200, seed: int = 1, exact: int | None = None) -> dict[str, object]:
    """Median/p90 milliseconds and nodes of the 61-test and the exact value per stage.

    ``exact`` limits the exact value to the first deals (it costs several
    61-tests: MTD(f) probes until the bounds meet); None times it on all."""
    data = positions(n, seed)
    report: dict[str, object] = {}
    for stage in STAGES:
        t61: list[float] = []
        c61: list[float] = []
        n61: list[int] = []
        tex: list[float] = []
        cex: list[float] = []
        nex: list[int] = []
        wins = 0
        for i, (game, declarer, stages) in enumerate(data):
            for played, hands, leader, dp in stages:
                if played != stage:
                    continue
                s = SkatSolver(game, declarer)
                s.reset(hands, [], leader, declarer_points=dp)
                t0, p0 = time.perf_counter(), time.process_time()
                wins += s.declarer_reaches(61)
                t61.append((time.perf_counter() - t0) * 1000)
                c61.append((time.process_time() - p0) * 1000)
                n61.append(s.nodes)
                if exact is None or i < exact:
                    s.clear_tables()
                    s.reset_counters()
                    t0, p0 = time.perf_counter(), time.process_time()
                    s.exact()
                    tex.append((time.perf_counter() - t0) * 1000)
                    cex.append((time.process_time() - p0) * 1000)
                    nex.append(s.nodes)
        entry: dict[str, object] = {
            "positions": len(t61),
            "declarer_reaches_61": wins,
            "test61": _summary(t61, c61, n61),
        }
        if tex:
            entry["exact"] = _summary(tex, cex, nex) | {"positions": len(tex)}
        report[f"after_{stage}_tricks"] = entry
    return report


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="skat bench solver", description=__doc__)
    ap.add_argument("--positions", type=int, default=200, help="random deals (default 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--exact-positions",
        type=int,
        default=40,
        help="time the exact value on the first N deals only (default 40: it costs 10-20 61-tests each)",
    )
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    figures = bench_solver(args.positions, args.seed, exact=args.exact_positions)
    out = {
        "bench": "solver",
        "positions": args.positions,
        "seed": args.seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds": round(time.perf_counter() - t0, 1),
        "stages": figures,
        # Judged on CPU time: on a shared machine the wall clock counts other work too.
        "targets": {"after_0_tricks.test61.cpu_median_ms": 150, "after_3_tricks.test61.cpu_median_ms": 5},
    }
    json.dump(out, sys.stdout, indent=2)
    print()
    return 0
