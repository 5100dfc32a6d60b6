"""Duplicate Officers' Skat match: the expert search against the strong heuristic.

Each deal is played twice with the seats swapped, so the cards even out; the
figure is A's game points minus B's per game, with its 95% confidence
interval over the deals.  Reproducible from ``--seed`` with a fixed effort
(``--samples``); ``--seconds`` uses a time budget instead (not reproducible).

    PYTHONPATH=game nice -n 5 python3 tools/officers_duel.py --deals 200 --seed 7 --samples 8

Prints one JSON object.  (The project's ``skat bench duel`` is the official
benchmark; this script measures the Officers' expert on its own meanwhile.)
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from skat.ai.base import Player, Thinking, View, rules_of
from skat.ai.effort import Effort
from skat.ai.expert.player import officers_decision
from skat.ai.heuristic.player import HeuristicPlayer
from skat.engine.officers import OfficersHand, OfficersObservation
from skat.engine.rules import OFFICERS, Rules

VARIANTS: dict[str, Rules] = {
    "officers": OFFICERS,
    "passing+null": OFFICERS.with_options(officers_passing=True, officers_null=True),
    "simple-points": OFFICERS.with_options(officers_scoring="simple_points", more_matadors=True),
    "harlequin": OFFICERS.with_options(officers_layout="harlequin"),
    "admirals": OFFICERS.with_options(officers_layout="admirals"),
}


class Expert(Player):
    def __init__(self, effort: Effort, rng: random.Random) -> None:
        super().__init__("strong", rng)
        self.effort = effort

    def think(self, view: View) -> Thinking:
        assert isinstance(view, OfficersObservation)
        return officers_decision(view, rules_of(view), self)


def play(rules: Rules, deck: list[int], players: list[Player], times: list[float], slices: list[float]) -> OfficersHand:
    h = OfficersHand(rules, deck)
    while not h.done:
        seat = h.to_move
        assert seat is not None
        obs = h.observe(seat)
        decision = players[seat].begin(obs)
        started = time.perf_counter()
        while True:
            t = time.perf_counter()
            done = decision.step(0.0)
            if isinstance(players[seat], Expert):
                slices.append(time.perf_counter() - t)
            if done:
                break
        if isinstance(players[seat], Expert) and len(obs.legal) > 1:
            times.append(time.perf_counter() - started)
        if decision.corrected:
            raise AssertionError(f"illegal action corrected in {obs.phase}")
        assert decision.action is not None
        h.apply(decision.action)
    return h


def ci(values: list[float]) -> tuple[float, float, float]:
    m = statistics.mean(values)
    se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return m, m - 1.96 * se, m + 1.96 * se


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--samples", type=int, default=8, help="fixed effort: sampled layouts per decision")
    ap.add_argument("--seconds", type=float, default=None, help="timed effort instead (not reproducible)")
    ap.add_argument("--variant", choices=sorted(VARIANTS), default="officers")
    args = ap.parse_args(argv)
    rules = VARIANTS[args.variant]
    effort = Effort.timed(args.seconds, min_samples=2) if args.seconds else Effort.fixed(args.samples)
    per_deal: list[float] = []
    a_points: list[float] = []
    b_points: list[float] = []
    times: list[float] = []
    slices: list[float] = []
    declared = [0, 0]
    won = [0, 0]
    calibration: dict[str, list[int]] = {}
    for k in range(args.deals):
        rng = random.Random(args.seed * 100_003 + k)
        deck = list(range(32))
        rng.shuffle(deck)
        total = 0.0
        for a_seat in (0, 1):
            expert = Expert(effort, random.Random(rng.random()))
            players: list[Player] = [expert, expert]
            players[1 - a_seat] = HeuristicPlayer("strong", random.Random(rng.random()))
            h = play(rules, deck, players, times, slices)
            r = h.result
            assert r is not None
            a, b = r.scores[a_seat], r.scores[1 - a_seat]
            a_points.append(a)
            b_points.append(b)
            total += a - b
            if r.declarer is not None and r.game != "ramsch":
                who = 0 if r.declarer == a_seat else 1
                declared[who] += 1
                won[who] += bool(r.won)
                if who == 0 and expert.last_estimate is not None:
                    bucket = f"{min(int(expert.last_estimate * 10), 9) / 10:.1f}"
                    cell = calibration.setdefault(bucket, [0, 0])
                    cell[0] += 1
                    cell[1] += bool(r.won)
        per_deal.append(total / 2)
    mean, lo, hi = ci(per_deal)
    times.sort()
    slices.sort()
    games = 2 * args.deals
    out = {
        "variant": args.variant,
        "deals": args.deals,
        "games": games,
        "seed": args.seed,
        "effort": {"seconds": args.seconds} if args.seconds else {"samples": args.samples},
        "a": "expert (officers_cards, officers_calls)",
        "b": "heuristic (strong)",
        "a_points_per_game": round(statistics.mean(a_points), 2),
        "b_points_per_game": round(statistics.mean(b_points), 2),
        "difference_per_game": round(mean, 2),
        "difference_ci95": [round(lo, 2), round(hi, 2)],
        "declared": {"a": declared[0], "b": declared[1]},
        "declarer_won": {"a": won[0], "b": won[1]},
        "calibration_a": {k: {"n": v[0], "won": round(v[1] / v[0], 2)} for k, v in sorted(calibration.items())},
        "decision_seconds": {
            "median": round(times[len(times) // 2], 3),
            "p90": round(times[int(len(times) * 0.9)], 3),
            "max": round(times[-1], 3),
        },
        "slice_ms": {"p99": round(slices[int(len(slices) * 0.99)] * 1000, 1), "max": round(slices[-1] * 1000, 1)},
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
