"""Defence A/B: several defenders against the same declarations, paired.

The duel's defence figure (:mod:`skat.lab.duel`) compares a declarer's games
against another player's defence with the same games against his own.  To
compare *defenders* (the expert against a variant of it) this plays only the
games that figure needs: each deal once with the declaring player (``--declarer``,
default the strong heuristic) in every seat, and, where he declares from seat
``d``, once per candidate defender with him in seat ``d`` and the candidate in
the two others.  The seats' generators and the game numbers are the duel's, so
the first candidate's figures equal the defence figure of ``skat bench duel
--a CANDIDATE --b DECLARER`` on the same seed, at about a third of its cost.

Each candidate's declarations are paired with the first candidate's on the same
deal (same declarer, same game): the JSON gives, per candidate, the declarer's win
rate and card points against it and against his own defence, and the paired
difference to the first candidate in the declarer's wins (with a 95% CI over
the declarations both candidates defended).

``PYTHONPATH=game python3 -m skat.lab.defence_ab --defenders expert expert-inf-choice --deals 100 --seed 4100 --jobs 2``
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .duel import (
    DEFAULT_SAMPLES,
    SKAT_SEATINGS,
    DuelConfig,
    GameRecord,
    deal_deck,
    make_duel_player,
    mean_ci,
    play_game,
)
from .parallel import unordered

REFERENCE_GAME = 7
"""The duel's game number of the all-declarer game (``BBB``), for the same seeded generators."""


@dataclass(frozen=True)
class Job:
    defenders: tuple[str, ...]
    declarer: str
    seed: int
    samples: int
    index: int


def defended_seating(seat: int) -> str:
    """The duel's seating with the declaring player B in ``seat`` and the defenders A in the others."""
    return "".join("B" if s == seat else "A" for s in range(3))


def play_deal(job: Job) -> dict[str, Any]:
    """The reference game and, if B declared in it, the same declaration against each candidate."""
    deck = deal_deck(job.seed, job.index)
    config = DuelConfig(job.defenders[0], job.declarer, "skat", "isko", job.seed, job.samples)
    _, own = play_game(config, deck, "BBB", REFERENCE_GAME, job.index)
    out: dict[str, Any] = {"index": job.index, "own": None, "against": {}}
    if own.declarer is None or not own.declaration:
        return out
    out["own"] = (own.declaration, own.won, own.declarer_points)
    seating = defended_seating(own.declarer)
    game_no = SKAT_SEATINGS.index(seating)
    for name in job.defenders:
        config = DuelConfig(name, job.declarer, "skat", "isko", job.seed, job.samples)
        _, record = play_game(config, deck, seating, game_no, job.index)
        if _same_declaration(record, own):
            out["against"][name] = (record.won, record.declarer_points)
    return out


def _same_declaration(record: GameRecord, own: GameRecord) -> bool:
    return record.declarer == own.declarer and record.declaration == own.declaration


def summarize(defenders: tuple[str, ...], deals: list[dict[str, Any]]) -> dict[str, Any]:
    base = defenders[0]
    result: dict[str, Any] = {}
    for name in defenders:
        rows = [(d["own"], d["against"][name]) for d in deals if d["own"] and name in d["against"]]
        n = len(rows)
        entry: dict[str, Any] = {
            "declarations": n,
            "declarer_win_rate": {
                "against": round(sum(a[0] for _, a in rows) / n, 4) if n else None,
                "against_own_defence": round(sum(o[1] for o, _ in rows) / n, 4) if n else None,
            },
            "declarer_card_points": {
                "against": round(sum(a[1] for _, a in rows) / n, 2) if n else None,
                "against_own_defence": round(sum(o[2] for o, _ in rows) / n, 2) if n else None,
            },
        }
        if n:
            entry["gap_pp"] = round(
                100 * (entry["declarer_win_rate"]["against_own_defence"] - entry["declarer_win_rate"]["against"]), 1
            )
        if name != base:
            paired = [
                float(d["against"][name][0]) - float(d["against"][base][0])
                for d in deals
                if d["own"] and name in d["against"] and base in d["against"]
            ]
            mean, lo, hi = mean_ci(paired)
            entry["declarer_wins_minus_base"] = {
                "paired": len(paired),
                "changed": sum(1 for x in paired if x),
                "mean": round(mean, 4),
                "ci95": [round(lo, 4), round(hi, 4)] if lo is not None and hi is not None else None,
            }
        result[name] = entry
    return result


def merge(outputs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several outputs of the same seed and declarer as one, paired with the first output's first defender."""
    if len({(o["seed"], o["declarer"], o["effort"]) for o in outputs}) != 1:
        raise ValueError("merged outputs must share the seed, the declarer and the effort")
    defenders: list[str] = []
    deals: dict[int, dict[str, Any]] = {}
    for o in outputs:
        defenders += [d for d in o["defenders"] if d not in defenders]
        for d in o["per_deal"]:
            row = deals.setdefault(d["index"], {"index": d["index"], "own": d["own"], "against": {}})
            row["against"].update(d["against"])
    rows = [deals[i] for i in sorted(deals)]
    return {
        "benchmark": "defence_ab",
        "declarer": outputs[0]["declarer"],
        "deals": min(o["deals"] for o in outputs),
        "seed": outputs[0]["seed"],
        "effort": outputs[0]["effort"],
        "defenders": summarize(tuple(defenders), rows),
        "per_deal": rows,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="defence_ab", description="Defenders against the same declarations; prints JSON."
    )
    parser.add_argument("--defenders", nargs="+", default=["expert"], help="candidates (the first is the base)")
    parser.add_argument("--declarer", default="heuristic")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--start", type=int, default=0, help="the first deal's number (to split a run)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument(
        "--merge", nargs="+", metavar="JSON", help="summarise earlier outputs on one seed together (no play)"
    )
    args = parser.parse_args(argv)
    if args.merge:
        print(json.dumps(merge([json.loads(Path(f).read_text()) for f in args.merge]), indent=1))
        return 0
    import random

    from ..ai.effort import Effort

    for name in (*args.defenders, args.declarer):
        try:
            make_duel_player(name, random.Random(0), Effort.fixed(1))
        except ValueError as exc:
            print(f"defence_ab: {exc}", file=sys.stderr)
            return 2
    defenders = tuple(args.defenders)
    indices = range(args.start, args.start + args.deals)
    jobs = [Job(defenders, args.declarer, args.seed, args.samples, i) for i in indices]
    started = time.perf_counter()
    done: list[dict[str, Any]] = []
    if args.jobs > 1:
        for d in unordered(play_deal, jobs, args.jobs):
            done.append(d)
            if args.progress:
                print(f"defence_ab: {len(done)}/{args.deals}", file=sys.stderr, flush=True)
    else:
        for job in jobs:
            done.append(play_deal(job))
            if args.progress:
                print(f"defence_ab: deal {job.index} done", file=sys.stderr, flush=True)
    done.sort(key=lambda d: d["index"])
    out = {
        "benchmark": "defence_ab",
        "declarer": args.declarer,
        "deals": args.deals,
        "seed": args.seed,
        "effort": f"fixed: {args.samples} sampled deals per decision (search players)",
        "defenders": summarize(defenders, done),
        "wall_seconds": round(time.perf_counter() - started, 1),
        "per_deal": [{"index": d["index"], "own": d["own"], "against": d["against"]} for d in done if d["own"]],
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
